import type { Pool, SqlClient } from "../../db/client";
import { applyStage, staged, type ImportChanges } from "./stage";

/** A listing further than this from every junction belongs to no road (as when a listing is saved). */
export const JUNCTION_RADIUS_METRES = 8_047;

/**
 * The gazetteer entries of the country's roads and junctions ("M6", "M6 J15"), rebuilt from the
 * live roads in the swap transaction and applied by (kind, ref_id), so unchanged roads keep their rows.
 */
async function roadPlaces(tx: SqlClient, country: number): Promise<ImportChanges> {
  const P = staged("road_places");
  await tx.unsafe(`DROP TABLE IF EXISTS ${P}`);
  await tx.unsafe(`
    CREATE UNLOGGED TABLE ${P} AS
    WITH items AS (
      SELECT 'road'::text AS kind, r.name, r.name || ' ' || replace(replace(r.name, '(', ''), ')', '') AS words, r.country_id, r.id AS ref_id,
             ST_LineInterpolatePoint(r.geom, 0.5) AS point
      FROM roads r WHERE r.country_id = ${country}
      UNION ALL
      SELECT 'junction', r.name || ' ' || j.expanded_name || coalesce(' (' || j.town || ')', ''),
             r.name || ' J' || j.number || ' ' || r.name || ' ' || j.expanded_name || coalesce(' ' || j.town, ''), r.country_id, j.id, j.geom
      FROM junctions j JOIN roads r ON r.id = j.road_id WHERE r.country_id = ${country}
    )
    SELECT i.kind, i.ref_id, i.name, btrim(regexp_replace(lower(public.unaccent(i.words)), '\\s+', ' ', 'g')) AS search_name, 0 AS population,
           i.country_id, town.admin1, town.admin2, i.point::geography AS location
    FROM items i
    LEFT JOIN LATERAL (
      SELECT p.admin1, p.admin2 FROM places p WHERE p.kind IN ('city', 'town', 'village') AND p.country_id = i.country_id
      ORDER BY p.location <-> i.point::geography, p.id LIMIT 1
    ) town ON true`);
  const places = await applyStage(tx, {
    table: "places",
    stage: P,
    key: ["kind", "ref_id"],
    columns: ["name", "search_name", "population", "country_id", "admin1", "admin2", "location"],
    scope: `t.kind IN ('road', 'junction') AND t.country_id = ${country}`,
  });
  return { "places (roads and junctions)": places };
}

/** Each listing's nearest junction within 8 km, and that junction's road, as a save would set them. */
export async function listingRoads(tx: SqlClient, which: string): Promise<ImportChanges> {
  const result = await tx.unsafe(`
    WITH nearest AS (
      SELECT l.id, j.id AS junction_id, j.road_id
      FROM listings l
      LEFT JOIN LATERAL (
        SELECT j.id, j.road_id FROM junctions j
        WHERE j.geom && ST_Expand(l.location::geometry, 0.2) AND ST_DWithin(j.geom::geography, l.location, ${JUNCTION_RADIUS_METRES})
        ORDER BY j.geom <-> l.location::geometry, j.id LIMIT 1
      ) j ON true
      WHERE ${which}
    )
    UPDATE listings l SET junction_id = n.junction_id, road_id = n.road_id
    FROM nearest n WHERE n.id = l.id AND (l.junction_id, l.road_id) IS DISTINCT FROM (n.junction_id, n.road_id)`);
  return { "listings (nearest road and junction)": { added: 0, changed: result.count, removed: 0 } };
}

/** What follows a change of roads or junctions, inside the swap transaction. */
export async function refreshAfterRoads(tx: SqlClient, country: number): Promise<ImportChanges> {
  const changes = { ...(await roadPlaces(tx, country)), ...(await listingRoads(tx, `l.country_id = ${country}`)) };
  // Road counts per filter set are cached; the set of roads (and their listings) has changed.
  await tx`DELETE FROM road_count_cache`;
  return changes;
}

/**
 * After the swap has committed: planner statistics for what changed, so the routing tiers (which
 * read the planner's row estimates) and the searches plan for the new data (docs/decisions/0006).
 */
export async function analyse(sql: Pool, tables: string[]): Promise<void> {
  for (const table of tables) await sql.unsafe(`ANALYZE ${table}`);
}
