import { describe, expect, it } from "vitest";
import { PointGrid, haversineMetres } from "../../db/seed/geometry";
import { Random } from "../../db/seed/random";

interface Point {
  id: number;
  lng: number;
  lat: number;
}

// Clustered like the routing graph's vertices: dense around a few "towns", sparse between them.
function points(count: number): Point[] {
  const rng = new Random("point-grid");
  const centres = Array.from({ length: 12 }, () => [rng.between(-5, 3), rng.between(43, 57)] as const);
  return Array.from({ length: count }, (_, i) => {
    if (rng.chance(0.3)) return { id: i, lng: rng.between(-5, 3), lat: rng.between(43, 57) };
    const [lng, lat] = rng.pick(centres);
    return { id: i, lng: lng + rng.between(-0.15, 0.15), lat: lat + rng.between(-0.1, 0.1) };
  });
}

/** Every point `skip` lets through, by a full scan, nearest first (a stable sort: ties in the points' order). */
function byDistance(all: Point[], from: Point, skip: (p: Point) => boolean) {
  return all
    .filter((p) => !skip(p))
    .map((item) => ({ item, metres: haversineMetres(from.lng, from.lat, item.lng, item.lat) }))
    .sort((a, b) => a.metres - b.metres);
}

/** The k nearest within the distance, from a full scan: what the grid must answer. */
function bruteForce(scan: { item: Point; metres: number }[], k: number, maxMetres: number) {
  return scan.filter((hit) => hit.metres <= maxMetres).slice(0, k);
}

describe("PointGrid.nearest (the seed's routing graph neighbours)", () => {
  const all = points(3000);
  // Each query point's full scan is made once and cut for every k, distance and cell size (it does not depend on them).
  const skipFor = (from: Point) => (p: Point) => p.id === from.id || p.id % 5 === from.id % 5;
  const scans = new Map<Point, { item: Point; metres: number }[]>();
  const scanFrom = (from: Point) => scans.get(from) ?? scans.set(from, byDistance(all, from, skipFor(from))).get(from)!;

  for (const cellDeg of [0.03, 0.1, 0.25]) {
    it(`answers the k nearest within the distance, nearest first, as a full scan does (cells of ${cellDeg}°)`, () => {
      const grid = new PointGrid(all, cellDeg);
      let compared = 0;
      for (const from of all.filter((_, i) => i % 7 === 0)) {
        for (const [k, maxMetres] of [
          [4, 30_000],
          [1, 60_000],
          [6, 5_000],
        ] as const) {
          const expected = bruteForce(scanFrom(from), k, maxMetres);
          expect(grid.nearest(from.lng, from.lat, k, maxMetres, skipFor(from))).toEqual(expected);
          compared += expected.length;
        }
      }
      // The comparison is not empty: most queries find neighbours.
      expect(compared).toBeGreaterThan(2000);
    });
  }

  it("keeps the first met of points at the same distance, and never more than k", () => {
    const twins: Point[] = [
      { id: 1, lng: 0.01, lat: 50 },
      { id: 2, lng: 0.01, lat: 50 },
      { id: 3, lng: 0.01, lat: 50 },
      { id: 4, lng: 0.5, lat: 50 },
    ];
    const grid = new PointGrid(twins, 0.1);
    expect(grid.nearest(0, 50, 2, 100_000).map((hit) => hit.item.id)).toEqual([1, 2]);
    expect(grid.nearest(0, 50, 10, 100_000).map((hit) => hit.item.id)).toEqual([1, 2, 3, 4]);
    // 0.01° of longitude at 50° N is about 715 m: the fourth point, 36 km away, is past the limit.
    expect(grid.nearest(0, 50, 10, 1_000).map((hit) => hit.item.id)).toEqual([1, 2, 3]);
  });
});
