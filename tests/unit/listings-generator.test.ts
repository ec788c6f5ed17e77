import { describe, expect, it } from "vitest";
import { BLUEPRINTS, anchorsFrom, generateListings } from "../../db/seed/listings";
import type { Town } from "../../db/seed/places";
import { Random } from "../../db/seed/random";
import type { SeedRoad } from "../../db/seed/roads";

const town = (placeId: number, name: string, lng: number, lat: number, population: number): Town => ({
  placeId,
  geonameId: placeId,
  name,
  lng,
  lat,
  population,
  countryId: 235,
  county: "Cumbria",
  region: "England",
});
const towns = [town(1, "Carlisle", -2.94, 54.9, 78000), town(2, "Penrith", -2.76, 54.67, 15000), town(3, "Maryport", -3.5, 54.71, 9000)];
const roads: SeedRoad[] = [
  { id: 1, name: "M6", countryId: 235, motorway: true, stops: towns.slice(0, 2), junctions: [{ id: 1, roadId: 1, number: "40", expandedName: "Junction 40", town: towns[1] }] },
];
const anchors = anchorsFrom(roads, towns, new Set([1, 2, 3]), new Set([3]));

describe("generateListings", () => {
  it("gives the same listings for the same seed", () => {
    expect([...generateListings(new Random("a"), 200, anchors)]).toEqual([...generateListings(new Random("a"), 200, anchors)]);
  });

  it("gives other listings for another seed", () => {
    const a = [...generateListings(new Random("a"), 50, anchors)].map((l) => l.title);
    const b = [...generateListings(new Random("b"), 50, anchors)].map((l) => l.title);
    expect(a).not.toEqual(b);
  });

  it("makes every blueprint, unique slugs, junction titles in the directory's style", () => {
    const listings = [...generateListings(new Random("styles"), 2000, anchors)];
    expect(new Set(listings.map((l) => l.slug)).size).toBe(listings.length);
    for (const bp of BLUEPRINTS) expect(listings.some((l) => l.blueprint === bp)).toBe(true);
    const junctionWalk = listings.find((l) => l.blueprint.typeId === 1 && l.junction);
    expect(junctionWalk?.fullTitle).toMatch(/^M6 Junction 40 .+ dog walk.*, Cumbria$/);
    for (const l of listings) expect(l.slug).toMatch(/^[a-z0-9_-]+$/);
    // Beaches are anchored on coastal towns only.
    expect(listings.filter((l) => l.blueprint.typeId === 3).every((l) => l.town.name === "Maryport")).toBe(true);
  });
});
