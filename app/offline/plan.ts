// The plan of what to keep, as the server sends it and the browser stores it (shared types and figures).

export type OfflineKind = "list" | "trip" | "shared-trip" | "listing";

export interface OfflinePlan {
  /** "list:12", "trip:3", "shared-trip:{shareId}", "listing:45": one kept thing. */
  key: string;
  kind: "list" | "trip" | "listing";
  title: string;
  /** The page that opens it. */
  url: string;
  /** Pages stored as rendered (the first is `url`). */
  pages: string[];
  photos: string[];
  tiles: string[];
  listings: { title: string; url: string }[];
  /** What storing it is expected to take, in bytes, before the member confirms. */
  estimateBytes: number;
}

/**
 * Average sizes measured by `npm run bench:offline` (uncompressed, as Cache Storage keeps them): the
 * estimate is these times the counts of what will be stored, plus the app's own files once.
 */
export const ESTIMATE_BYTES = {
  page: 60_000,
  photo: 12_000,
  tile: 1_500,
  appFiles: 1_600_000,
} as const;

/** The form's fields: a plain post of these reaches /account/offline, which says offline needs JavaScript. */
export interface KeepTarget {
  kind: OfflineKind;
  id: string;
  title: string;
}
