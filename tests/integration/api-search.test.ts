import { describe, expect, it } from "vitest";
import { loader as roadCountsLoaderRoute } from "../../app/routes/api/road-counts";
import { loader as searchLoaderRoute } from "../../app/routes/api/search";
import { withErrorResponse } from "../../app/error-response.server";

const roadCountsLoader = withErrorResponse(roadCountsLoaderRoute, true);
const searchLoader = withErrorResponse(searchLoaderRoute, true);

// The JSON API's search calls, through their route modules: the spec's shapes, and 4xx (never 500) for bad input.
async function search(searchType: string, query: string) {
  const request = new Request(`http://localhost/api/locations/search/${searchType}?${query}`);
  const response = await searchLoader({ request, params: { searchType }, context: {} });
  return { status: response.status, body: await response.json() };
}

describe("GET /api/locations/search/{type}", () => {
  it("answers the spec's search response for a location search", async () => {
    const { status, body } = await search("location", "location=54.8951,-2.9382&distance=10&types[]=1&types[]=2&includeMapPoints=true");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["area", "junctions", "mapPoints", "motorways", "normalPoints", "pagination", "point", "query", "results", "road", "route"].sort());
    expect(body.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(body.results.length).toBeGreaterThan(0);
    for (const r of body.results) {
      expect(Object.keys(r).sort()).toEqual(["distance", "distanceIn", "durationIn", "junction", "location", "referencePoint", "road", "url"].sort());
      expect([1, 2]).toContain(r.location.type.id);
    }
    expect(body.mapPoints[0]).toEqual({ lat: expect.any(Number), lng: expect.any(Number), id: expect.any(Number), url: expect.any(String), isFree: expect.any(Boolean) });
  });

  it("browses a road by country and slug, in junction order", async () => {
    const { status, body } = await search("road", "road-slug=m6&road-country=united-kingdom");
    expect(status).toBe(200);
    expect(body.road).toMatchObject({ name: "M6", country: "united-kingdom", url: "/browse/road/united-kingdom/m6" });
    expect(body.query.sort).toBe("junction");
  });

  it("answers a route search with the route geometry and distance along it", async () => {
    const { status, body } = await search("route", "from=51.5072,-0.1276&to=53.7965,-1.5478");
    expect(status).toBe(200);
    expect(body.route.geometry.type).toBe("LineString");
    expect(body.route.distance).toBeGreaterThan(150);
    expect(body.results[0].distanceIn).toEqual(expect.any(Number));
    expect(body.results[0].durationIn).toEqual(expect.any(Number));
  });

  it.each([
    ["malformed lat,lng", "location", "location=95,200", 400, "location"],
    ["distance out of range", "location", "location=54.9,-2.9&distance=500", 400, "distance"],
    ["negative page", "location", "location=54.9,-2.9&page=-2", 400, "page"],
    ["huge limit", "location", "location=54.9,-2.9&limit=100000", 400, "limit"],
    ["unknown sort", "location", "location=54.9,-2.9&sort=cheapest", 400, "sort"],
    ["allWalks with pubWalks", "location", "location=54.9,-2.9&allWalks=true&pubWalks=true", 400, "allWalks"],
    ["unknown type", "location", "location=54.9,-2.9&types[]=9", 400, "types"],
    ["unknown search type", "nearby", "location=54.9,-2.9", 400, "searchType"],
    ["unknown road", "road", "road-slug=m99", 404, "road"],
    ["the same start and destination", "route", "from=54.8951,-2.9382&to=54.8951,-2.9382", 422, "to"],
    ["a route with no destination", "route", "from=54.8951,-2.9382", 400, "to"],
    ["a place nobody knows", "location", "location=Qwxzzyq", 422, "location"],
  ])("%s answers %i with a message and a field error", async (_name, type, query, expected, field) => {
    const { status, body } = await search(type, query);
    expect(status).toBe(expected);
    expect(body.message).toEqual(expect.any(String));
    expect(body.fieldErrors[field]).toEqual(expect.any(String));
  });

  it("answers the geo-location-missing signal for a current-location search without coordinates", async () => {
    const { status, body } = await search("location", "location=Your%20current%20location");
    expect(status).toBe(422);
    expect(body.code).toBe("geo-location-missing");
    expect(body.message).toBe("We couldn't determine your location - please enter this manually");
  });
});

describe("GET /api/locations/search/browse/road-counts", () => {
  it("answers road id → count for every road, and says when it came from the cache", async () => {
    const request = () => new Request("http://localhost/api/locations/search/browse/road-counts?types[]=1&types[]=2");
    await roadCountsLoader({ request: request(), params: {}, context: {} });
    const response = await roadCountsLoader({ request: request(), params: {}, context: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Cache")).toBe("hit");
    const counts: Record<string, number> = await response.json();
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(40);
    expect(Object.values(counts).every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
  });

  it("refuses bad filters with 400", async () => {
    const response = await roadCountsLoader({ request: new Request("http://localhost/x?types[]=banana"), params: {}, context: {} });
    expect(response.status).toBe(400);
  });
});
