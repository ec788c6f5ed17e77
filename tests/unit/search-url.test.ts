import { describe, expect, it } from "vitest";
import { searchFiltersSchema } from "../../geo/search/filters-schema";
import { CURRENT_LOCATION_LABEL as ENGINE_LABEL } from "../../geo/search/points";
import { CURRENT_LOCATION_LABEL } from "../../app/search/constants";
import { segmentFor } from "../../app/search/segments";
import { apiSearchHref, emptyState, parseSearchPath, rawFiltersFromUrl, searchHref, stateFromFilters, type SearchState } from "../../app/search/url";

/** The canonical URL of a request URL, as the results loaders compute it. */
function canonical(href: string): string {
  const url = new URL(href, "http://pawroute.test");
  const path = parseSearchPath(url.pathname);
  if (!path) throw new Error(`not a search path: ${href}`);
  return searchHref(stateFromFilters(searchFiltersSchema.parse(rawFiltersFromUrl(path, url.searchParams))), path.view);
}

describe("search paths", () => {
  it("reads the spec's paths, with and without /map and a segment", () => {
    expect(parseSearchPath("/route")).toEqual({ view: "list", searchType: "route", road: null, junction: null, segment: null });
    expect(parseSearchPath("/location/vet")).toEqual({ view: "list", searchType: "location", road: null, junction: null, segment: "vet" });
    expect(parseSearchPath("/map/browse/walks-with-a-pub")).toEqual({ view: "map", searchType: "browse", road: null, junction: null, segment: "walks-with-a-pub" });
    expect(parseSearchPath("/browse/road/united-kingdom/m6/walks")).toEqual({ view: "list", searchType: "browse", road: { country: "united-kingdom", slug: "m6" }, junction: null, segment: "walks" });
    expect(parseSearchPath("/browse/road/united-kingdom/m6/junction-23a/walks")).toEqual({ view: "list", searchType: "browse", road: { country: "united-kingdom", slug: "m6" }, junction: "23a", segment: "walks" });
    expect(parseSearchPath("/map-search-results/dog-friendly-beach")).toEqual({ view: "map", searchType: null, road: null, junction: null, segment: "dog-friendly-beach" });
  });

  it("rejects unknown segments, extra parts and malformed roads (a 404)", () => {
    for (const path of ["/location/pubs", "/route/vet/extra", "/browse/road/united-kingdom", "/browse/road/UK/m6", "/browse/road/france/a%ZZ", "/map/road/m6", "/", "/browse/road/united-kingdom/m6/junction-", "/browse/road/united-kingdom/m6/junction-4x4", "/location/junction-4"]) {
      expect(parseSearchPath(path), path).toBeNull();
    }
  });
});

describe("canonical search URLs", () => {
  it("leaves out defaults and page 1, keeps bracket arrays and puts the type filters in a segment when one says them", () => {
    expect(canonical("/search-results?search-type=location&location=York&sort=distance_away&distance=5&page=1&limit=20")).toBe("/location?location=York");
    expect(canonical("/location?location=York&types[]=2")).toBe("/location/dog-friendly-pub?location=York");
    expect(canonical("/location?location=York&types[]=2&types[]=5&facilities[]=3")).toBe("/location?location=York&types[]=2&types[]=5&facilities[]=3");
    expect(canonical("/route?to=Leeds&from=London&distance=10&sort=name&page=3")).toBe("/route?from=London&to=Leeds&sort=name&distance=10&page=3");
    expect(canonical("/browse/road/united-kingdom/m6?sort=junction&types[]=1")).toBe("/browse/road/united-kingdom/m6/walks");
    expect(canonical("/map-search-results?search-type=road&road-slug=a26&road-country=france&beachWalks=true")).toBe("/map/browse/road/france/a26/walks-with-a-beach");
  });

  it("understands indexed array parameters (types[0]=2) rather than dropping them", () => {
    expect(canonical("/browse?types[0]=2")).toBe("/browse/dog-friendly-pub");
    expect(canonical("/location?location=York&types[1]=5&types[0]=2&facilities[1]=3&facilities[0]=1")).toBe("/location?location=York&types[]=2&types[]=5&facilities[]=1&facilities[]=3");
    expect(canonical("/location?location=York&types%5B0%5D=2&types%5B%5D=5")).toBe("/location?location=York&types[]=2&types[]=5");
  });

  it("reads a segment as the type filters unless the query names them", () => {
    expect(canonical("/location/vet?location=York")).toBe("/location/vet?location=York");
    expect(canonical("/location/vet?location=York&types[]=2")).toBe("/location/dog-friendly-pub?location=York");
  });

  it("falls back to defaults for harmless slips: a sort the type does not offer, allWalks with a narrower walk filter", () => {
    expect(canonical("/location?location=York&sort=junction")).toBe("/location?location=York");
    expect(canonical("/location?location=York&allWalks=true&pubWalks=true")).toBe("/location/walks-with-a-pub?location=York");
  });

  it("keeps the coordinates only with 'Your current location'", () => {
    expect(CURRENT_LOCATION_LABEL).toBe(ENGINE_LABEL);
    expect(canonical("/location?location=Your%20current%20location&geo-location=51.5,-0.12")).toBe("/location?location=Your%20current%20location&geo-location=51.5%2C-0.12");
    expect(canonical("/location?location=York&geo-location=51.5,-0.12")).toBe("/location?location=York");
  });

  it("puts one junction of a road in the path, from the picker's query or the path", () => {
    expect(canonical("/browse/road/united-kingdom/m6?junction=40")).toBe("/browse/road/united-kingdom/m6/junction-40");
    expect(canonical("/browse/road/united-kingdom/m6/walks?junction=23A")).toBe("/browse/road/united-kingdom/m6/junction-23a/walks");
    expect(canonical("/browse/road/united-kingdom/m6/junction-40?junction=")).toBe("/browse/road/united-kingdom/m6");
    expect(canonical("/browse/road/united-kingdom/m6/junction-40/walks?sort=name")).toBe("/browse/road/united-kingdom/m6/junction-40/walks?sort=name");
    const state: SearchState = { ...emptyState("browse"), road: { country: "united-kingdom", slug: "m6" }, junction: "40" };
    expect(apiSearchHref(state)).toBe("/api/locations/search/road?road-slug=m6&road-country=united-kingdom&junction=40&depth=11");
  });

  it("carries a chosen suggestion's place reference with its field, and drops it without the field's text", () => {
    expect(canonical("/location?location=Bath%2C%20United%20Kingdom&location-id=p12")).toBe("/location?location=Bath%2C%20United%20Kingdom&location-id=p12");
    expect(canonical("/route?from=York&from-id=p3&to=Leeds&to-id=l9")).toBe("/route?from=York&from-id=p3&to=Leeds&to-id=l9");
    expect(canonical("/route?from=York&location-id=p3&to=Leeds")).toBe("/route?from=York&to=Leeds");
    expect(canonical("/location?location=York&location-id=")).toBe("/location?location=York");
    expect(() => canonical("/location?location=York&location-id=p1%00")).toThrow();
  });

  it("is a fixed point: the canonical URL of a canonical URL is itself", () => {
    for (const href of [
      "/route/vet?from=London&to=Leeds&distance=10",
      "/location?location=Saint-%C3%89tienne&types[]=3&types[]=5&sort=name&limit=100&page=2",
      "/map/browse/road/united-kingdom/a1m/member-business?sort=name",
      "/browse?country=france&facilities[]=1&facilities[]=4",
    ]) {
      expect(canonical(href)).toBe(href);
    }
  });

  it("builds the JSON API URL of the same search", () => {
    const state: SearchState = { ...emptyState("browse"), road: { country: "united-kingdom", slug: "m6" }, types: [2], page: 2 };
    expect(apiSearchHref(state, { includeMapPoints: true })).toBe("/api/locations/search/road?road-slug=m6&road-country=united-kingdom&types[]=2&page=2&includeMapPoints=true&depth=11");
  });
});

describe("segments", () => {
  it("name exactly one filter set each", () => {
    expect(segmentFor({ types: [1], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false })).toBe("walks");
    expect(segmentFor({ types: [], allWalks: false, pubWalks: true, beachWalks: false, accommodation: false, dogServices: false })).toBe("walks-with-a-pub");
    expect(segmentFor({ types: [1, 2], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false })).toBeNull();
    expect(segmentFor({ types: [], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false })).toBeNull();
    expect(segmentFor({ types: [], allWalks: false, pubWalks: false, beachWalks: false, accommodation: true, dogServices: false })).toBe("dog-friendly-accommodation");
    expect(segmentFor({ types: [], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: true })).toBe("dog-services");
    expect(segmentFor({ types: [], allWalks: false, pubWalks: false, beachWalks: false, accommodation: true, dogServices: true })).toBeNull();
  });
});
