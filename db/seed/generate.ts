import type { Pool, SqlClient } from "../client";
import { buildGraph, loadGraph, localRoadVertices } from "./graph";
import { readGeoNamesPlaces } from "./geonames";
import { loadLand } from "./land";
import { anchorsFrom, generateListings, loadListings } from "./listings";
import { loadExtraPlaces, loadTowns, townsOnLand } from "./places";
import { loadDemoPostcodes } from "./postcodes";
import { Random } from "./random";
import { loadRoads } from "./roads";
import { ensureDemoAccounts } from "./users";

/** Bump when the generator's output changes, so an old demo data set is replaced on the next start. */
export const GENERATOR_VERSION = 5;

export interface DemoOptions {
  seed: string;
  listings: number;
  /** Extra local-road vertices for benchmark-sized routing graphs (about 2.5 edges each); 0 for the demo. */
  localRoads?: number;
}

export interface DemoReporter {
  step(message: string): void;
  listings(done: number, total: number): void;
}

const DEMO_TABLES = ["listing_versions", "listings", "junctions", "roads", "routing_edges", "routing_vertices", "places", "coastline_parts", "land_parts", "land", "basemap_water"];

async function coastalTowns(sql: SqlClient): Promise<Set<number>> {
  const rows = await sql<{ id: number }[]>`
    SELECT p.id FROM places p
    WHERE p.kind IN ('city', 'town', 'village')
      AND EXISTS (
        SELECT 1 FROM coastline_parts c
        WHERE c.geom && ST_Expand(p.location::geometry, 0.06) AND ST_DWithin(c.geom::geography, p.location, 3000))`;
  return new Set(rows.map((r) => r.id));
}

/**
 * Replaces the demo data set in one transaction: land, gazetteer, roads and junctions, the routing
 * graph and listings, all from one seed. The same options give the same rows.
 */
export async function generateDemo(sql: Pool, options: DemoOptions, report: DemoReporter): Promise<void> {
  const geonames = await readGeoNamesPlaces();
  await sql.begin(async (tx) => {
    await tx.unsafe(`TRUNCATE ${DEMO_TABLES.join(", ")} RESTART IDENTITY CASCADE`);
    // The demo graph replaces an imported one: the basemap stops drawing its major roads (geo/tiles).
    await tx`DELETE FROM demo_meta WHERE key = 'osm-import'`;
    report.step("Land and coastline (Natural Earth)");
    await loadLand(tx);
    report.step(`Towns and villages (GeoNames): ${geonames.length.toLocaleString("en-GB")}`);
    const towns = await loadTowns(tx, geonames);
    const townsByGeonameId = new Map(towns.map((t) => [t.geonameId, t]));
    const roads = await loadRoads(tx, townsByGeonameId, towns.length + 1);
    report.step(`Roads: ${roads.length}, junctions: ${roads.reduce((n, r) => n + r.junctions.length, 0)}`);
    const local = await localRoadVertices(tx, new Random("local-roads"), towns, options.localRoads ?? 0);
    const vertices = [...towns, ...local];
    const edges = buildGraph(vertices, roads, townsByGeonameId);
    await loadGraph(tx, vertices, edges, towns.length);
    report.step(`Routing graph: ${vertices.length.toLocaleString("en-GB")} vertices, ${edges.length.toLocaleString("en-GB")} edges`);
    const anchors = anchorsFrom(roads, towns, await townsOnLand(tx), await coastalTowns(tx));
    const listings = generateListings(new Random(`${options.seed}:listings`), options.listings, anchors);
    report.step(`Listings: ${options.listings.toLocaleString("en-GB")}`);
    await loadListings(tx, listings, options.listings, (done) => report.listings(done, options.listings));
    // After every generated row, so their ids stay as they were.
    await loadExtraPlaces(tx);
    report.step(`Postcodes (demo set): ${await loadDemoPostcodes(tx)}`);
    await ensureDemoAccounts(tx);
    await tx`
      INSERT INTO demo_meta (key, value) VALUES ('demo', ${JSON.stringify({ ...options, localRoads: options.localRoads ?? 0, version: GENERATOR_VERSION })}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value, loaded_at = now()`;
  });
  report.step("Vacuuming and updating planner statistics");
  // VACUUM sets the visibility map, so counts can be answered from index-only scans.
  await sql`VACUUM ANALYZE`;
}
