import { AppError } from "../../core/errors";

/** The layers the map draws, each its own tile source. */
export const TILE_LAYERS = ["listings", "roads", "junctions", "places", "land", "water", "major-roads"] as const;
export type TileLayer = (typeof TILE_LAYERS)[number];

export const MAX_TILE_ZOOM = 16;

export interface TileAddress {
  layer: TileLayer;
  z: number;
  x: number;
  y: number;
}

export function isTileLayer(layer: string): layer is TileLayer {
  return TILE_LAYERS.some((known) => known === layer);
}

/**
 * A checked tile address: an unknown layer is a 404, a zoom outside 0-16 or a column or row outside
 * the zoom's grid a 400.
 */
export function tileAddress(layer: string, z: number, x: number, y: number): TileAddress {
  if (!isTileLayer(layer)) throw new AppError(404, `There is no tile layer "${layer}"`, { code: "unknown-layer" });
  if (!Number.isInteger(z) || z < 0 || z > MAX_TILE_ZOOM) {
    throw new AppError(400, `Zoom must be a whole number from 0 to ${MAX_TILE_ZOOM}`, { fieldErrors: { z: `Please enter a zoom from 0 to ${MAX_TILE_ZOOM}` } });
  }
  const size = 2 ** z;
  if (!Number.isInteger(x) || x < 0 || x >= size) {
    throw new AppError(400, `x must be a whole number from 0 to ${size - 1} at zoom ${z}`, { fieldErrors: { x: `Please enter an x from 0 to ${size - 1}` } });
  }
  if (!Number.isInteger(y) || y < 0 || y >= size) {
    throw new AppError(400, `y must be a whole number from 0 to ${size - 1} at zoom ${z}`, { fieldErrors: { y: `Please enter a y from 0 to ${size - 1}` } });
  }
  return { layer, z, x, y };
}

/** A path segment that must be a whole number ("12"); anything else becomes NaN, which tileAddress rejects. */
export function wholeNumber(segment: string | undefined): number {
  return segment !== undefined && /^\d{1,6}$/.test(segment) ? Number(segment) : Number.NaN;
}

/**
 * How long browsers and CDNs may keep a tile: listings change, and so do roads and junctions (administrators
 * edit them, docs/decisions/0141); the rest is reference data.
 */
export const TILE_MAX_AGE_SECONDS: Record<TileLayer, number> = {
  listings: 3_600,
  roads: 3_600,
  junctions: 3_600,
  places: 86_400,
  land: 86_400,
  water: 86_400,
  "major-roads": 86_400,
};
