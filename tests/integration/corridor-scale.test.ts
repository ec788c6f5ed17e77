import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Route, RoutingEngine } from "../../geo/routing/port";
import { parseFilters, search } from "../../geo/search";
import { LOCATION_COUNT_CAP } from "../../geo/search/filters";
import { listingFilterSql } from "../../geo/search/query";
import { EXACT_COUNT_BUDGET, corridorPage, planFromRoute, simplifiedIndices, type RoutePlan } from "../../geo/search/route";
import { connectTestDatabase } from "../support/database";

// The route corridor at scale: a data set made here (in a transaction that is rolled back) with more
// than 10,000 listings inside one corridor, along a route that doubles back on itself, in a corner of
// the map the demo data leaves empty (southern Finland). The walk's pages are compared with a
// brute-force ordering of every listing against every piece of the route at once.
const { sql, close } = connectTestDatabase();
let tx: postgres.ReservedSql;
const CORRIDOR = 8046.72; // 5 miles
const LISTINGS = 14_000;
const RARE_FACILITY = 32_000;

function haversine(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b[1] - a[1]) * rad) / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(((b[0] - a[0]) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

function routeThrough(coordinates: [number, number][]): Route {
  const measures = [{ metres: 0, seconds: 0 }];
  for (let i = 1; i < coordinates.length; i++) {
    const metres = measures[i - 1].metres + haversine(coordinates[i - 1], coordinates[i]);
    measures.push({ metres, seconds: metres / 25 });
  }
  const last = measures[measures.length - 1];
  return { distanceMetres: last.metres, durationSeconds: last.seconds, coordinates, measures, legs: [], connectors: [] };
}

/** The same route with `vertices` points, added along its straight stretches (so the line is the same). */
function densify(route: Route, vertices: number): Route {
  const segments = route.coordinates.length - 1;
  const per = Math.floor((vertices - 1) / segments);
  const coordinates: [number, number][] = [];
  const measures: Route["measures"] = [];
  for (let i = 0; i < segments; i++) {
    const extra = i === segments - 1 ? vertices - 1 - per * (segments - 1) : per;
    const [a, b] = [route.coordinates[i], route.coordinates[i + 1]];
    const [ma, mb] = [route.measures[i], route.measures[i + 1]];
    for (let k = 0; k < extra; k++) {
      const t = k / extra;
      coordinates.push(k === 0 ? a : [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      measures.push(k === 0 ? ma : { metres: ma.metres + (mb.metres - ma.metres) * t, seconds: ma.seconds + (mb.seconds - ma.seconds) * t });
    }
  }
  coordinates.push(route.coordinates[route.coordinates.length - 1]);
  measures.push(route.measures[route.measures.length - 1]);
  return { ...route, coordinates, measures };
}

// East along 62°N, up 0.075° (8.3 km, so the listings between the two passes are inside both corridors),
// back west most of the way, then north: the return pass is nearer than the outbound one for many listings.
const doublingBack = routeThrough([
  [25.0, 62.0],
  [25.6, 62.01],
  [26.0, 62.0],
  [26.0, 62.075],
  [25.5, 62.07],
  [25.15, 62.08],
  [25.15, 62.2],
]);

interface Expected {
  id: number;
  distance_m: number;
  distance_in_m: number;
  /** The time along the route and the point of the route the listing is measured from. */
  duration_in_s: number;
  ref_lng: number;
  ref_lat: number;
}

/** Every listing against every piece at once: nearest piece (ties: the earlier point), then ordered along the route, ties by id. */
async function bruteForce(plan: RoutePlan, filters: Record<string, unknown> = {}, startMetres = 0): Promise<Expected[]> {
  const p = plan.pieces;
  const where = listingFilterSql(tx, parseFilters({ searchType: "route", from: "a", to: "b", ...filters }));
  return tx<Expected[]>`
    SELECT id, distance_m, distance_in_m, s0 + f * (s1 - s0) AS duration_in_s, x0 + f * (x1 - x0) AS ref_lng, y0 + f * (y1 - y0) AS ref_lat FROM (
      SELECT DISTINCT ON (l.id) l.id, ST_Distance(l.location, g.g, false) AS distance_m, g.m0 + f.f * (g.m1 - g.m0) AS distance_in_m, f.f, g.s0, g.s1, g.x0, g.x1, g.y0, g.y1
      FROM (
        SELECT ST_SetSRID(ST_MakeLine(ST_MakePoint(x0, y0), ST_MakePoint(x1, y1)), 4326)::geography AS g, x0, y0, x1, y1, m0, m1, s0, s1,
               cos(radians((y0 + y1) / 2)) ^ 2 AS k2, greatest(1e-18, cos(radians((y0 + y1) / 2)) ^ 2 * (x1 - x0) ^ 2 + (y1 - y0) ^ 2) AS len2
        FROM unnest(${p.x0}::float8[], ${p.y0}::float8[], ${p.x1}::float8[], ${p.y1}::float8[], ${p.m0}::float8[], ${p.m1}::float8[],
                    ${p.s0}::float8[], ${p.s1}::float8[]) AS u(x0, y0, x1, y1, m0, m1, s0, s1)
      ) g
      CROSS JOIN listings l
      CROSS JOIN LATERAL (
        SELECT greatest(0, least(1, ((ST_X(l.location::geometry) - g.x0) * g.k2 * (g.x1 - g.x0) + (ST_Y(l.location::geometry) - g.y0) * (g.y1 - g.y0)) / g.len2)) AS f
      ) f
      WHERE ${where} AND ST_Distance(l.location, g.g, false) <= ${plan.corridorMetres}
      ORDER BY l.id, 2, 3
    ) nearest
    WHERE distance_in_m >= ${startMetres}
    ORDER BY distance_in_m, id`;
}

async function walk(plan: RoutePlan, page: number, limit: number, filters: Record<string, unknown> = {}, startMetres = 0) {
  const where = listingFilterSql(tx, parseFilters({ searchType: "route", from: "a", to: "b", ...filters }));
  return corridorPage(tx, plan, where, { sort: "distance_in", page, limit, includeMapPoints: false, startMetres });
}

const simple = planFromRoute(doublingBack, CORRIDOR);
const dense = planFromRoute(densify(doublingBack, 20_000), CORRIDOR);
let all: Expected[] = [];

beforeAll(async () => {
  tx = await sql.reserve();
  await tx`BEGIN`;
  // Deterministic: random() after setseed. Most listings fall between and around the two passes; some
  // share a point (a tie in distance along the route, broken by id); a few carry a rare facility.
  await tx`SELECT setseed(0.17)`;
  await tx`
    INSERT INTO listings (slug, type_id, walk_type, title, full_title, country_id, status, facility_ids, location)
    SELECT 'corridor-scale-' || n, t.type_id, t.path, 'Corridor ' || n, 'Corridor ' || n, (SELECT id FROM countries WHERE slug = 'france'),
           CASE WHEN n % 50 = 0 THEN 1 ELSE 2 END,
           CASE WHEN n % 40 = 0 THEN ARRAY[${RARE_FACILITY}]::smallint[] ELSE '{}'::smallint[] END,
           ST_SetSRID(ST_MakePoint(CASE WHEN n % 97 = 0 THEN 25.3 ELSE 24.95 + random() * 1.12 END,
                                   CASE WHEN n % 97 = 0 THEN 62.04 ELSE 61.93 + random() * 0.3 END), 4326)::geography
    FROM generate_series(1, ${LISTINGS}) AS n
    JOIN walk_types t ON t.path = (ARRAY['dog-walk', 'dog-friendly-pub', 'dog-friendly-beach', 'vet', 'dog-services'])[1 + n % 5]`;
  await tx`ANALYZE listings`;
  all = await bruteForce(simple);
}, 300_000);

afterAll(async () => {
  await tx`ROLLBACK`;
  tx.release();
  await close();
});

describe("route corridor at scale", () => {
  it("the data set is what the test needs: over 10,000 listings in one corridor, many nearest to the return pass", () => {
    expect(all.length).toBeGreaterThan(10_000);
    // Listings placed on the return pass (after the turn at 26°E) though the outbound pass saw them first.
    const turn = doublingBack.measures[3].metres;
    expect(all.filter((e) => e.distance_in_m > turn).length).toBeGreaterThan(2_000);
    // Ties in distance along the route exist (listings on one point) and are broken by id.
    const ties = all.filter((e, i) => i > 0 && e.distance_in_m === all[i - 1].distance_in_m);
    expect(ties.length).toBeGreaterThan(10);
  });

  it("first pages equal the brute-force ordering by distance along the route", async () => {
    for (const [page, limit] of [
      [1, 20],
      [2, 20],
      [7, 20],
      [1, 100],
      [3, 100],
    ]) {
      const got = await walk(simple, page, limit);
      const want = all.slice((page - 1) * limit, page * limit);
      expect(got.rows.map((r) => r.id), `page ${page} of ${limit}`).toEqual(want.map((e) => e.id));
      got.rows.forEach((r, i) => {
        expect(r.distance_in_m).toBeCloseTo(want[i].distance_in_m, 6);
        // Worked out from the listing's piece and its place along it (decision 0182): the same as the SQL's.
        expect(r.duration_in_s).toBeCloseTo(want[i].duration_in_s, 6);
        expect(r.ref_lng).toBeCloseTo(want[i].ref_lng, 9);
        expect(r.ref_lat).toBeCloseTo(want[i].ref_lat, 9);
      });
    }
  });

  it("a page that reaches past the turn is exact too (listings nearer the return pass are not on it early)", async () => {
    const turn = doublingBack.measures[3].metres;
    const index = all.findIndex((e) => e.distance_in_m > turn);
    const page = Math.floor(index / 100) + 1;
    const got = await walk(simple, page, 100);
    expect(got.rows.map((r) => r.id)).toEqual(all.slice((page - 1) * 100, page * 100).map((e) => e.id));
  });

  it("the total is an honest lower bound when the corridor is large, exact when it is small", async () => {
    const big = await walk(simple, 1, 20);
    expect(big.totalIsCapped).toBe(true);
    expect(big.total).toBeGreaterThanOrEqual(EXACT_COUNT_BUDGET);
    expect(big.total).toBeLessThanOrEqual(all.length);

    const rare = await bruteForce(simple, { facilities: [RARE_FACILITY] });
    expect(rare.length).toBeGreaterThan(100);
    expect(rare.length).toBeLessThan(EXACT_COUNT_BUDGET);
    const small = await walk(simple, 2, 20, { facilities: [RARE_FACILITY] });
    expect(small.totalIsCapped).toBe(false);
    expect(small.total).toBe(rare.length);
    expect(small.rows.map((r) => r.id)).toEqual(rare.slice(20, 40).map((e) => e.id));
  });

  it("starting from a point of the journey: the same ordering from that distance on", async () => {
    const startMetres = doublingBack.measures[4].metres - 3_000;
    const want = await bruteForce(simple, {}, startMetres);
    const got = await walk(simple, 1, 50, {}, startMetres);
    expect(got.rows.map((r) => r.id)).toEqual(want.slice(0, 50).map((e) => e.id));
    const rare = await bruteForce(simple, { facilities: [RARE_FACILITY] }, startMetres);
    const small = await walk(simple, 1, 20, { facilities: [RARE_FACILITY] }, startMetres);
    expect(small.total).toBe(rare.length);
    expect(small.rows.map((r) => r.id)).toEqual(rare.slice(0, 20).map((e) => e.id));
  });

  it("the route densified to 20,000 vertices gives the same results as the simplified one", async () => {
    expect(dense.route.coordinates).toHaveLength(20_000);
    expect(simplifiedIndices(dense.route.coordinates)).toHaveLength(doublingBack.coordinates.length);
    expect(dense.pieces).toEqual(simple.pieces);
    for (const [page, limit] of [
      [1, 20],
      [4, 100],
    ]) {
      const a = await walk(simple, page, limit);
      const b = await walk(dense, page, limit);
      expect(b.rows).toEqual(a.rows);
      expect(b.total).toBe(a.total);
    }
  });

  it("map points are a capped sample spread along the whole route", async () => {
    const where = listingFilterSql(tx, parseFilters({ searchType: "route", from: "a", to: "b" }));
    const page = await corridorPage(tx, simple, where, { sort: "distance_in", page: 1, limit: 20, includeMapPoints: true });
    expect(page.mapPoints.length).toBeGreaterThan(1_000);
    expect(page.mapPoints.length).toBeLessThanOrEqual(5_000);
    expect(new Set(page.mapPoints.map((m) => m.id)).size).toBe(page.mapPoints.length);
    // Both ends of the drive are on the map, not only its start.
    expect(page.mapPoints.some((m) => m.lat > 62.15)).toBe(true);
    expect(page.mapPoints.some((m) => m.lng > 25.9)).toBe(true);
  });
});

// The same data set for a location search: more listings inside the circle than a location search counts.
describe("location search at scale", () => {
  const centre = { lat: 62.03, lng: 25.5 };
  const notRouting: RoutingEngine = {
    route: () => {
      throw new Error("a location search never asks for a route");
    },
  } as unknown as RoutingEngine;
  const inCircle = (miles: number) => tx<{ id: number; metres: number }[]>`
    SELECT id, ST_Distance(location, ST_SetSRID(ST_MakePoint(${centre.lng}, ${centre.lat}), 4326)::geography, false) AS metres
    FROM listings WHERE status = 2 AND ST_Distance(location, ST_SetSRID(ST_MakePoint(${centre.lng}, ${centre.lat}), 4326)::geography, false) <= ${miles * 1609.344}
    ORDER BY metres, id`;

  it("past LOCATION_COUNT_CAP the total is an honest 'over' and the first page is still the nearest listings", async () => {
    const expected = await inCircle(10);
    expect(expected.length).toBeGreaterThan(LOCATION_COUNT_CAP);
    const response = await search(tx, notRouting, parseFilters({ searchType: "location", location: `${centre.lat},${centre.lng}`, distance: 10, limit: 50 }));
    expect(response.pagination).toMatchObject({ total: LOCATION_COUNT_CAP, totalIsCapped: true });
    expect(response.results.map((r) => r.location.id)).toEqual(expected.slice(0, 50).map((e) => e.id));
  });

  it("below the cap the total is exact", async () => {
    const expected = await inCircle(1);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(LOCATION_COUNT_CAP);
    const response = await search(tx, notRouting, parseFilters({ searchType: "location", location: `${centre.lat},${centre.lng}`, distance: 1, limit: 20 }));
    expect(response.pagination).toMatchObject({ total: expected.length, totalIsCapped: false });
  });
});
