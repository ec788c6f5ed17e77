import * as turf from "@turf/turf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { AppError } from "../../core/errors";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { parseFilters, search } from "../../geo/search";
import { filtersFromSearchParams } from "../../geo/search/filters";
import { roadCounts } from "../../geo/search/road-counts";
import { corridorPage, planRoute } from "../../geo/search/route";
import { listingFilterSql } from "../../geo/search/query";
import { DEFAULT_DISTANCE_MILES } from "../../geo/search/filters";
import { METRES_PER_MILE, milesToMetres } from "../../geo/units";
import { connectTestDatabase, watchedClient } from "../support/database";
import { Random } from "../../db/seed/random";
import type { SqlClient } from "../../db/client";

// Searches checked against an independent computation (turf) on the demo data in the test database.
const { sql, close } = connectTestDatabase();
const engine = createPgRoutingEngine(sql);
afterAll(close);

interface Live {
  id: number;
  lat: number;
  lng: number;
  type_id: number;
  has_pub: boolean;
  has_beach: boolean;
  facility_ids: number[];
  status: number;
}
let all: Live[] = [];
beforeAll(async () => {
  all = await sql<Live[]>`SELECT id, ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lng, type_id, has_pub, has_beach, facility_ids, status FROM listings`;
});

/** Within this band of the edge, spheroid (PostGIS) and sphere (turf) may disagree: skip those. */
const EDGE_TOLERANCE = 0.003;

async function run(raw: Record<string, unknown>) {
  return search(sql, engine, parseFilters(raw));
}

describe("location search", () => {
  const rng = new Random("location-search-test");
  const cases = Array.from({ length: 12 }, (_, i) => ({ i, miles: [1, 2, 5, 10][i % 4], types: [[], [1], [2, 5], [3]][i % 4] }));

  it.each(cases)("returns exactly the live listings within the radius, nearest first (case $i: $miles mi, types $types)", async ({ miles, types }) => {
    const centre = all[Math.floor(rng.float() * all.length)];
    const lat = centre.lat + rng.between(-0.02, 0.02);
    const lng = centre.lng + rng.between(-0.02, 0.02);
    const response = await run({ searchType: "location", location: `${lat},${lng}`, distance: miles, types, includeMapPoints: true, limit: 100 });

    const radiusKm = (miles * METRES_PER_MILE) / 1000;
    const distanceKm = (l: Live) => turf.distance([lng, lat], [l.lng, l.lat], { units: "kilometers" });
    const candidates = all.filter((l) => l.status === 2 && (types.length === 0 || types.includes(l.type_id)));
    const expected = new Set(candidates.filter((l) => distanceKm(l) <= radiusKm * (1 - EDGE_TOLERANCE)).map((l) => l.id));
    const allowed = new Set(candidates.filter((l) => distanceKm(l) <= radiusKm * (1 + EDGE_TOLERANCE)).map((l) => l.id));
    const got = response.mapPoints.map((p) => p.id);

    for (const id of expected) expect(got, `listing ${id} is inside the radius`).toContain(id);
    for (const id of got) expect(allowed.has(id), `listing ${id} is outside the radius`).toBe(true);
    expect(response.pagination.total).toBe(got.length);

    const byId = new Map(all.map((l) => [l.id, l]));
    const distances = got.map((id) => distanceKm(byId.get(id) as Live));
    for (let k = 1; k < distances.length; k++) expect(distances[k]).toBeGreaterThanOrEqual(distances[k - 1] - 0.01);
    expect(response.results.map((r) => r.location.id)).toEqual(got.slice(0, 100));
    for (const r of response.results) {
      expect(r.distance).toBeCloseTo(distanceKm(byId.get(r.location.id) as Live) / 1.60934, 1);
      expect(r.url).toBe(r.location.url);
      expect(r.url).toMatch(/^\/[a-z-]+\/[a-z0-9_-]+$/);
    }
    expect(response.area?.radiusMetres).toBeCloseTo(miles * METRES_PER_MILE, 3);
  });

  it("finds only live listings", async () => {
    const hidden = all.filter((l) => l.status !== 2);
    expect(hidden.length).toBeGreaterThan(0);
    for (const l of hidden.slice(0, 10)) {
      const response = await run({ searchType: "location", location: `${l.lat},${l.lng}`, distance: 0.5, includeMapPoints: true, limit: 100 });
      expect(response.mapPoints.map((p) => p.id)).not.toContain(l.id);
    }
  });

  it("applies walk and facility filters", async () => {
    const centre = all.find((l) => l.type_id === 1 && l.has_pub && l.status === 2) as Live;
    const within = (l: Live) => turf.distance([centre.lng, centre.lat], [l.lng, l.lat], { units: "kilometers" }) < 16.09 * (1 - EDGE_TOLERANCE);
    const pubWalks = await run({ searchType: "location", location: `${centre.lat},${centre.lng}`, distance: 10, pubWalks: true, includeMapPoints: true });
    const expected = all.filter((l) => l.status === 2 && l.type_id === 1 && l.has_pub && within(l)).map((l) => l.id);
    expect(pubWalks.mapPoints.map((p) => p.id).sort()).toEqual(expect.arrayContaining(expected.sort()));
    for (const r of pubWalks.results) expect(r.location.type.id === 1 && r.location.has_pub).toBe(true);

    const facility = centre.facility_ids[0];
    const withFacility = await run({ searchType: "location", location: `${centre.lat},${centre.lng}`, distance: 10, facilities: [facility], includeMapPoints: true });
    for (const p of withFacility.mapPoints) expect(all.find((l) => l.id === p.id)?.facility_ids).toContain(facility);
  });

  it("rejects bad input with clear messages", async () => {
    await expect(run({ searchType: "location", location: "95,200" })).rejects.toThrow(AppError);
    await expect(run({ searchType: "location", location: "54.9,-2.9", distance: 500 })).rejects.toThrow(ZodError);
    await expect(run({ searchType: "location", location: "54.9,-2.9", page: -1 })).rejects.toThrow(ZodError);
    await expect(run({ searchType: "location", location: "54.9,-2.9", limit: 1000 })).rejects.toThrow(ZodError);
    await expect(run({ searchType: "location", location: "54.9,-2.9", allWalks: true, pubWalks: true })).rejects.toThrow(ZodError);
    const missing = await run({ searchType: "location", location: "Your current location" }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect(missing instanceof AppError && missing.code).toBe("geo-location-missing");
  });

  it("reads the spec's query-string form", () => {
    const params = new URLSearchParams("search-type=location&geo-location=54.9,-2.9&types[]=1&types[]=5&facilities[]=2&page=2&sort=name");
    const filters = parseFilters(filtersFromSearchParams(params));
    expect(filters).toMatchObject({ searchType: "location", geoLocation: "54.9,-2.9", types: [1, 5], facilities: [2], page: 2, sort: "name" });
  });
});

describe("route search", () => {
  const routes = [
    { name: "London to Leeds", from: "51.5072,-0.1276", to: "53.7965,-1.5478" },
    { name: "Carlisle to Preston", from: "54.8951,-2.9382", to: "53.7632,-2.7031" },
    { name: "Calais to Reims", from: "50.9513,1.8587", to: "49.2583,4.0317" },
    // Sparse: few listings along 425 km, so the walk's batches grow fast (below).
    { name: "York to Edinburgh", from: "53.9600,-1.0873", to: "55.9533,-3.1883" },
  ];

  it.each(routes)("$name: exactly the listings within the corridor of the returned line, in order along it", async ({ from, to }) => {
    const response = await run({ searchType: "route", from, to, includeMapPoints: true, limit: 50 });
    expect(response.route).not.toBeNull();
    const line = turf.lineString(response.route?.geometry.coordinates ?? []);
    const corridorKm = (5 * METRES_PER_MILE) / 1000;
    const away = (l: Live) => turf.pointToLineDistance([l.lng, l.lat], line, { units: "kilometers" });
    const live = all.filter((l) => l.status === 2);
    const expected = live.filter((l) => away(l) <= corridorKm * (1 - EDGE_TOLERANCE)).map((l) => l.id);
    const allowed = new Set(live.filter((l) => away(l) <= corridorKm * (1 + EDGE_TOLERANCE)).map((l) => l.id));
    const got = response.mapPoints.map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    for (const id of expected) expect(got).toContain(id);
    for (const id of got) expect(allowed.has(id)).toBe(true);

    // Order along the route: turf's position of each listing on the line must not go backwards.
    const byId = new Map(all.map((l) => [l.id, l]));
    const along = got.map((id) => {
      const l = byId.get(id) as Live;
      return turf.nearestPointOnLine(line, [l.lng, l.lat], { units: "kilometers" }).properties.location;
    });
    for (let k = 1; k < along.length; k++) expect(along[k]).toBeGreaterThanOrEqual(along[k - 1] - 1);

    const first = response.results;
    expect(first.map((r) => r.location.id)).toEqual(got.slice(0, 50));
    for (let k = 1; k < first.length; k++) {
      expect(first[k].distanceIn ?? 0).toBeGreaterThanOrEqual(first[k - 1].distanceIn ?? 0);
      expect(first[k].durationIn ?? 0).toBeGreaterThanOrEqual(first[k - 1].durationIn ?? 0);
    }
    for (const r of first) expect(r.distance ?? 99).toBeLessThanOrEqual(5.02);
  });

  it("walks the corridor in few statements: a sparse route's batches sized by the density seen, no short rest left for a statement of its own", async () => {
    // Each statement the walk sends is a round trip the page waits for. Before: York to Edinburgh walked
    // in 8 batches doubling from 2 km, London to Leeds counted its last 36 km in a 4th statement.
    const corridorStatements = async (from: string, to: string) => {
      let n = 0;
      const counting = watchedClient((query) => {
        if (query.includes("JOIN listings l ON l.location && _ST_Expand")) n++;
      });
      try {
        const response = await search(counting, createPgRoutingEngine(counting), parseFilters({ searchType: "route", from, to }));
        return { n, ids: response.results.map((r) => r.location.id), total: response.pagination.total };
      } finally {
        await counting.end();
      }
    };
    const sparse = await corridorStatements("53.9600,-1.0873", "55.9533,-3.1883");
    expect(sparse.ids.length).toBeGreaterThan(0);
    expect(sparse.n).toBeLessThanOrEqual(4);
    const long = await corridorStatements("51.5072,-0.1276", "53.7965,-1.5478");
    expect(long.n).toBeLessThanOrEqual(3);
    // The same page and total as the shared pool's search (whose walk is the same code: the answer does not depend on the client).
    const again = await run({ searchType: "route", from: "51.5072,-0.1276", to: "53.7965,-1.5478" });
    expect(long.ids).toEqual(again.results.map((r) => r.location.id));
    expect(long.total).toBe(again.pagination.total);
  });

  it("reads a certain page's listings beside the corridor's counting batches, and answers the same page (decision 0357)", async () => {
    // Before, the page's listings were read after the walk's last counting batch: one more round trip to wait for.
    const sent: string[] = [];
    const watched = watchedClient((query) => {
      if (query.includes("JOIN listings l ON l.location && _ST_Expand")) sent.push("corridor");
      else if (query.includes("JOIN listing_types t ON t.id = l.type_id")) sent.push("listings");
    }, 4);
    try {
      const filters = { searchType: "route", from: "51.5072,-0.1276", to: "53.7965,-1.5478" };
      for (const read of ["full", "card"] as const) {
        sent.length = 0;
        const response = await search(watched, createPgRoutingEngine(watched), parseFilters(filters), { read });
        expect(sent.filter((s) => s === "listings")).toHaveLength(1);
        // Sent before the walk's last batch: the page was certain with counting still to do.
        expect(sent.indexOf("listings")).toBeLessThan(sent.lastIndexOf("corridor"));
        // The walk's own page without reading early, and each listing's title as the table has it.
        const parsed = parseFilters(filters);
        const plan = await planRoute(watched, createPgRoutingEngine(watched), parsed, milesToMetres(DEFAULT_DISTANCE_MILES));
        const page = await corridorPage(watched, plan, listingFilterSql(watched, parsed), { sort: "distance_in", page: 1, limit: parsed.limit, includeMapPoints: false });
        expect(page.listed).toBeUndefined();
        expect(response.results.map((r) => r.location.id)).toEqual(page.rows.map((r) => r.id));
        expect(response.pagination.total).toBe(page.total);
        const titles = await watched<{ id: number; title: string }[]>`SELECT id, title FROM listings WHERE id = ANY(${page.rows.map((r) => r.id)}::int[])`;
        const titleOf = new Map(titles.map((t) => [t.id, t.title]));
        expect(response.results.map((r) => r.location.title)).toEqual(page.rows.map((r) => titleOf.get(r.id)));
      }
      // From a point of the drive (a start offset), nothing is read early: listings may yet move before it.
      sent.length = 0;
      await search(watched, createPgRoutingEngine(watched), parseFilters({ ...filters, startHours: 1 }));
      expect(sent.indexOf("listings")).toBeGreaterThan(sent.lastIndexOf("corridor"));
    } finally {
      await watched.end();
    }
  });

  it("refuses the same place as start and destination, and unknown places", async () => {
    await expect(run({ searchType: "route", from: "54.8951,-2.9382", to: "54.8951,-2.9382" })).rejects.toThrow(/same place/);
    await expect(run({ searchType: "route", from: "54.8951,-2.9382" })).rejects.toThrow(ZodError);
  });
});

describe("browse by road and road counts", () => {
  it("lists only the road's junction listings, in junction order then distance", async () => {
    const response = await run({ searchType: "browse", roadSlug: "m6", roadCountry: "united-kingdom", limit: 100, includeMapPoints: true });
    expect(response.road?.name).toBe("M6");
    const [{ n }] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM listings l JOIN roads r ON r.id = l.road_id WHERE r.name = 'M6' AND l.status = 2 AND l.junction_id IS NOT NULL`;
    expect(response.pagination.total).toBe(n);
    const positions = response.results.map((r) => r.junction?.position ?? -1);
    for (let k = 1; k < positions.length; k++) {
      expect(positions[k]).toBeGreaterThanOrEqual(positions[k - 1]);
      if (positions[k] === positions[k - 1]) expect(response.results[k].distance ?? 0).toBeGreaterThanOrEqual(response.results[k - 1].distance ?? 0);
    }
    for (const r of response.results) expect(r.road?.id).toBe(response.road?.id);
    expect(response.junctions.length).toBeGreaterThan(5);
  });

  it("answers 404 for an unknown road", async () => {
    await expect(run({ searchType: "road", roadSlug: "m99" })).rejects.toMatchObject({ status: 404 });
  });

  it("counts equal the browse totals, and the second call comes from the cache", async () => {
    for (const filters of [{}, { types: [1] }, { pubWalks: true }, { types: [2], facilities: [1] }]) {
      const first = await roadCounts(sql, parseFilters({ searchType: "browse", ...filters }));
      const again = await roadCounts(sql, parseFilters({ searchType: "browse", ...filters }));
      expect(again.cached).toBe(true);
      expect(again.counts).toEqual(first.counts);
      const roads = await sql<{ id: number; slug: string; country: string }[]>`
        SELECT r.id, r.slug, c.slug AS country FROM roads r JOIN countries c ON c.id = r.country_id ORDER BY r.id LIMIT 6`;
      for (const road of roads) {
        const browse = await run({ searchType: "road", roadSlug: road.slug, roadCountry: road.country, ...filters });
        expect(browse.pagination.total, `${road.slug} ${JSON.stringify(filters)}`).toBe(first.counts[String(road.id)]);
      }
    }
  });

  it("empties the cache when a listing changes", async () => {
    await roadCounts(sql, parseFilters({ searchType: "browse" }));
    let entriesAfterChange = -1;
    // The change is rolled back so the shared test data stays as it was.
    await expect(
      sql.begin(async (tx) => {
        await tx`UPDATE listings SET status = 2 WHERE id = (SELECT min(id) FROM listings WHERE status = 2)`;
        [{ n: entriesAfterChange }] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM road_count_cache`;
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(entriesAfterChange).toBe(0);
  });
});

describe("the road-count aggregate", () => {
  it("stays equal to a direct count as listings are added, changed and removed", async () => {
    const direct = (tx: SqlClient) => tx<{ road_id: number; n: number }[]>`
      SELECT road_id, count(*)::int AS n FROM listings WHERE status = 2 AND road_id IS NOT NULL AND junction_id IS NOT NULL GROUP BY road_id ORDER BY road_id`;
    const grouped = (tx: SqlClient) => tx<{ road_id: number; n: number }[]>`
      SELECT road_id, sum(n)::int AS n FROM road_listing_groups GROUP BY road_id ORDER BY road_id`;
    expect(await grouped(sql)).toEqual(await direct(sql));
    // Every change is rolled back so the shared test data stays as it was.
    await expect(
      sql.begin(async (tx) => {
        await tx`UPDATE listings SET status = 4 WHERE id IN (SELECT id FROM listings WHERE status = 2 AND junction_id IS NOT NULL ORDER BY id LIMIT 7)`;
        await tx`UPDATE listings SET type_id = 2, walk_type = 'dog-friendly-pub' WHERE id IN (SELECT id FROM listings WHERE status = 2 AND type_id = 1 AND junction_id IS NOT NULL ORDER BY id LIMIT 5)`;
        await tx`DELETE FROM listing_versions WHERE listing_id IN (SELECT id FROM listings WHERE status = 2 AND junction_id IS NOT NULL ORDER BY id DESC LIMIT 3)`;
        await tx`DELETE FROM listings WHERE id IN (SELECT id FROM listings WHERE status = 2 AND junction_id IS NOT NULL ORDER BY id DESC LIMIT 3)`;
        await tx`
          INSERT INTO listings (slug, type_id, walk_type, title, full_title, country_id, road_id, junction_id, status, location)
          SELECT 'aggregate-test-' || j.id, 1, 'dog-walk', 'Test walk', 'Test walk', 235, j.road_id, j.id, 2, j.geom::geography
          FROM junctions j ORDER BY j.id LIMIT 4`;
        expect(await grouped(tx)).toEqual(await direct(tx));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
  });
});

describe("browse and nearby", () => {
  it("browses every live listing of a type by popularity", async () => {
    const response = await run({ searchType: "browse", types: [5], limit: 50 });
    const expected = all.filter((l) => l.status === 2 && l.type_id === 5).length;
    expect(response.pagination.total).toBe(expected);
    const popularity = response.results.map((r) => r.location.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  });

  it("finds up to 3 nearby listings of the same type within 0.3 miles, excluding the listing", async () => {
    const listing = all.find((l) => l.status === 2 && l.type_id === 2) as Live;
    const response = await search(sql, engine, parseFilters({ searchType: "location", location: `${listing.lat},${listing.lng}`, distance: 0.3, types: [listing.type_id], direct: true, limit: 3 }), { exclude: listing.id });
    expect(response.results.length).toBeLessThanOrEqual(3);
    for (const r of response.results) {
      expect(r.location.id).not.toBe(listing.id);
      expect(r.location.type.id).toBe(2);
      expect(r.distance ?? 1).toBeLessThanOrEqual(0.3);
    }
  });
});

describe("filters the spec leaves to us", () => {
  it("allWalks alone finds walks only", async () => {
    const response = await run({ searchType: "location", location: "51.5072,-0.1276", distance: 10, allWalks: true, limit: 100 });
    expect(response.results.length).toBeGreaterThan(0);
    for (const r of response.results) expect(r.location.type.id).toBe(1);
  });

  it("a browse with a road accepts the road's sorts", async () => {
    const response = await run({ searchType: "browse", roadSlug: "m1", roadCountry: "united-kingdom", sort: "junction" });
    expect(response.query.searchType).toBe("road");
  });
});
