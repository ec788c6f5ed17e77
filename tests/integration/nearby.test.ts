import { afterAll, describe, expect, it } from "vitest";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { parseFilters, search } from "../../geo/search";
import { NEARBY_DISTANCE_MILES, NEARBY_FALLBACK_MILES, NEARBY_LIMIT } from "../../geo/search/filters";
import { nearbyPlaces } from "../../geo/search/nearby";
import { METRES_PER_MILE } from "../../geo/units";
import { connectTestDatabase } from "../support/database";

// A listing page's nearby places on the demo data, checked against PostGIS distances computed here.
const { sql, close } = connectTestDatabase();
const engine = createPgRoutingEngine(sql);
afterAll(close);

interface Listing {
  id: number;
  lat: number;
  lng: number;
  typeId: number;
}

const SAME_TYPE_METRES = NEARBY_DISTANCE_MILES * METRES_PER_MILE;
const ANY_TYPE_METRES = NEARBY_FALLBACK_MILES * METRES_PER_MILE;

/** Live listings around one listing, nearest first, with their metres (the oracle). */
async function neighbours(listing: Listing, metres: number, typeId: number | null) {
  return sql<{ id: number; metres: number }[]>`
    SELECT o.id, ST_Distance(o.location, l.location) AS metres
    FROM listings l JOIN listings o ON o.id <> l.id AND o.status = 2 AND ST_DWithin(o.location, l.location, ${metres})
    WHERE l.id = ${listing.id} AND (${typeId}::int IS NULL OR o.type_id = ${typeId}::int)
    ORDER BY metres, o.id`;
}

async function listingWhere(condition: "has-same-type" | "lacks-same-type"): Promise<Listing> {
  const rows = await sql<Listing[]>`
    SELECT l.id, ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng, l.type_id AS "typeId"
    FROM (SELECT * FROM listings WHERE status = 2 ORDER BY id LIMIT 500) l
    WHERE ${condition === "has-same-type" ? sql`` : sql`NOT`} EXISTS (
        SELECT 1 FROM listings o WHERE o.status = 2 AND o.id <> l.id AND o.type_id = l.type_id AND ST_DWithin(o.location, l.location, ${SAME_TYPE_METRES}))
      AND EXISTS (SELECT 1 FROM listings o WHERE o.status = 2 AND o.id <> l.id AND ST_DWithin(o.location, l.location, ${SAME_TYPE_METRES * 4}))
    ORDER BY l.id LIMIT 1`;
  if (!rows[0]) throw new Error(`the demo data has no live listing that ${condition}: run \`npm test\` to seed it`);
  return rows[0];
}

describe("nearby places of a listing page", () => {
  it("lists up to three of the same type within 0.3 miles, nearest first, never the listing itself", async () => {
    const listing = await listingWhere("has-same-type");
    const found = await nearbyPlaces(sql, listing);
    const oracle = await neighbours(listing, SAME_TYPE_METRES, listing.typeId);
    expect(found.kind).toBe("same-type");
    expect(found.results.map((result) => result.id)).toEqual(oracle.slice(0, NEARBY_LIMIT).map((row) => row.id));
    for (const result of found.results) expect(result.typeId).toBe(listing.typeId);
  });

  it("with nothing of the same type within 0.3 miles, offers the nearest places of any type", async () => {
    const listing = await listingWhere("lacks-same-type");
    expect(await neighbours(listing, SAME_TYPE_METRES, listing.typeId)).toEqual([]);
    const found = await nearbyPlaces(sql, listing);
    const oracle = await neighbours(listing, ANY_TYPE_METRES, null);
    expect(found.kind).toBe("any-type");
    expect(found.results.length).toBe(Math.min(NEARBY_LIMIT, oracle.length));
    expect(found.results.map((result) => result.id)).toEqual(oracle.slice(0, NEARBY_LIMIT).map((row) => row.id));
    const miles = found.results.map((result) => result.distance);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it("says any-type with no places when nothing at all is within the fallback distance", async () => {
    // A point in the North Sea, far from every listing.
    const found = await nearbyPlaces(sql, { id: -1, lat: 56.5, lng: 3.5, typeId: 1 });
    expect(found).toEqual({ kind: "any-type", results: [] });
  });

  it("answers as the location search it replaced (decision 0331): the same places, links and distances, on both kinds of listing", async () => {
    // The page used to run the location search itself: same type within 0.3 miles, then any type within the fallback distance.
    const viaSearch = async (listing: Listing, miles: number, types: number[]) => {
      const filters = parseFilters({ searchType: "location", location: `${listing.lat},${listing.lng}`, distance: miles, types, sort: "distance_away", direct: true, limit: NEARBY_LIMIT });
      const found = await search(sql, engine, filters, { exclude: listing.id });
      return byDistanceThenId(found.results.map((result) => ({ id: result.location.id, url: result.url, title: result.location.title, distance: result.distance, typeId: result.location.type.id })));
    };
    // Places at the same distance (the demo data has listings at one point) came in no set order from the
    // search; nearbyPlaces orders them by id.
    const byDistanceThenId = <T extends { id: number; distance: number | null }>(places: T[]) => [...places].sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.id - b.id);
    const listings = await sql<Listing[]>`
      SELECT l.id, ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng, l.type_id AS "typeId"
      FROM listings l WHERE l.status = 2 ORDER BY l.id LIMIT 40`;
    const kinds = new Set<string>();
    for (const listing of [...listings, await listingWhere("has-same-type"), await listingWhere("lacks-same-type")]) {
      const same = await viaSearch(listing, NEARBY_DISTANCE_MILES, [listing.typeId]);
      const expected = same.length > 0 ? { kind: "same-type", results: same } : { kind: "any-type", results: await viaSearch(listing, NEARBY_FALLBACK_MILES, []) };
      expect(await nearbyPlaces(sql, listing)).toEqual(expected);
      kinds.add(expected.kind);
    }
    expect([...kinds].sort()).toEqual(["any-type", "same-type"]);
  });
});
