import { parseDatabaseId } from "./ids";

/** The spec's walk-type path values of /{type}/{slug} (remix.config.js lists the same seven). */
export const WALK_TYPE_PATHS = ["dog-walk", "dog-friendly-pub", "dog-friendly-accommodation", "dog-friendly-beach", "dog-services", "member-business", "vet"] as const;
export type WalkTypePath = (typeof WALK_TYPE_PATHS)[number];

/** Each path's listing type (spec §1 codes) and how the listing form offers it. */
export const WALK_TYPES: Record<WalkTypePath, { typeId: number; label: string; schemaType: string }> = {
  "dog-walk": { typeId: 1, label: "Dog walk", schemaType: "TouristAttraction" },
  "dog-friendly-pub": { typeId: 2, label: "Dog-friendly pub or café", schemaType: "BarOrPub" },
  "dog-friendly-beach": { typeId: 3, label: "Dog-friendly beach", schemaType: "Beach" },
  "member-business": { typeId: 4, label: "Member business", schemaType: "LocalBusiness" },
  "dog-friendly-accommodation": { typeId: 4, label: "Dog-friendly accommodation", schemaType: "LodgingBusiness" },
  "dog-services": { typeId: 4, label: "Dog services", schemaType: "LocalBusiness" },
  vet: { typeId: 5, label: "Vet", schemaType: "VeterinaryCare" },
};

export function isWalkTypePath(value: string): value is WalkTypePath {
  return WALK_TYPE_PATHS.some((path) => path === value);
}

/** The walk-type segment of a listing route's URL: /dog-walk/… → dog-walk. */
export function walkTypeOfPath(pathname: string): WalkTypePath | null {
  const segment = pathname.split("/")[1] ?? "";
  return isWalkTypePath(segment) ? segment : null;
}

/** "walk" for walks, "listing" for everything else: the spec's walk|listing wording. */
export function listingNoun(typeId: number | null | undefined): "walk" | "listing" {
  return typeId === 1 ? "walk" : "listing";
}

/** A slug is lowercase letters, digits, underscore or hyphen (spec §2). */
export const SLUG_PATTERN = /^[a-z0-9_-]{1,200}$/;

/** /dog-walk/_{id}/history and /dog-walk/_{id}/directions: the modal variants address a listing by id. */
export function idFromSegment(segment: string): number | null {
  const match = /^_(\d{1,10})$/.exec(segment);
  if (!match) return null;
  return parseDatabaseId(match[1]);
}
