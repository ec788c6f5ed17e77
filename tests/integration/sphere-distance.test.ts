import { afterAll, describe, expect, it } from "vitest";
import { Random } from "../../db/seed/random";
import { Arcs, unitVector } from "../../geo/search/sphere";
import { connectTestDatabase } from "../support/database";

// The corridor measures listings against the route's pieces in the app (decision 0203): its distances
// must be PostGIS's own, ST_Distance(geography, geography, false), for every kind of pair. The oracle
// is PostGIS, asked here for each pair.
const { sql, close } = connectTestDatabase();
afterAll(close);

interface Pair {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  lng: number;
  lat: number;
}

async function postgis(pairs: Pair[]): Promise<number[]> {
  const rows = await sql<{ d: number }[]>`
    SELECT ST_Distance(ST_SetSRID(ST_MakePoint(u.lng, u.lat), 4326)::geography,
                       ST_SetSRID(ST_MakeLine(ST_MakePoint(u.x0, u.y0), ST_MakePoint(u.x1, u.y1)), 4326)::geography, false) AS d
    FROM unnest(${pairs.map((p) => p.x0)}::float8[], ${pairs.map((p) => p.y0)}::float8[], ${pairs.map((p) => p.x1)}::float8[],
                ${pairs.map((p) => p.y1)}::float8[], ${pairs.map((p) => p.lng)}::float8[], ${pairs.map((p) => p.lat)}::float8[])
         WITH ORDINALITY AS u(x0, y0, x1, y1, lng, lat, n)
    ORDER BY u.n`;
  return rows.map((row) => row.d);
}

/** Each pair's piece as one arc, in the pairs' order. */
function arcsOf(pairs: Pair[], reach = Infinity): Arcs {
  return new Arcs(
    pairs.map((p) => p.x0),
    pairs.map((p) => p.y0),
    pairs.map((p) => p.x1),
    pairs.map((p) => p.y1),
    reach,
  );
}

function ours(pairs: Pair[]): number[] {
  const arcs = arcsOf(pairs);
  return pairs.map((p, i) => arcs.distance(i, unitVector(p.lng, p.lat)));
}

/** Pieces of up to 5 km (the corridor's) in the UK, France and beyond, each with a point up to 20 km away. */
function randomPairs(seed: string, count: number): Pair[] {
  const rng = new Random(seed);
  return Array.from({ length: count }, () => {
    const y0 = -60 + rng.float() * 130;
    const x0 = -180 + rng.float() * 360;
    const heading = rng.float() * 2 * Math.PI;
    const length = rng.float() * 0.045;
    const y1 = y0 + length * Math.cos(heading);
    const x1 = x0 + (length * Math.sin(heading)) / Math.cos((y0 * Math.PI) / 180);
    const t = -0.5 + rng.float() * 2;
    const off = rng.float() * 0.18;
    const side = rng.float() * 2 * Math.PI;
    return { x0, y0, x1, y1, lng: x0 + t * (x1 - x0) + off * Math.cos(side), lat: y0 + t * (y1 - y0) + off * Math.sin(side) };
  });
}

describe("distances on the sphere, point to piece of route", () => {
  it("equal PostGIS's to a hundredth of a millimetre on 5,000 random pairs (foot inside the piece, beyond either end, on it)", async () => {
    const pairs = randomPairs("sphere", 5_000);
    const want = await postgis(pairs);
    const got = ours(pairs);
    const worst = Math.max(...got.map((d, i) => Math.abs(d - want[i])));
    expect(worst).toBeLessThan(1e-5);
    // The set covers both cases: feet inside pieces and points nearest to an end.
    const ends = pairs.filter((p, i) => Math.abs(want[i] - Math.min(...postgisFreeEnds(p))) < 1e-6).length;
    expect(ends).toBeGreaterThan(500);
    expect(ends).toBeLessThan(4_500);
  });

  it("handles a piece of no length, a point on the piece, and pieces across the antimeridian", async () => {
    const pairs: Pair[] = [
      { x0: -0.1276, y0: 51.5072, x1: -0.1276, y1: 51.5072, lng: -0.12, lat: 51.51 },
      { x0: -0.1276, y0: 51.5072, x1: -0.17, y1: 51.53, lng: -0.1276, lat: 51.5072 },
      { x0: -0.1276, y0: 51.5072, x1: -0.17, y1: 51.53, lng: -0.1488, lat: 51.5186 },
      { x0: 179.98, y0: 10, x1: -179.98, y1: 10.01, lng: 180, lat: 10.05 },
      { x0: 2.35, y0: 48.85, x1: 2.4, y1: 48.85, lng: 2.375, lat: 48.9 },
    ];
    const want = await postgis(pairs);
    ours(pairs).forEach((d, i) => expect(Math.abs(d - want[i]), `pair ${i}`).toBeLessThan(1e-5));
  });

  it("rules a piece out only when the point is farther than the reach from all of it", async () => {
    const pairs = randomPairs("reach", 2_000);
    const want = await postgis(pairs);
    const reach = 8_046.72;
    const arcs = arcsOf(pairs, reach);
    const far = pairs.map((p, i) => arcs.isFar(i, unitVector(p.lng, p.lat)));
    // Never a piece within reach; and the test is worth having: most pieces far from the point are ruled out.
    expect(want.filter((d, i) => far[i] && d <= reach)).toEqual([]);
    const beyond = want.filter((d) => d > reach + 6_000).length;
    expect(far.filter(Boolean).length).toBeGreaterThan(beyond * 0.9);
  });
});

/** The point's distances to the piece's two ends (the haversine on PostGIS's sphere), for classifying pairs. */
function postgisFreeEnds(p: Pair): [number, number] {
  const arcs = new Arcs([p.x0, p.x1], [p.y0, p.y1], [p.x0, p.x1], [p.y0, p.y1], Infinity);
  const v = unitVector(p.lng, p.lat);
  return [arcs.distance(0, v), arcs.distance(1, v)];
}
