import type { PendingQuery } from "postgres";
import type { SqlClient } from "../../db/client";
import { type GeocodeRow, placeColumnsSql, placeJoinsSql, toGeocodeResult } from "./result";
import type { GeocodeResult } from "./types";

/** Farther than this from every town and village, a point has no address (at sea, abroad). */
export const REVERSE_MAX_DISTANCE_METRES = 50_000;

/** The town or village nearest a point, or null when the nearest is more than 50 km away. */
export async function reverseGeocode(sql: SqlClient, lat: number, lng: number): Promise<GeocodeResult | null> {
  const [row] = await reverseGeocodeQuery(sql, lat, lng);
  return row ? toGeocodeResult(row) : null;
}

/** A KNN scan of the places_location GiST index (`location <-> point`) that stops at the first town. */
export function reverseGeocodeQuery(sql: SqlClient, lat: number, lng: number): PendingQuery<GeocodeRow[]> {
  const point = sql`ST_SetSRID(ST_MakePoint(${lng}::float8, ${lat}::float8), 4326)::geography`;
  return sql<GeocodeRow[]>`
    WITH nearest AS (
      SELECT p.id, p.location <-> ${point} AS distance_m
      FROM places p
      WHERE p.kind IN ('city', 'town', 'village')
      ORDER BY p.location <-> ${point}
      LIMIT 1
    )
    SELECT ${placeColumnsSql(sql)}
    FROM nearest n
    JOIN places p ON p.id = n.id
    ${placeJoinsSql(sql)}
    WHERE n.distance_m <= ${REVERSE_MAX_DISTANCE_METRES}`;
}
