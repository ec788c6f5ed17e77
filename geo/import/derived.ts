import type { Pool, SqlClient } from "../../db/client";
import { attachNearestJunctions, roadPlaceRows, type ListingScope } from "../road-links";
import { applyStage, staged, type ImportChanges } from "./stage";

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

/** Each listing's nearest junction within 8 km, and that junction's road, as a save would set them. */
export async function listingRoads(tx: SqlClient, scope: ListingScope): Promise<ImportChanges> {
  const changed = await attachNearestJunctions(tx, scope);
  return { "listings (nearest road and junction)": { added: 0, changed, removed: 0 } };
}

/** What follows a change of roads or junctions, inside the swap transaction. */
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
