import type { Pool, SqlClient } from "../../db/client";
import { attachNearestJunctions, listingCondition, roadPlaceRows, type ListingScope } from "../road-links";
import { applyStage, LISTING_LINKS, staged, type ImportChanges } from "./stage";

/**
 * The gazetteer entries of the country's roads and junctions ("M6", "M6 J15"), rebuilt from the
 * live roads in the swap transaction and applied by (kind, ref_id), so unchanged roads keep their rows.
 */
async function roadPlaces(tx: SqlClient, country: number): Promise<ImportChanges> {
  const P = staged("road_places");
  await tx.unsafe(`DROP TABLE IF EXISTS ${P}`);
  await tx.unsafe(`CREATE UNLOGGED TABLE ${P} AS ${roadPlaceRows(`r.country_id = ${country}`)}`);
  const places = await applyStage(tx, {
    table: "places",
    stage: P,
    key: ["kind", "ref_id"],
    columns: ["name", "search_name", "population", "country_id", "admin1", "admin2", "location"],
    scope: `t.kind IN ('road', 'junction') AND t.country_id = ${country}`,
  });
  return { "places (roads and junctions)": places };
}

/** The swap transaction's copy of listings' links before it changed anything (dropped with the transaction). */
const BEFORE = "pg_temp.listing_links_before";

/**
 * Takes each listing's junction and road before the swap changes roads, junctions or listings: the
 * listings `condition` (SQL on `l`) picks, plus every listing linked to a road or junction that
 * `linkedTo` (SQL on `r`, the roads) picks, because removing a junction clears its listings' links
 * (ON DELETE SET NULL) before any comparison could see them (issue 47: 309 French listings lost theirs
 * while the report said 0 changed).
 */
export async function snapshotListingLinks(tx: SqlClient, condition: string, linkedTo: string | null = null): Promise<void> {
  const linked = linkedTo
    ? `OR l.junction_id IN (SELECT j.id FROM junctions j JOIN roads r ON r.id = j.road_id WHERE ${linkedTo})
       OR l.road_id IN (SELECT r.id FROM roads r WHERE ${linkedTo})`
    : "";
  await tx.unsafe(`DROP TABLE IF EXISTS ${BEFORE}`);
  await tx.unsafe(`CREATE TEMP TABLE listing_links_before ON COMMIT DROP AS SELECT l.id, l.junction_id, l.road_id FROM listings l WHERE ${condition} ${linked}`);
  await tx.unsafe(`ALTER TABLE ${BEFORE} ADD PRIMARY KEY (id)`);
}

/**
 * Attaches each listing of the snapshot and of `scope` to its nearest junction, then counts against the
 * snapshot, however the change came about: listings that gained a road and junction (new listings
 * included), changed them, or lost them (cleared by a removed junction or moved away). A dry run
 * runs the same statements in the transaction it rolls back, so it reports the same counts.
 */
export async function listingRoads(tx: SqlClient, of: { country: number } | { source: string }): Promise<ImportChanges> {
  const scope: ListingScope = { imported: of };
  await attachNearestJunctions(tx, scope);
  const [counts] = await tx<{ gained: number; changed: number; lost: number }[]>`
    WITH compared AS (
      SELECT b.junction_id IS NOT NULL OR b.road_id IS NOT NULL AS had, l.junction_id IS NOT NULL OR l.road_id IS NOT NULL AS has,
             (b.junction_id, b.road_id) IS DISTINCT FROM (l.junction_id, l.road_id) AS differs
      FROM listings l LEFT JOIN pg_temp.listing_links_before b ON b.id = l.id
      WHERE b.id IS NOT NULL OR ${listingCondition(tx, scope)}
    )
    SELECT count(*) FILTER (WHERE NOT had AND has)::int AS gained, count(*) FILTER (WHERE had AND has AND differs)::int AS changed,
           count(*) FILTER (WHERE had AND NOT has)::int AS lost
    FROM compared`;
  return { [LISTING_LINKS]: { added: counts.gained, changed: counts.changed, removed: counts.lost } };
}

/** What follows a change of roads or junctions, inside the swap transaction (after snapshotListingLinks). */
export async function refreshAfterRoads(tx: SqlClient, country: number): Promise<ImportChanges> {
  const changes = { ...(await roadPlaces(tx, country)), ...(await listingRoads(tx, { country })) };
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
