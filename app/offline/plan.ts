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
 * Sizes measured by `npm run bench:offline` on the demo data (uncompressed, as Cache Storage keeps
 * them): the estimate is these times what will be stored, plus the app's own files (its scripts and
 * styles, MapLibre and its worker, the glyphs), stored once for everything kept.
 */
export const ESTIMATE_BYTES = {
  page: 40_000,
  photo: 15_000,
  appFiles: 2_700_000,
  /** A tile's average over the seven layers (an empty one counts 0): big at country zooms, tiny close in. */
  tileByZoom: { 5: 3_400, 6: 3_300, 7: 2_500, 8: 1_500, 9: 500, 10: 250, 11: 40, 12: 25, 13: 20, 14: 16 } as Record<number, number>,
} as const;

/** The estimate of one tile URL (/tiles/{layer}/{z}/{x}/{y}.mvt) by its zoom. */
export function tileEstimate(url: string): number {
  return ESTIMATE_BYTES.tileByZoom[Number(url.split("/")[3])] ?? 1_500;
}

/** The form's fields: a plain post of these reaches /account/offline, which says offline needs JavaScript. */
export interface KeepTarget {
  kind: OfflineKind;
  id: string;
  title: string;
}
