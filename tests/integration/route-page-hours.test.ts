import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, sql as appPool } from "../../app/db.server";
import { getEnv } from "../../app/env.server";
import { searchFiltersSchema } from "../../geo/search/filters-schema";
import { listingFilterSql } from "../../geo/search/query";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { listingsByHour, routeStops } from "../../geo/trip/hours";
import { watchedClient } from "../support/database";
import { parseSearchPath, rawFiltersFromUrl } from "../../app/search/url";
import { resultsPage } from "../support/results-page";
import { resultsData } from "../../app/search/view-model";
import { searchRoute } from "../../geo/search/route";

// Decision 0324: a route results page asks the routing engine for its drive once, and its first page by
// hour (decision 0245) is drawn from that route, not from the engine asked again. With the process's
// route cache off (as here) the page used to route the drive twice; what it shows must not change.
process.env.ROUTE_CACHE_SECONDS = "0";
process.env.PLACE_CACHE_SECONDS = "0";
afterAll(() => closeDatabase());

describe("the route results page's first page by hour (decision 0324)", () => {
  it("shows, for London → Leeds with the caches off, the hours a freshly routed drive gives, beside the same listings in the same order", async () => {
    expect(getEnv().ROUTE_CACHE_SECONDS).toBe(0);
    const path = "/route?from=London&to=Leeds";
    const first = await resultsPage(path);
    expect(first.status).toBe(200);
    const page = first.page;
    if (!page || page.outcome.kind !== "results") throw new Error("no results");
    expect(page.driveHours?.length).toBeGreaterThan(1);

    // As the page did before: the search with its own route, then the engine asked again for the drive
    // and the listings at each hour of that one.
    const pool = appPool();
    const url = new URL(`http://localhost${path}`);
    const searchPath = parseSearchPath(url.pathname);
    if (!searchPath) throw new Error("not a search path");
    const filters = searchFiltersSchema.parse(rawFiltersFromUrl(searchPath, url.searchParams));
    const response = await searchRoute(pool, createPgRoutingEngine(pool), filters);
    const route = response.route;
    if (!route) throw new Error("no route");
    const drive = await createPgRoutingEngine(pool).route(route.from, route.to);
    if (!drive) throw new Error("no drive");
    const expected = await listingsByHour(pool, drive, listingFilterSql(pool, filters), route.corridorMetres, route.stops);
    expect(expected.some((hour) => hour.listings.length > 0)).toBe(true);
    expect(page.driveHours).toEqual(expected);
    // The page's listings, their order and distances, as that search gave them.
    expect(page.outcome.results.cards.length).toBeGreaterThan(0);
    expect(page.outcome.results).toEqual(resultsData(response));
  });

  it("reads a drive's towns and its listings by hour in one statement when the route is not kept (decision 0356)", async () => {
    // Before, the stops' towns came in the search and the listings at each hour in a statement of their
    // own after it: two round trips one after the other for the same hour marks.
    const marks: string[] = [];
    const counting = watchedClient((query) => {
      if (query.includes("WITH ORDINALITY AS u(x, y, n)")) marks.push(query);
    });
    try {
      const filters = searchFiltersSchema.parse({ searchType: "route", from: "51.5072,-0.1276", to: "53.7965,-1.5478" });
      const response = await searchRoute(counting, createPgRoutingEngine(counting), filters, { byHour: { fromSeconds: 2 * 3600 } });
      const hours = response.driveHours;
      expect(marks).toHaveLength(1);
      expect(marks[0]).toContain("FROM places p");
      expect(marks[0]).toContain("FROM listings l");
      const route = response.route;
      if (!route || !hours) throw new Error("no hours");
      // What the two statements gave: the towns of routeStops, the listings of listingsByHour.
      const pool = appPool();
      const drive = await createPgRoutingEngine(pool).route(route.from, route.to);
      if (!drive) throw new Error("no drive");
      const stops = await routeStops(pool, drive);
      expect(route.stops).toEqual(stops);
      expect(stops.some((stop) => stop.label.includes(", near "))).toBe(true);
      expect(hours).toEqual(await listingsByHour(pool, drive, listingFilterSql(pool, filters), route.corridorMetres, stops));
      expect(hours.some((hour) => hour.listings.length > 0)).toBe(true);
      // A later page, another sort or a start further along has no first page by hour.
      for (const other of [{ page: 2 }, { sort: "popularity" }, { startHours: 1 }]) {
        const asked = await searchRoute(counting, createPgRoutingEngine(counting), searchFiltersSchema.parse({ searchType: "route", from: "51.5072,-0.1276", to: "53.7965,-1.5478", ...other }), { byHour: { fromSeconds: 2 * 3600 } });
        expect(asked.driveHours).toBeNull();
      }
    } finally {
      await counting.end();
    }
  });
});
