import { describe, expect, it } from "vitest";
import { parseFilters } from "../../geo/search";
import { filtersFromSearchParams } from "../../geo/search/filters";
import { apiSearchFilters } from "../../app/search/api-filters.server";

// The JSON search API's filters, kept by search type and query as written (decision 0342): the same as
// parsing them each time, frozen, and a query that fails still fails.

const QUERIES = [
  ["location", "?location=London"],
  ["location", "?location=Leeds&distance=20&types[]=2&types[]=3&page=2"],
  ["location", "?location=Paris&facilities=1,2&sort=name"],
  ["route", "?from=London&to=Leeds&corridor=5"],
  ["browse", "?types[]=1&pubWalks=true"],
  ["road", "?road=m6&country=united-kingdom"],
  ["location", ""],
] as const;

function parsedEachTime(searchType: string, query: string) {
  return parseFilters(filtersFromSearchParams(new URLSearchParams(query), { searchType }));
}

describe("the JSON API's filters kept by text", () => {
  it("are the filters parsed each time, the same object for the same text, frozen", () => {
    for (const [searchType, query] of QUERIES) {
      const url = new URL(`http://localhost/api/locations/search/${searchType}${query}`);
      let expected: unknown;
      try {
        expected = parsedEachTime(searchType, query);
      } catch (error) {
        expect(() => apiSearchFilters(searchType, url)).toThrow((error as Error).constructor as never);
        continue;
      }
      const kept = apiSearchFilters(searchType, url);
      expect(kept).toEqual(expected);
      expect(apiSearchFilters(searchType, new URL(url))).toBe(kept);
      expect(Object.isFrozen(kept)).toBe(true);
      expect(() => {
        (kept as { types: number[] }).types.push(9);
      }).toThrow();
    }
  });

  it("throws for a query that fails to parse, every time, as the parse does", () => {
    const url = new URL("http://localhost/api/locations/search/location?location=London&distance=abc");
    expect(() => parsedEachTime("location", url.search)).toThrow();
    expect(() => apiSearchFilters("location", url)).toThrow();
    expect(() => apiSearchFilters("location", url)).toThrow();
  });

  it("keeps a search type apart from its query", () => {
    const location = apiSearchFilters("location", new URL("http://localhost/x?location=York"));
    const browse = apiSearchFilters("browse", new URL("http://localhost/x?location=York"));
    expect(location.searchType).toBe("location");
    expect(browse.searchType).toBe("browse");
  });
});
