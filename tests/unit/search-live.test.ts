import { describe, expect, it } from "vitest";
import type { SearchResponse } from "../../geo/search/types";
import { failureFrom, isSearchResponse, searchWithRetry, type SearchAnswer } from "../../app/search/live";
import { emptyState } from "../../app/search/url";

const response: SearchResponse = {
  results: [],
  pagination: { page: 1, limit: 20, total: 0, totalPages: 1, totalIsCapped: false },
  query: { searchType: "location", sort: "distance_away", distance: 5, businessOnly: false, types: [], facilities: [], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false, page: 1, limit: 20, includeMapPoints: false, direct: false },
  road: null,
  area: null,
  point: { lat: 51.5, lng: -0.12, label: "Your current location" },
  route: null,
  motorways: [],
  junctions: [],
  normalPoints: [],
  mapPoints: [],
};

const missing: SearchAnswer = { error: failureFrom({ message: "We couldn't determine your location - please enter this manually", code: "geo-location-missing", fieldErrors: { location: "x" } }, 422) };

describe("live search", () => {
  it("retries once with the browser's position when the server says geo-location is missing", async () => {
    const asked: string[] = [];
    const state = { ...emptyState("location"), location: "Your current location" };
    const result = await searchWithRetry(
      state,
      {
        fetchSearch: async (href) => {
          asked.push(href);
          return asked.length === 1 ? missing : { response };
        },
        position: async () => "51.50000,-0.12000",
      },
      new AbortController().signal,
    );
    expect(asked).toEqual([
      "/api/locations/search/location?location=Your%20current%20location&depth=11",
      "/api/locations/search/location?location=Your%20current%20location&geo-location=51.50000%2C-0.12000&depth=11",
    ]);
    expect(result.state.geoLocation).toBe("51.50000,-0.12000");
    expect(result.outcome.kind).toBe("results");
  });

  it("does not retry a second time, nor without a position", async () => {
    let calls = 0;
    const state = { ...emptyState("location"), location: "Your current location" };
    const deps = { fetchSearch: async () => (calls++, missing), position: async () => "51.5,-0.12" };
    const result = await searchWithRetry(state, deps, new AbortController().signal);
    expect(calls).toBe(2);
    expect(result.outcome).toMatchObject({ kind: "error", error: { code: "geo-location-missing" } });

    calls = 0;
    await searchWithRetry(state, { ...deps, position: async () => null }, new AbortController().signal);
    expect(calls).toBe(1);
  });

  it("reads the API's answers defensively", () => {
    expect(isSearchResponse(response)).toBe(true);
    expect(isSearchResponse({ message: "nope" })).toBe(false);
    expect(failureFrom("<html>", 502)).toEqual({ message: "Sorry, the search failed (502). Please try again.", fieldErrors: {}, code: null, fix: null });
  });
});
