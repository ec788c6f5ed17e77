// What ties listings and gazetteer entries to the roads, rebuilt the same way by the importer (a whole
// country or one source's listings, in the swap transaction) and by the back office (one road): each
// listing's nearest junction and road, as a save sets them, and the roads' and junctions' places.
import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../db/client";
import { live } from "./listing";

/** A listing further than this from every junction belongs to no road (as when a listing is saved). */
export const JUNCTION_RADIUS_METRES = 8_047;

/** The listings whose nearest junction is refreshed. */
export type ListingScope =
  | { country: number }
  /** The listings an import source brought (`source_id` is "<source>:<id>"). */
  | { source: string }
  /** The listings that were attached to the road or now lie near one of its junctions. */
  | { roadId: number; listingIds: number[] }
  /** An import's: the listings of its snapshot of links (geo/import/derived.ts) and those of a country or source. */
  | { imported: { country: number } | { source: string } };

/** The scope as a condition on listings `l`. */
export function listingCondition(sql: SqlClient, scope: ListingScope): PendingQuery<Row[]> {
  if ("country" in scope) return sql`l.country_id = ${scope.country}`;
  if ("imported" in scope) return sql`(l.id IN (SELECT id FROM pg_temp.listing_links_before) OR ${listingCondition(sql, scope.imported)})`;
  if ("source" in scope) return sql`l.source_id LIKE ${`${scope.source}:%`}`;
  return sql`l.id IN (
      SELECT unnest(${scope.listingIds}::int[])
      UNION
      -- Live listings through their spatial index (listings_location_live); the few others by status.
      SELECT n.id FROM junctions j JOIN listings n ON ${live(sql, "n")} AND ST_DWithin(n.location, j.geom::geography, ${JUNCTION_RADIUS_METRES})
      WHERE j.road_id = ${scope.roadId}
      UNION
      SELECT n.id FROM junctions j JOIN listings n ON NOT ${live(sql, "n")} AND ST_DWithin(n.location, j.geom::geography, ${JUNCTION_RADIUS_METRES})
      WHERE j.road_id = ${scope.roadId}
    )`;
}

/**
 * The junction nearest to `point` (a geography) within JUNCTION_RADIUS_METRES, as (id, road_id): the one
 * definition of a listing's junction, used when a listing is saved and when roads or imports re-attach
 * listings. Ties go to the lower junction id. The bounding-box test (0.2°, wider than 8 km up to 68°N)
 * lets the junctions' GiST index prune before the exact distance.
 */
export function nearestJunctionSql(sql: SqlClient, point: PendingQuery<Row[]>): PendingQuery<Row[]> {
  return sql`
    SELECT j.id, j.road_id FROM junctions j
    WHERE j.geom && ST_Expand(${point}::geometry, 0.2) AND ST_DWithin(j.geom::geography, ${point}, ${JUNCTION_RADIUS_METRES})
    ORDER BY j.geom <-> ${point}::geometry, j.id LIMIT 1`;
}

/**
 * The junction nearest to a point (WGS84 degrees) and its road, or null when none lies within
 * JUNCTION_RADIUS_METRES: `nearestJunctionSql` run on the client it is handed (a pool, or the transaction
 * a listing is saved in, so the junction is read in that transaction).
 */
export async function nearestJunction(sql: SqlClient, point: { lat: number; lng: number }): Promise<{ id: number; road_id: number } | null> {
  const location = sql`ST_SetSRID(ST_MakePoint(${point.lng}::float8, ${point.lat}::float8), 4326)::geography`;
  const [junction] = await sql<{ id: number; road_id: number }[]>`${nearestJunctionSql(sql, location)}`;
  return junction ?? null;
}

/** Each listing in scope gets its nearest junction within 8 km and that junction's road. Returns how many changed. */
export async function attachNearestJunctions(sql: SqlClient, scope: ListingScope): Promise<number> {
  const result = await sql`
    WITH nearest AS (
      SELECT l.id, j.id AS junction_id, j.road_id
      FROM listings l
      LEFT JOIN LATERAL (${nearestJunctionSql(sql, sql`l.location`)}) j ON true
      WHERE ${listingCondition(sql, scope)}
    )
    UPDATE listings l SET junction_id = n.junction_id, road_id = n.road_id
    FROM nearest n WHERE n.id = l.id AND (l.junction_id, l.road_id) IS DISTINCT FROM (n.junction_id, n.road_id)`;
  return result.count;
}

/**
 * The gazetteer rows ("M6", "M6 J15") of the roads `roadCondition` (on `r`) picks and their junctions,
 * in the columns of `places`, each with the admin areas of its nearest town. SQL text: the caller runs
 * it with its own parameters.
 */
export function roadPlaceRows(roadCondition: string): string {
  return `
    WITH items AS (
      SELECT 'road'::text AS kind, r.name, r.name || ' ' || replace(replace(r.name, '(', ''), ')', '') AS words, r.country_id, r.id AS ref_id,
             ST_LineInterpolatePoint(r.geom, 0.5) AS point
      FROM roads r WHERE ${roadCondition}
      UNION ALL
      SELECT 'junction', r.name || ' ' || j.expanded_name || coalesce(' (' || j.town || ')', ''),
             r.name || ' J' || j.number || ' ' || r.name || ' ' || j.expanded_name || coalesce(' ' || j.town, ''), r.country_id, j.id, j.geom
      FROM junctions j JOIN roads r ON r.id = j.road_id WHERE ${roadCondition}
    )
    SELECT i.kind, i.ref_id, i.name, btrim(regexp_replace(lower(public.unaccent(i.words)), '\\s+', ' ', 'g')) AS search_name, 0 AS population,
           i.country_id, town.admin1, town.admin2, i.point::geography AS location
    FROM items i
    LEFT JOIN LATERAL (
      SELECT p.admin1, p.admin2 FROM places p WHERE p.kind IN ('city', 'town', 'village') AND p.country_id = i.country_id
      ORDER BY p.location <-> i.point::geography, p.id LIMIT 1
    ) town ON true`;
}
