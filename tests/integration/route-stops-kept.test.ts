import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, sql as appPool } from "../../app/db.server";
import { withRouteCache } from "../../geo/routing/cache";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import type { Route } from "../../geo/routing/port";
import { countedStatements } from "../support/database";
import { keptRouteStops, listingsByHour, routeStops, stopsAndHours } from "../../geo/trip/hours";
import { listingFilterSql } from "../../geo/search/query";
import { parseFilters } from "../../geo/search";

// Decision 0329: a route the route cache keeps (one frozen object for every page that drives it) has its
// stops ("After 2 hours, near …") read once while it is kept; a route not kept is asked every time.
afterAll(() => closeDatabase());

const LONDON = { lat: 51.5074, lng: -0.1278 };
const LEEDS = { lat: 53.8008, lng: -1.5491 };

describe("a kept route's stops (decision 0329)", () => {
  it("are read once for a route the cache keeps, and are what the route's own query gives", async () => {
    const pool = appPool();
    const engine = withRouteCache(createPgRoutingEngine(pool), { seconds: 600 });
    const route = (await engine.route(LONDON, LEEDS)) as Route;
    expect(route).not.toBeNull();
    expect(Object.isFrozen(route)).toBe(true);
    // The same object for the next page that drives it.
    expect(await engine.route(LONDON, LEEDS)).toBe(route);

    const { client, statements } = countedStatements(pool);
    const first = await keptRouteStops(client, route);
    const second = await keptRouteStops(client, (await engine.route(LONDON, LEEDS)) as Route);
    expect(statements()).toBe(1);
    expect(second).toBe(first);
    expect(first.length).toBeGreaterThan(1);
    expect(first.some((stop) => stop.label.includes(", near "))).toBe(true);
    expect(first).toEqual(await routeStops(pool, route));
    expect(Object.isFrozen(first) && first.every((stop) => Object.isFrozen(stop))).toBe(true);
  });

  it("are read every time for a route not kept (ROUTE_CACHE_SECONDS=0)", async () => {
    const pool = appPool();
    const route = (await createPgRoutingEngine(pool).route(LONDON, LEEDS)) as Route;
    expect(Object.isFrozen(route)).toBe(false);
    const { client, statements } = countedStatements(pool);
    const first = await keptRouteStops(client, route);
    const second = await keptRouteStops(client, route);
    expect(statements()).toBe(2);
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it("are read with a kept route's first page by hour, in its statement, and kept from then on (decision 0358)", async () => {
    const pool = appPool();
    const engine = withRouteCache(createPgRoutingEngine(pool), { seconds: 600 });
    // Another drive than the first test's, so that its stops are not kept yet.
    const route = (await engine.route(LEEDS, LONDON)) as Route;
    expect(Object.isFrozen(route)).toBe(true);
    const where = listingFilterSql(pool, parseFilters({ searchType: "route", from: "a", to: "b" }));
    const { client, statements } = countedStatements(pool);
    const first = await stopsAndHours(client, route, { where, corridorMetres: 8046.7 });
    expect(statements()).toBe(1);
    const kept = await keptRouteStops(client, route);
    expect(statements()).toBe(1);
    expect(kept).toBe(first.stops);
    expect(Object.isFrozen(kept)).toBe(true);
    expect(kept).toEqual(await routeStops(pool, route));
    expect(first.hours).toEqual(await listingsByHour(pool, route, where, 8046.7, kept));
    // The next page of the same drive: its kept stops, and the listings in one statement.
    const again = await stopsAndHours(client, route, { where, corridorMetres: 8046.7 });
    expect(statements()).toBe(2);
    expect(again.stops).toBe(kept);
    expect(again.hours).toEqual(first.hours);
  });
});
