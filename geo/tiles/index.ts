import type { SqlClient } from "../../db/client";
import { tileAddress } from "./address";
import { layerQuery } from "./layers";

export { MAX_TILE_ZOOM, TILE_LAYERS, TILE_MAX_AGE_SECONDS, tileAddress, wholeNumber, type TileAddress, type TileLayer } from "./address";

/**
 * One layer of one vector tile (Mapbox Vector Tile, EPSG:3857, 4096 units), encoded by PostGIS.
 * An empty buffer when the tile holds nothing. Throws AppError 404 for an unknown layer and 400 for
 * a zoom, column or row out of range.
 */
export async function tile(sql: SqlClient, layer: string, z: number, x: number, y: number): Promise<Buffer> {
  const address = tileAddress(layer, z, x, y);
  const [row] = await layerQuery(sql, address);
  return row?.mvt ?? Buffer.alloc(0);
}
