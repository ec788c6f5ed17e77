import { describe, expect, it } from "vitest";
import type { GeocodeResult } from "../../geo/geocode/types";
import { parsePlaceRef, placeRefOf } from "../../geo/geocode/ref";
import { toSuggestions } from "../../app/components/search/hooks";

function hit(kind: string, id: number, formattedAddress: string): GeocodeResult {
  return { kind, id, formattedAddress, lat: 0, lng: 0, bounds: [0, 0, 0, 0], population: 0, address: { postal_town: null, administrative_area_level_2: null, postal_code: null, country: { id: 235, slug: "united-kingdom" } } };
}

describe("place suggestions", () => {
  it("group places, then roads and junctions, then listings, one per address, each with its place reference", () => {
    const suggestions = toSuggestions([
      hit("listing", 7, "M6 walk, Cumbria, United Kingdom"),
      hit("road", 2, "M6, United Kingdom"),
      hit("town", 5, "Penrith, Cumbria, United Kingdom"),
      hit("junction", 9, "M6 Junction 40 (Penrith), Cumbria, United Kingdom"),
      hit("village", 6, "Warton, Lancashire, United Kingdom"),
      hit("village", 8, "Warton, Lancashire, United Kingdom"),
    ]);
    expect(suggestions.map((s) => [s.group, s.ref, s.label])).toEqual([
      ["places", "p5", "Penrith, Cumbria, United Kingdom"],
      ["places", "p6", "Warton, Lancashire, United Kingdom"],
      ["roads", "p2", "M6, United Kingdom"],
      ["roads", "p9", "M6 Junction 40 (Penrith), Cumbria, United Kingdom"],
      ["listings", "l7", "M6 walk, Cumbria, United Kingdom"],
    ]);
  });

  it("place references round-trip and reject what is not one", () => {
    expect(parsePlaceRef(placeRefOf({ kind: "listing", id: 45 }))).toEqual({ table: "listings", id: 45 });
    expect(parsePlaceRef(placeRefOf({ kind: "postcode", id: 3 }))).toEqual({ table: "places", id: 3 });
    for (const bad of ["", "p0", "q1", "p01", "p2147483648", "p12345678901", "l1 ", "1"]) expect(parsePlaceRef(bad), bad).toBeNull();
  });
});
