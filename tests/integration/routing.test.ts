import { afterAll, describe, expect, it } from "vitest";
import { Random } from "../../db/seed/random";
import { haversineMetres } from "../../geo/routing/geometry";
import { createPgRoutingEngine, findPgRoutingPath } from "../../geo/routing/pgrouting";
import type { LngLat, Route } from "../../geo/routing/port";
import { connectTestDatabase } from "../support/database";

const { sql, close } = connectTestDatabase();
const engine = createPgRoutingEngine(sql);
afterAll(() => close());

const GB = 235;
const FR = 75;
const LONDON: LngLat = { lat: 51.5072, lng: -0.1276 };
const EDINBURGH: LngLat = { lat: 55.9533, lng: -3.1883 };
const CALAIS: LngLat = { lat: 50.9513, lng: 1.8587 };
const MARSEILLE: LngLat = { lat: 43.2965, lng: 5.3698 };

interface Town extends LngLat {
  name: string;
  countryId: number;
}

/** Towns and cities with their routing vertex (a town's vertex sits exactly on it). */
async function towns(): Promise<Town[]> {
  return sql<Town[]>`
    SELECT p.name, p.country_id AS "countryId", ST_X(v.geom) AS lng, ST_Y(v.geom) AS lat
    FROM routing_vertices v JOIN places p ON p.id = v.place_id
    WHERE p.kind IN ('city', 'town') AND p.country_id IN (${GB}, ${FR})
    ORDER BY p.id`;
}

function metresBetween(a: LngLat, b: LngLat): number {
  return haversineMetres([a.lng, a.lat], [b.lng, b.lat]);
}

/** Deterministic pairs: GB–GB and FR–FR (half of them within about 60 km), and GB–FR across the Channel. */
function townPairs(all: Town[]): { from: Town; to: Town; kind: string }[] {
  const rng = new Random("routing-1-percent");
  const gb = all.filter((t) => t.countryId === GB);
  const fr = all.filter((t) => t.countryId === FR);
  const nearby = (from: Town, list: Town[]) => list.filter((t) => t !== from && metresBetween(t, from) < 60_000);
  const pairs: { from: Town; to: Town; kind: string }[] = [];
  const countries: { country: string; list: Town[] }[] = [
    { country: "GB", list: gb },
    { country: "FR", list: fr },
  ];
  for (const { country, list } of countries) {
    for (let i = 0; i < 14; i++) {
      const from = rng.pick(list);
      const close = nearby(from, list);
      const short = i % 2 === 0 && close.length > 0;
      pairs.push({ from, to: short ? rng.pick(close) : rng.pick(list), kind: `${country}–${country}${short ? " short" : ""}` });
    }
  }
  for (let i = 0; i < 12; i++) pairs.push({ from: rng.pick(gb), to: rng.pick(fr), kind: "GB–FR" });
  return pairs;
}

async function unrestrictedSeconds(fromVertex: string, toVertex: string): Promise<number | null> {
  const [row] = await sql<{ seconds: number | null }[]>`
    SELECT max(agg_cost) AS seconds
    FROM pgr_dijkstra('SELECT id, source, target, cost, reverse_cost FROM routing_edges', ${fromVertex}::bigint, ${toVertex}::bigint)`;
  return row.seconds;
}

function expectMeasuresConsistent(route: Route) {
  expect(route.measures).toHaveLength(route.coordinates.length);
  expect(route.measures[0]).toEqual({ metres: 0, seconds: 0 });
  for (let i = 1; i < route.measures.length; i++) {
    expect(route.measures[i].metres).toBeGreaterThanOrEqual(route.measures[i - 1].metres);
    expect(route.measures[i].seconds).toBeGreaterThanOrEqual(route.measures[i - 1].seconds);
  }
  const last = route.measures[route.measures.length - 1];
  expect(last.metres).toBeCloseTo(route.distanceMetres, 6);
  expect(last.seconds).toBeCloseTo(route.durationSeconds, 6);
  expect(route.legs[0].distanceMetres).toBeCloseTo(route.distanceMetres, 6);
}

/** Share of the route's metres on motorways or autoroutes, and the roads used. */
async function motorwayUse(from: LngLat, to: LngLat): Promise<{ share: number; roads: Set<string>; crossings: Set<string> }> {
  const path = await findPgRoutingPath(sql, from, to);
  if (!path) throw new Error("no path");
  const total = path.edges.reduce((sum, e) => sum + e.metres, 0);
  const motorway = path.edges.filter((e) => e.roadClass === "motorway" || e.roadClass === "autoroute");
  return {
    share: motorway.reduce((sum, e) => sum + e.metres, 0) / total,
    roads: new Set(motorway.map((e) => e.name)),
    crossings: new Set(path.edges.filter((e) => e.roadClass === "shuttle" || e.roadClass === "ferry").map((e) => e.name)),
  };
}

describe("pgRouting engine on the demo graph", () => {
  it("matches an unrestricted Dijkstra within 1% on 40 town pairs (GB, FR, across the Channel; short and long)", async () => {
    const pairs = townPairs(await towns());
    expect(pairs).toHaveLength(40);
    const report: string[] = [];
    let worst = 1;
    for (const { from, to, kind } of pairs) {
      const path = await findPgRoutingPath(sql, from, to);
      expect(path, `${from.name} → ${to.name}`).not.toBeNull();
      if (!path) continue;
      const restricted = path.edges.reduce((sum, e) => sum + e.seconds, 0);
      const best = await unrestrictedSeconds(path.from.vertex, path.to.vertex);
      expect(best, `${from.name} → ${to.name}`).not.toBeNull();
      const ratio = best ? restricted / best : 1;
      worst = Math.max(worst, ratio);
      report.push(`${kind.padEnd(12)} ${`${from.name} → ${to.name}`.padEnd(48)} ${(metresBetween(from, to) / 1000).toFixed(0).padStart(5)} km  ${path.tier ?? "-"}  ${ratio.toFixed(4)}`);
      expect(ratio, `${from.name} → ${to.name}: ${restricted} s against ${best} s`).toBeLessThanOrEqual(1.01);
      if (kind === "GB–FR") expect(path.edges.some((e) => e.roadClass === "shuttle" || e.roadClass === "ferry")).toBe(true);
      // From a town to a town the connectors are empty, so the route's time is the path's.
      const route = await engine.route(from, to);
      expect(route?.durationSeconds).toBeCloseTo(restricted, 3);
    }
    console.log(`Restricted route / unrestricted Dijkstra (worst ${worst.toFixed(4)}):\n${report.join("\n")}`);
  });

  it("drives London to Edinburgh in plausible time on the motorways", async () => {
    const route = await engine.route(LONDON, EDINBURGH);
    if (!route) throw new Error("no route");
    // About 640 km and 7-8 hours by road; the demo graph's roads are straight lines between towns.
    expect(route.distanceMetres).toBeGreaterThan(600_000);
    expect(route.distanceMetres).toBeLessThan(900_000);
    expect(route.durationSeconds).toBeGreaterThan(6 * 3600);
    expect(route.durationSeconds).toBeLessThan(10 * 3600);
    expectMeasuresConsistent(route);
    expect(route.coordinates[0]).toEqual([LONDON.lng, LONDON.lat]);
    expect(route.coordinates[route.coordinates.length - 1]).toEqual([EDINBURGH.lng, EDINBURGH.lat]);
    const use = await motorwayUse(LONDON, EDINBURGH);
    expect(use.share).toBeGreaterThan(0.8);
    expect(use.roads).toContain("M6");
  });

  it("drives Calais to Marseille in plausible time on the autoroutes", async () => {
    const route = await engine.route(CALAIS, MARSEILLE);
    if (!route) throw new Error("no route");
    // About 1,060 km and 10 hours by road.
    expect(route.distanceMetres).toBeGreaterThan(950_000);
    expect(route.distanceMetres).toBeLessThan(1_300_000);
    expect(route.durationSeconds).toBeGreaterThan(8 * 3600);
    expect(route.durationSeconds).toBeLessThan(13 * 3600);
    expectMeasuresConsistent(route);
    const use = await motorwayUse(CALAIS, MARSEILLE);
    expect(use.share).toBeGreaterThan(0.8);
    expect(use.roads).toContain("A7");
  });

  it("crosses the Channel from London to Paris", async () => {
    const use = await motorwayUse(LONDON, { lat: 48.8566, lng: 2.3522 });
    expect(use.crossings).toContain("Channel Tunnel (Le Shuttle)");
  });

  it("adds slow straight connectors from the exact points to the graph", async () => {
    const from = { lat: 54.9, lng: -2.95 };
    const route = await engine.route(from, { lat: 54.66, lng: -2.74 });
    if (!route) throw new Error("no route");
    const path = await findPgRoutingPath(sql, from, { lat: 54.66, lng: -2.74 });
    if (!path) throw new Error("no path");
    const connector = metresBetween(from, { lng: path.from.position[0], lat: path.from.position[1] });
    expect(route.coordinates[0]).toEqual([from.lng, from.lat]);
    expect(route.coordinates[1]).toEqual(path.from.position);
    expect(route.measures[1].metres).toBeCloseTo(connector, 3);
    // 30 km/h: 120 seconds a kilometre.
    expect(route.measures[1].seconds).toBeCloseTo((connector / 1000) * 120, 3);
    expectMeasuresConsistent(route);
  });

  it("builds steps only when asked, and joins motorways by junction", async () => {
    const plain = await engine.route(LONDON, EDINBURGH);
    expect(plain?.legs[0].steps).toEqual([]);
    const route = await engine.route(LONDON, EDINBURGH, { steps: true });
    const steps = route?.legs[0].steps ?? [];
    expect(steps[0].icon).toBe("depart");
    expect(steps[steps.length - 1]).toMatchObject({ icon: "arrive", description: "Arrive at your destination" });
    expect(steps.some((s) => /^Join the M6 at junction \d+$/.test(s.description))).toBe(true);
    expect(steps.some((s) => s.icon === "leave-motorway" && /^Leave the M\d+ at junction \d+ onto /.test(s.description))).toBe(true);
    const stepMetres = steps.reduce((sum, s) => sum + s.distanceMetres, 0);
    expect(stepMetres).toBeCloseTo(route?.distanceMetres ?? 0, 3);
  });

  it("restricts long routes to the major roads when the graph is too big for the edge budget", async () => {
    const near = await findPgRoutingPath(sql, LONDON, EDINBURGH);
    const hierarchy = await findPgRoutingPath(sql, LONDON, EDINBURGH, { edgeBudget: 0 });
    expect(near?.tier).toBe("near");
    expect(hierarchy?.tier).toBe("hierarchy");
    const seconds = (path: typeof near) => path?.edges.reduce((sum, e) => sum + e.seconds, 0) ?? Number.NaN;
    // The demo graph's motorways have gaps that only local roads bridge: the hierarchy is close, not exact.
    expect(seconds(hierarchy) / seconds(near)).toBeLessThan(1.1);
  });

  it("routes London → Edinburgh the same way every time, along a plausible road distance", async () => {
    // Timings of this route: tests/bench/timings.ts (npm run bench:timings).
    const routes = await Promise.all(Array.from({ length: 3 }, () => engine.route(LONDON, EDINBURGH)));
    const [first] = routes;
    expect(first).not.toBeNull();
    if (!first) return;
    for (const other of routes.slice(1)) {
      expect(other?.distanceMetres).toBe(first.distanceMetres);
      expect(other?.coordinates).toEqual(first.coordinates);
    }
    // Roads are longer than the great circle (534 km), but not absurdly so; the line starts and ends near both cities.
    const straight = metresBetween(LONDON, EDINBURGH);
    expect(first.distanceMetres).toBeGreaterThan(straight);
    expect(first.distanceMetres).toBeLessThan(straight * 1.4);
    const [startLng, startLat] = first.coordinates[0];
    const [endLng, endLat] = first.coordinates[first.coordinates.length - 1];
    expect(metresBetween(LONDON, { lng: startLng, lat: startLat })).toBeLessThan(20_000);
    expect(metresBetween(EDINBURGH, { lng: endLng, lat: endLat })).toBeLessThan(20_000);
    // Motorway speeds: between 50 and 120 km/h on average.
    const kmh = first.distanceMetres / 1000 / (first.durationSeconds / 3600);
    expect(kmh).toBeGreaterThan(50);
    expect(kmh).toBeLessThan(120);
  });
});
