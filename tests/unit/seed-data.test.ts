import { beforeAll, describe, expect, it } from "vitest";
import { readGeoNamesPlaces, type GeoNamesPlace } from "../../db/seed/geonames";
import { ADMIN1_NAMES, ADMIN2_NAMES, LINK_TOWNS } from "../../db/seed/data/admin-areas";
import { AUTHORED_ROADS, type AuthoredRoad } from "../../db/seed/data/roads";

const REQUIRED_GB = [
  "M1", "M2", "M3", "M4", "M5", "M6", "M8", "M9", "M11", "M18", "M20", "M23", "M25", "M27",
  "M40", "M42", "M50", "M53", "M54", "M56", "M60", "M61", "M62", "M65", "M74", "M90", "A1(M)",
];
const REQUIRED_FR = [
  "A1", "A2", "A4", "A6", "A7", "A8", "A9", "A10", "A11", "A13", "A16", "A20", "A26", "A28",
  "A61", "A62", "A63", "A71", "A75",
];
const RING_ROADS = ["M25", "M60"];

let places: GeoNamesPlace[] = [];
let byId = new Map<number, GeoNamesPlace>();

beforeAll(async () => {
  places = await readGeoNamesPlaces();
  byId = new Map(places.map((p) => [p.geonameId, p]));
}, 60_000);

function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Parses "21a" into [21, "a"]; junctions are compared by number, then by letter suffix. */
function parseJunction(j: string): [number, string] {
  const m = /^(\d+)([a-z]*)$/i.exec(j);
  if (!m) throw new Error(`unparseable junction "${j}"`);
  return [Number(m[1]), m[2].toLowerCase()];
}

function compareJunctions(a: string, b: string): number {
  const [na, sa] = parseJunction(a);
  const [nb, sb] = parseJunction(b);
  if (na !== nb) return na - nb;
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

const isRing = (road: AuthoredRoad) =>
  road.stops.length > 2 && road.stops[0].geonameId === road.stops[road.stops.length - 1].geonameId;

describe("authored roads", () => {
  it("has enough roads per country, all the required ones, with unique names", () => {
    const gb = AUTHORED_ROADS.filter((r) => r.country === "GB");
    const fr = AUTHORED_ROADS.filter((r) => r.country === "FR");
    expect(gb.length).toBeGreaterThanOrEqual(25);
    expect(fr.length).toBeGreaterThanOrEqual(15);
    const gbNames = new Set(gb.map((r) => r.name));
    const frNames = new Set(fr.map((r) => r.name));
    expect(REQUIRED_GB.filter((n) => !gbNames.has(n))).toEqual([]);
    expect(REQUIRED_FR.filter((n) => !frNames.has(n))).toEqual([]);
    const names = AUTHORED_ROADS.map((r) => r.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it("uses existing GeoNames towns of the road's country, with the exact name", () => {
    const problems: string[] = [];
    for (const road of AUTHORED_ROADS) {
      for (const stop of road.stops) {
        const place = byId.get(stop.geonameId);
        if (!place) problems.push(`${road.name}: ${stop.town} (${stop.geonameId}) not in cities500`);
        else if (place.countryCode !== road.country)
          problems.push(`${road.name}: ${stop.town} is in ${place.countryCode}, not ${road.country}`);
        else if (place.name !== stop.town)
          problems.push(`${road.name}: ${stop.geonameId} is "${place.name}", not "${stop.town}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("has consecutive stops at most 100 km apart and never the same town twice in a row", () => {
    const problems: string[] = [];
    for (const road of AUTHORED_ROADS) {
      expect(road.stops.length, road.name).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < road.stops.length; i++) {
        const a = byId.get(road.stops[i - 1].geonameId);
        const b = byId.get(road.stops[i].geonameId);
        if (!a || !b) continue; // reported by the previous test
        if (a.geonameId === b.geonameId) problems.push(`${road.name}: ${b.name} repeated at stop ${i}`);
        const km = haversineKm(a, b);
        if (km > 100) problems.push(`${road.name}: ${a.name} -> ${b.name} is ${km.toFixed(0)} km`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("closes the ring roads and only those", () => {
    for (const name of RING_ROADS) {
      const road = AUTHORED_ROADS.find((r) => r.name === name);
      expect(road && isRing(road), `${name} should be a closed loop`).toBe(true);
      expect(road!.stops[road!.stops.length - 1].junction, `${name} repeated stop`).toBeUndefined();
    }
    const rings = AUTHORED_ROADS.filter(isRing).map((r) => r.name);
    expect(rings.sort()).toEqual([...RING_ROADS].sort());
  });

  it("numbers junctions strictly monotonically, with at least 3 per road", () => {
    const problems: string[] = [];
    for (const road of AUTHORED_ROADS) {
      const junctions = road.stops.map((s) => s.junction).filter((j): j is string => j !== undefined);
      if (junctions.length < 3) problems.push(`${road.name}: only ${junctions.length} numbered junctions`);
      const bad = junctions.filter((j) => !/^\d+[a-z]*$/i.test(j));
      if (bad.length) {
        problems.push(`${road.name}: unparseable junctions ${bad.join(", ")}`);
        continue;
      }
      const steps = junctions.slice(1).map((j, i) => Math.sign(compareJunctions(junctions[i], j)));
      const ascending = steps.every((s) => s < 0);
      const descending = steps.every((s) => s > 0);
      if (!ascending && !descending) problems.push(`${road.name}: junctions not monotonic: ${junctions.join(", ")}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("admin areas", () => {
  it("names every admin1 and admin2 code occurring in GB and FR rows", () => {
    const missing = new Set<string>();
    for (const p of places) {
      if (p.admin1 && !ADMIN1_NAMES[p.countryCode][p.admin1]) missing.add(`${p.countryCode} admin1 ${p.admin1}`);
      if (p.admin2 && !ADMIN2_NAMES[p.countryCode][p.admin2]) missing.add(`${p.countryCode} admin2 ${p.admin2}`);
    }
    expect([...missing].sort()).toEqual([]);
  });

  it("points every link town at an existing place", () => {
    const missing = Object.entries(LINK_TOWNS).filter(([, id]) => !byId.has(id));
    expect(missing).toEqual([]);
    expect(byId.get(LINK_TOWNS.calais)?.name).toBe("Calais");
    expect(byId.get(LINK_TOWNS.folkestone)?.name).toBe("Folkestone");
    expect(byId.get(LINK_TOWNS.dover)?.name).toBe("Dover");
  });
});
