import { walkTypeOfPath, type WalkTypePath } from "../../core/walk-types";

/** How the search pages name each listing type (spec §1 codes). */
export const LISTING_TYPES = [
  { id: 1, one: "Walk", many: "Walks", theme: "walk" },
  { id: 2, one: "Pub or café", many: "Pubs and cafés", theme: "pub" },
  { id: 3, one: "Beach", many: "Beaches", theme: "beach" },
  { id: 4, one: "Member business", many: "Member businesses", theme: "business" },
  { id: 5, one: "Vet", many: "Vets", theme: "vet" },
] as const;

export function listingType(id: number): { id: number; one: string; many: string; theme: string } {
  return LISTING_TYPES.find((type) => type.id === id) ?? { id, one: "Place", many: "Places", theme: "other" };
}

/** Member businesses that are accommodation or dog services are named by what they are (decision 0136). */
const BUSINESS_KINDS: Partial<Record<WalkTypePath, string>> = { "dog-friendly-accommodation": "Accommodation", "dog-services": "Dog services" };

/** What one listing is, for its chip on a card or in a list: its type, or for a member business its kind (from its URL's walk type). */
export function listingKindName(typeId: number, url: string): string {
  const walkType = walkTypeOfPath(url);
  return (walkType ? BUSINESS_KINDS[walkType] : undefined) ?? listingType(typeId).one;
}

/** What a search looks for, in words: "Walks with a pub", "Pubs and cafés and vets", "Dog-friendly places". */
export function describeTypes(f: { types: readonly number[]; allWalks: boolean; pubWalks: boolean; beachWalks: boolean; accommodation: boolean; dogServices: boolean }): string {
  const parts: string[] = [];
  if (f.pubWalks && f.beachWalks) parts.push("walks with a pub or a beach");
  else if (f.pubWalks) parts.push("walks with a pub");
  else if (f.beachWalks) parts.push("walks with a beach");
  else if (f.allWalks && !f.types.includes(1)) parts.push("walks");
  const someBusinesses = f.accommodation || f.dogServices;
  for (const id of f.types) {
    if (id === 1 && (f.pubWalks || f.beachWalks)) continue;
    if (id === 4 && someBusinesses) continue;
    parts.push(listingType(id).many.toLowerCase());
  }
  if (f.accommodation) parts.push("dog-friendly accommodation");
  if (f.dogServices) parts.push("dog services");
  if (parts.length === 0) return "Dog-friendly places";
  const text = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
