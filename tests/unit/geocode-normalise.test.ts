import { describe, expect, it } from "vitest";
import { boxAround, radiusMetres, settlementRadiusMetres } from "../../geo/geocode/bounds";
import { prepareSearch } from "../../geo/geocode/forward";
import { geocodeKey, postcodeKey, prefixUpperBound, searchForm, wordPrefixQuery } from "../../geo/geocode/normalise";
import { formattedAddress } from "../../geo/geocode/result";

describe("geocoder normal forms", () => {
  it("keeps the gazetteer's search form: lower case, accents removed, spaces collapsed", () => {
    expect(searchForm("  Saint-Étienne   du  Rouvray ")).toBe("saint-etienne du rouvray");
  });

  it("reduces a query to its key: punctuation becomes a space, apostrophes vanish", () => {
    expect(geocodeKey("Saint-Étienne")).toBe("saint etienne");
    expect(geocodeKey("saint etienne")).toBe("saint etienne");
    expect(geocodeKey("King's Lynn")).toBe("kings lynn");
    expect(geocodeKey("King’s  Lynn")).toBe("kings lynn");
    expect(geocodeKey("A74(M)")).toBe("a74 m");
    expect(geocodeKey("M6 J15")).toBe("m6 j15");
    expect(geocodeKey("Cœuvres-et-Valsery")).toBe("coeuvres et valsery");
    expect(geocodeKey("% _ \\ --")).toBe("");
  });

  it("builds a word-prefix text query from a key", () => {
    expect(wordPrefixQuery("m6 j15")).toBe("m6:* & j15:*");
    expect(wordPrefixQuery("stoke")).toBe("stoke:*");
    expect(wordPrefixQuery("a b c d e f g h i j").split(" & ")).toHaveLength(8);
  });

  it("bounds a prefix range above every key that starts with it", () => {
    const upper = prefixUpperBound("stoke");
    for (const key of ["stoke", "stoke on trent", "stokesley", "stoke 9"]) expect(key < upper).toBe(true);
    expect("stokf" < upper).toBe(false);
  });

  it("recognises UK and French postcodes and their starts, nothing else", () => {
    expect(postcodeKey("CA11 7JQ")).toBe("ca117jq");
    expect(postcodeKey("ca11")).toBe("ca11");
    expect(postcodeKey("SW1A 1AA")).toBe("sw1a1aa");
    expect(postcodeKey("75001")).toBe("75001");
    expect(postcodeKey("Penrith")).toBeNull();
    expect(postcodeKey("123456")).toBeNull();
  });
});

describe("prepareSearch", () => {
  it("clamps the limit to 1-10 and defaults to 5", () => {
    expect(prepareSearch("Penrith")?.limit).toBe(5);
    expect(prepareSearch("Penrith", { limit: 50 })?.limit).toBe(10);
    expect(prepareSearch("Penrith", { limit: 0 })?.limit).toBe(1);
  });

  it("has nothing to search for in punctuation", () => {
    expect(prepareSearch(" -- ")).toBeNull();
  });
});

describe("geocode result shape", () => {
  it("sizes a settlement's box by population", () => {
    expect(settlementRadiusMetres(0)).toBe(1_500);
    expect(settlementRadiusMetres(15_000)).toBeGreaterThan(2_500);
    expect(settlementRadiusMetres(10_000_000)).toBe(20_000);
    expect(radiusMetres("junction", 0)).toBe(2_000);
    expect(radiusMetres("listing", 0)).toBe(500);
  });

  it("draws a box around the point, wider in degrees of longitude in the north", () => {
    const [west, south, east, north] = boxAround(54.66, -2.75, 1_000);
    expect(west).toBeLessThan(-2.75);
    expect(east).toBeGreaterThan(-2.75);
    expect(south).toBeLessThan(54.66);
    expect(north).toBeGreaterThan(54.66);
    expect(east - west).toBeGreaterThan(north - south);
  });

  it("formats addresses without saying a part twice", () => {
    const base = { town: null, county: null, postcode: null, country_name: "United Kingdom" };
    expect(formattedAddress({ ...base, kind: "town", name: "Penrith", town: "Penrith", county: "Cumbria" })).toBe("Penrith, Cumbria, United Kingdom");
    expect(formattedAddress({ ...base, kind: "city", name: "Paris", town: "Paris", county: "Paris", country_name: "France" })).toBe("Paris, France");
    expect(formattedAddress({ ...base, kind: "road", name: "M6" })).toBe("M6, United Kingdom");
    expect(formattedAddress({ ...base, kind: "listing", name: "Four Paws Kitchen, Penrith", town: "Penrith", county: "Cumbria" })).toBe(
      "Four Paws Kitchen, Penrith, Cumbria, United Kingdom",
    );
    expect(formattedAddress({ ...base, kind: "postcode", name: "CA11 7JQ", postcode: "CA11 7JQ", town: "Penrith", county: "Cumbria" })).toBe(
      "CA11 7JQ, Penrith, Cumbria, United Kingdom",
    );
  });
});
