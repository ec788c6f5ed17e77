import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PendingQuery, Row } from "postgres";
import { connect, type DatabaseHandle } from "../../db/client";
import { generateDemo } from "../../db/seed/generate";
import { BULK_LISTINGS } from "../../db/seed/listings";
import { parseFilters } from "../../geo/search";
import { browseCandidates } from "../../geo/search/browse";
import { locationCandidates } from "../../geo/search/location";
import { roadCandidates } from "../../geo/search/road";
import { groupFilterSql, listingFilterSql, orderSql } from "../../geo/search/query";
import { corridorCandidates, planFromRoute } from "../../geo/search/route";
import type { Sort } from "../../geo/search/filters";
import { createScratchDatabase, indexesAndConstraints, migrateDatabase } from "../support/database";

// EXPLAIN evidence that each search reads its index on a large data set: 50,000 listings, the smallest load
// the generator makes without their indexes and foreign keys (BULK_LISTINGS), which the first test checks; the
// benchmark uses a million. No local roads: no statement here reads the routing graph (decision 0332: the
// same plans as with 150,000 listings and 60,000 local roads, and each test fails when its index is dropped).
const LISTINGS = BULK_LISTINGS;
const BULK_TABLES = ["listings", "listing_versions"];

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let handle: DatabaseHandle;
/** The listings tables' indexes and constraints right after the migrations, before the bulk load. */
let migrated: string[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase("pawroute_explain");
  handle = connect(scratch.url, { max: 2 });
  await migrateDatabase(handle);
  migrated = await indexesAndConstraints(handle, BULK_TABLES);
  await generateDemo(handle.sql, { seed: "explain", listings: LISTINGS, localRoads: 0 }, { step: () => undefined, listings: () => undefined });
}, 600_000);

describe(`the bulk load (${LISTINGS.toLocaleString("en-GB")} listings drop their indexes and foreign keys while they load)`, () => {
  it("leaves every index and constraint as the migrations made it, the foreign keys validated", async () => {
    expect(migrated.some((line) => line.includes("FOREIGN KEY (listing_id) REFERENCES listings(id)"))).toBe(true);
    expect(migrated.filter((line) => line.includes("FOREIGN KEY")).length).toBeGreaterThanOrEqual(7);
    expect(await indexesAndConstraints(handle, BULK_TABLES)).toEqual(migrated);
  });
});

afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
});

type Plan = { "Node Type": string; "Index Name"?: string; Plans?: Plan[] };
type VerbosePlan = { "Node Type": string; Output?: string[]; Plans?: VerbosePlan[] };

function indexesIn(plan: Plan): string[] {
  return [...(plan["Index Name"] ? [`${plan["Node Type"]}:${plan["Index Name"]}`] : []), ...(plan.Plans ?? []).flatMap(indexesIn)];
}

async function explain(query: PendingQuery<Row[]>): Promise<string[]> {
  const [row] = await handle.sql<{ "QUERY PLAN": { Plan: Plan }[] }[]>`EXPLAIN (FORMAT JSON) ${query}`;
  return indexesIn(row["QUERY PLAN"][0].Plan);
}

function firstPage(candidates: PendingQuery<Row[]>, sort: Sort) {
  const { sql } = handle;
  return sql`SELECT c.* FROM (${candidates}) c ORDER BY ${orderSql(sql, sort)} LIMIT 20`;
}

const filters = (raw: Record<string, unknown>) => parseFilters({ searchType: "browse", ...raw });

describe("the searches use their indexes on a large data set", () => {
  it("location: the partial GiST index on live listings (KNN order, or the circle's few rows sorted)", async () => {
    const { sql } = handle;
    const where = listingFilterSql(sql, filters({}));
    const plan = await explain(firstPage(locationCandidates(sql, { lat: 53.48, lng: -2.24 }, 8046.7, where), "distance_away"));
    // With the listings stored in geohash order (decision 0173) the planner may read the circle through a
    // bitmap of the same index and sort its rows when it expects few; on the million listings it walks
    // the index in distance order. Either way the index, never every listing.
    expect(plan.filter((p) => p.endsWith(":listings_location_live"))).toHaveLength(1);
    expect(plan.every((p) => p === "Index Scan:listings_location_live" || p === "Bitmap Index Scan:listings_location_live")).toBe(true);
  });

  it("nearby: the same GiST index, with a type filter", async () => {
    const { sql } = handle;
    const where = listingFilterSql(sql, filters({ types: [2] }));
    const plan = await explain(firstPage(locationCandidates(sql, { lat: 51.5, lng: -0.12 }, 482.8, where), "distance_away"));
    expect(plan).toContain("Index Scan:listings_location_live");
  });

  it("browse by road: junction order and distance from the junction read off an index", async () => {
    const { sql } = handle;
    const [road] = await sql<{ id: number }[]>`SELECT id FROM roads WHERE name = 'M6'`;
    const plan = await explain(firstPage(roadCandidates(sql, road.id, listingFilterSql(sql, filters({})), null), "junction"));
    // Either the listings' own (junction position, distance) index, or the road's junctions in position
    // order, each junction's listings through their junction index (an incremental sort within a junction).
    const inJunctionOrder =
      plan.some((p) => p.endsWith(":listings_junction_order_live")) ||
      (plan.includes("Index Scan:junctions_road_position") && plan.some((p) => p.endsWith(":listings_junction")));
    expect(inJunctionOrder, plan.join(", ")).toBe(true);
  });

  it("route corridor: each short piece of the route probes the GiST index", async () => {
    const { sql } = handle;
    const coordinates: [number, number][] = [
      [-0.1276, 51.5072],
      [-1.1398, 52.6369],
      [-1.5478, 53.7965],
    ];
    const route = { distanceMetres: 300_000, durationSeconds: 10_800, coordinates, measures: [{ metres: 0, seconds: 0 }, { metres: 150_000, seconds: 5_400 }, { metres: 300_000, seconds: 10_800 }], legs: [], connectors: [] };
    const plan = planFromRoute(route, 8046.7);
    // Pieces far apart probe the index one by one; pieces close together (the first kilometres) share one probe.
    const spread = await explain(corridorCandidates(sql, plan, listingFilterSql(sql, filters({}))));
    expect(spread.some((p) => p.endsWith(":listings_location_live"))).toBe(true);
    const together = await explain(corridorCandidates(sql, plan, listingFilterSql(sql, filters({})), [0, 1]));
    expect(together.some((p) => p.endsWith(":listings_location_live"))).toBe(true);
  });

  it("route corridor: each piece's line is made once, where the pieces are read, not again for each listing near it", async () => {
    const { sql } = handle;
    const coordinates: [number, number][] = [
      [-0.1276, 51.5072],
      [-1.1398, 52.6369],
    ];
    const route = { distanceMetres: 150_000, durationSeconds: 5_400, coordinates, measures: [{ metres: 0, seconds: 0 }, { metres: 150_000, seconds: 5_400 }], legs: [], connectors: [] };
    const [row] = await sql<{ "QUERY PLAN": { Plan: VerbosePlan }[] }[]>`
      EXPLAIN (VERBOSE, FORMAT JSON) ${corridorCandidates(sql, planFromRoute(route, 8046.7), listingFilterSql(sql, filters({})))}`;
    const nodes = (plan: VerbosePlan): VerbosePlan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];
    const pieces = nodes(row["QUERY PLAN"][0].Plan).filter((n) => n["Node Type"] === "Function Scan");
    // Decision 0182: without the pieces' OFFSET 0 the planner pulls the subquery up, and ST_MakeLine runs per pair.
    expect(pieces).toHaveLength(1);
    expect(pieces[0].Output?.some((column) => column.includes("st_makeline"))).toBe(true);
  });

  it("browse by popularity: the popularity index, no sort of every listing", async () => {
    const { sql } = handle;
    const plan = await explain(firstPage(browseCandidates(sql, listingFilterSql(sql, filters({ types: [5] })), null), "popularity"));
    expect(plan).toContain("Index Scan:listings_popularity_live");
  });

  it("road counts: read from the small per-road aggregate, never from every listing", async () => {
    const { sql } = handle;
    const [row] = await sql<{ "QUERY PLAN": { Plan: Plan }[] }[]>`
      EXPLAIN (FORMAT JSON) SELECT g.road_id, sum(g.n) FROM road_listing_groups g WHERE ${groupFilterSql(sql, filters({ types: [1] }))} GROUP BY g.road_id`;
    const text = JSON.stringify(row["QUERY PLAN"]);
    expect(text).toContain('"Relation Name":"road_listing_groups"');
    expect(text).not.toContain('"Relation Name":"listings"');
  });
});
