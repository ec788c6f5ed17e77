import type { SqlClient } from "../../db/client";
import { keptAnswers } from "../kept-answers";
import { tileAddress, type TileLayer } from "./address";
import { layerQuery } from "./layers";

export { MAX_TILE_ZOOM, TILE_LAYERS, TILE_MAX_AGE_SECONDS, tileAddress, wholeNumber, type TileAddress, type TileLayer } from "./address";

/**
 * One layer of one vector tile (Mapbox Vector Tile, EPSG:3857, 4096 units), encoded by PostGIS.
 * An empty buffer when the tile holds nothing. Throws AppError 404 for an unknown layer and 400 for
 * a zoom, column or row out of range.
 */
export async function tile(sql: SqlClient, layer: string, z: number, x: number, y: number): Promise<Buffer> {
  const address = tileAddress(layer, z, x, y);
  const work = () => layerQuery(sql, address).then(([row]) => row?.mvt ?? Buffer.alloc(0));
  const kept = REFERENCE_LAYERS.has(address.layer) ? keptTiles.get(sql) : undefined;
  return kept ? kept(`${address.layer}/${address.z}/${address.x}/${address.y}`, work) : work();
}

/**
 * The layers drawn from loaded data only (places, land, water, major roads): an operator's import changes
 * them, the back office never does. Every map a visitor opens asks for the same few dozen of their tiles,
 * each a PostGIS query of 5–15 ms; a process keeps them a while (decision 0327). Listings, roads and
 * junctions change in the back office and are always read afresh.
 */
export const REFERENCE_LAYERS: ReadonlySet<TileLayer> = new Set(["places", "land", "water", "major-roads"]);
/** Seconds a process keeps a reference layer's tile by default (browsers keep them a day: TILE_MAX_AGE_SECONDS). */
export const REFERENCE_TILE_SECONDS = 600;
/** Bytes of reference tiles kept at once per pool, least recently used out first. */
export const REFERENCE_TILE_BYTES = 32 * 1024 * 1024;

const KEPT_TILES = Symbol.for("pawroute.tiles.kept");
type KeptTiles = WeakMap<SqlClient, (key: string, work: () => Promise<Buffer>) => Promise<Buffer>>;
const keptTiles: KeptTiles = ((globalThis as { [KEPT_TILES]?: KeptTiles })[KEPT_TILES] ??= new WeakMap());

/** From now on `tile` on this pool keeps the reference layers' tiles for `seconds` (0: never). */
export function keepReferenceTiles(sql: SqlClient, { seconds = REFERENCE_TILE_SECONDS, now }: { seconds?: number; now?: () => number } = {}): void {
  if (seconds <= 0) {
    keptTiles.delete(sql);
    return;
  }
  keptTiles.set(sql, keptAnswers<Buffer>({ seconds, budget: REFERENCE_TILE_BYTES, weight: (buffer) => buffer.length + 64, now }));
}
