import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, sql as appPool } from "../../app/db.server";
import { withRouteCache } from "../../geo/routing/cache";
import { createPgRoutingEngine, findPgRoutingPath } from "../../geo/routing/pgrouting";
import type { Route } from "../../geo/routing/port";
import { countedStatements } from "../support/database";
import { parseFilters } from "../../geo/search";
import { listingFilterSql } from "../../geo/search/query";
import { corridorPage, piecesAsText, planFromRoute, routePieces } from "../../geo/search/route";
import { milesToMetres } from "../../geo/units";

// Decision 0334: a kept route (one frozen object for every page that drives it, decision 0181) is cut into
// pieces once, and the corridor walk's arcs, frames and bounds are made once per pieces; a route not kept is
// cut every time. The pages answer the same. And a route's two ends are snapped and its path searched in one
// statement.
afterAll(() => closeDatabase());

const LONDON = { lat: 51.5074, lng: -0.1278 };
const LEEDS = { lat: 53.8008, lng: -1.5491 };
const YORK = { lat: 53.96, lng: -1.0873 };

/** A copy of a route that is not kept (not frozen): the plan cuts it anew. */
function notKept(route: Route): Route {
  return structuredClone(route) as Route;
}

describe("a kept route's plan (decision 0334)", () => {
  it("is cut into pieces once for a route the cache keeps, frozen, as the route itself cuts", async () => {
    const pool = appPool();
    const engine = withRouteCache(createPgRoutingEngine(pool), { seconds: 600 });
    const route = (await engine.route(LONDON, LEEDS)) as Route;
    expect(Object.isFrozen(route)).toBe(true);
    const first = planFromRoute(route, milesToMetres(5));
    const second = planFromRoute((await engine.route(LONDON, LEEDS)) as Route, milesToMetres(10));
    expect(second.pieces).toBe(first.pieces);
    expect(Object.isFrozen(first.pieces) && Object.values(first.pieces).every((values) => Object.isFrozen(values))).toBe(true);
    expect(first.pieces).toEqual(routePieces(route));
    expect(first.pieces.x0.length).toBeGreaterThan(10);
  });

  it("is cut every time for a route not kept (ROUTE_CACHE_SECONDS=0)", async () => {
    const route = (await createPgRoutingEngine(appPool()).route(LONDON, LEEDS)) as Route;
    expect(Object.isFrozen(route)).toBe(false);
    const first = planFromRoute(route, milesToMetres(5));
    const second = planFromRoute(route, milesToMetres(5));
    expect(second.pieces).not.toBe(first.pieces);
    expect(second.pieces).toEqual(first.pieces);
  });

  it("gives the same pages as a route not kept, for each corridor width and sort, page after page", async () => {
    const pool = appPool();
    const engine = withRouteCache(createPgRoutingEngine(pool), { seconds: 600 });
    const route = (await engine.route(LONDON, LEEDS)) as Route;
    const where = listingFilterSql(pool, parseFilters({ searchType: "route", from: "a", to: "b" }));
    const cases = [
      { miles: 5, sort: "distance_in" as const, page: 1 },
      { miles: 10, sort: "distance_in" as const, page: 2 },
      { miles: 5, sort: "distance_in" as const, page: 3, startMetres: 60_000 },
      { miles: 2, sort: "distance_away" as const, page: 1 },
      { miles: 5, sort: "popularity" as const, page: 1 },
    ];
    for (const { miles, sort, page, startMetres } of cases) {
      const options = { sort, page, limit: 20, includeMapPoints: true, startMetres };
      // Twice on the kept route: the second page reads the pieces, arcs, frames and bounds the first made.
      const kept = await corridorPage(pool, planFromRoute(route, milesToMetres(miles)), where, options);
      const keptAgain = await corridorPage(pool, planFromRoute(route, milesToMetres(miles)), where, options);
      const fresh = await corridorPage(pool, planFromRoute(notKept(route), milesToMetres(miles)), where, options);
      expect(kept.rows.length).toBeGreaterThan(0);
      expect(kept).toEqual(fresh);
      expect(keptAgain).toEqual(fresh);
    }
  });
});

describe("a route's ends and path in one statement (decision 0334)", () => {
  it("snaps both ends and searches the path in one statement, as the three statements did", async () => {
    const pool = appPool();
    const { client, statements } = countedStatements(pool);
    const path = await findPgRoutingPath(client, LONDON, YORK);
    expect(statements()).toBe(1);
    expect(path).not.toBeNull();
    if (!path) return;
    const [start] = await pool<{ vertex_id: string }[]>`SELECT vertex_id::text FROM routing_nearest_vertex(${LONDON.lng}, ${LONDON.lat}, 8000)`;
    const [end] = await pool<{ vertex_id: string }[]>`SELECT vertex_id::text FROM routing_nearest_vertex(${YORK.lng}, ${YORK.lat}, 8000)`;
    expect(path.from.vertex).toBe(start.vertex_id);
    expect(path.to.vertex).toBe(end.vertex_id);
    const rows = await pool<{ tier: string; end_vertex: string; seconds: number }[]>`
      SELECT tier, end_vertex::text, seconds FROM routing_path(${start.vertex_id}::bigint, ${end.vertex_id}::bigint, 60000)`;
    expect(path.tier).toBe(rows[0].tier);
    expect(path.edges.map((edge) => [edge.endVertex, edge.seconds])).toEqual(rows.map((row) => [row.end_vertex, row.seconds]));
  });

  it("searches nothing when both ends are nearest to one vertex", async () => {
    const near = { lat: LONDON.lat + 0.00001, lng: LONDON.lng };
    const path = await findPgRoutingPath(appPool(), LONDON, near);
    expect(path).not.toBeNull();
    expect(path?.tier).toBeNull();
    expect(path?.edges).toEqual([]);
    expect(path?.from.vertex).toBe(path?.to.vertex);
  });

  it("is no path when an end is farther than the snap limit from the graph", async () => {
    const sea = { lat: 49.5, lng: -8.5 };
    expect(await findPgRoutingPath(appPool(), LONDON, sea)).toBeNull();
    expect(await findPgRoutingPath(appPool(), sea, LONDON)).toBeNull();
  });
});

describe("a route's pieces sent as array texts (decision 0341)", () => {
  it("reach PostgreSQL as the same float8 values postgres.js's array parameters sent, kept once per stretch of a kept route", async () => {
    const pool = appPool();
    const engine = withRouteCache(createPgRoutingEngine(pool), { seconds: 600 });
    const route = (await engine.route(LONDON, LEEDS)) as Route;
    const pieces = planFromRoute(route, milesToMetres(5)).pieces;
    const count = pieces.x0.length;
    const stretches = [[0], [0, 1, 2], Array.from({ length: count }, (_, i) => i), [count - 2, count - 1], [1, 3, 5], []];
    for (const indices of stretches) {
      const text = piecesAsText(pieces, indices);
      for (const end of ["x0", "y0", "x1", "y1"] as const) {
        const values = indices.map((i) => pieces[end][i]);
        const [row] = await pool<{ same: boolean; back: number[] }[]>`SELECT ${text[end]}::float8[] = ${values}::float8[] AS same, ${text[end]}::float8[] AS back`;
        expect(row.same).toBe(true);
        expect(row.back.map(Number)).toEqual(values);
      }
      const ms = indices.map((i) => [pieces.m0[i], pieces.m1[i]]);
      expect(text.span).toBe(Math.max(...ms.map(([, m1]) => m1)) - Math.min(...ms.map(([m0]) => m0)));
    }
    // A kept route's stretch is written once; a route not kept (not frozen) writes it each time.
    expect(piecesAsText(pieces, [0, 1, 2])).toBe(piecesAsText(pieces, [0, 1, 2]));
    const copy = planFromRoute(notKept(route), milesToMetres(5)).pieces;
    expect(piecesAsText(copy, [0, 1, 2])).not.toBe(piecesAsText(copy, [0, 1, 2]));
    expect(piecesAsText(copy, [0, 1, 2])).toEqual(piecesAsText(pieces, [0, 1, 2]));
  });
});
