import { afterAll, describe, expect, it } from "vitest";
import { Random } from "../../db/seed/random";
import { connectTestDatabase } from "../support/database";

// The overlay within reach of a route's ends (migration 0043, docs/decisions/0322): a long route leaves
// out the overlay chains no path of its cost can reach, and answers what the whole overlay answers.

const { sql, close } = connectTestDatabase();
afterAll(() => close());

interface Vertex {
  id: string;
  lng: number;
  lat: number;
}

async function longPairs(count: number): Promise<[Vertex, Vertex][]> {
  const vertices = await sql<Vertex[]>`
    SELECT v.id::text, ST_X(v.geom) AS lng, ST_Y(v.geom) AS lat FROM routing_vertices v JOIN places p ON p.id = v.place_id
    WHERE v.main AND p.kind IN ('city', 'town') ORDER BY v.id`;
  const rng = new Random("routing-overlay-reach");
  const pairs: [Vertex, Vertex][] = [];
  while (pairs.length < count) {
    const a = rng.pick(vertices);
    const b = rng.pick(vertices);
    if (Math.hypot((a.lng - b.lng) * 0.63, a.lat - b.lat) > 1.4) pairs.push([a, b]);
  }
  return pairs;
}

/** The hierarchy tier's first search over the given overlay reach (null: the whole overlay): its cost and overlay edge count. */
async function tierSearch(from: string, to: string, reach: number | null) {
  const [{ query }] = await sql<{ query: string }[]>`SELECT routing_edges_query(${from}::bigint, ${to}::bigint, 'hierarchy', ${reach}::float8) AS query`;
  const [{ overlay }] = await sql.unsafe<{ overlay: number }[]>(`SELECT count(*)::int AS overlay FROM (${query}) q WHERE id < 0`);
  const [{ seconds }] = await sql<{ seconds: number | null }[]>`SELECT max(agg_cost) AS seconds FROM pgr_dijkstra(${query}, ${from}::bigint, ${to}::bigint, true)`;
  return { overlay, seconds };
}

describe("the overlay within reach of both ends (migration 0043)", () => {
  it("bounds every edge's speed", async () => {
    const [row] = await sql<{ bound: number; fastest: number }[]>`
      SELECT (SELECT metres_per_second FROM routing_speed_bound) AS bound,
        (SELECT max(ST_Distance(ST_StartPoint(geom)::geography, ST_EndPoint(geom)::geography) / cost) FROM routing_edges WHERE cost > 0) AS fastest`;
    expect(row.bound).toBeGreaterThanOrEqual(row.fastest);
    // A motorway's speed, not something absurd that would bound nothing.
    expect(row.bound * 3.6).toBeLessThan(200);
  });

  it("routes long drives through fewer overlay edges at exactly the whole overlay's cost, widening the first guess where it must", async () => {
    const pairs = await longPairs(16);
    const [{ speed }] = await sql<{ speed: number }[]>`SELECT metres_per_second AS speed FROM routing_speed_bound`;
    let fewer = 0;
    let widened = 0;
    for (const [a, b] of pairs) {
      const whole = await tierSearch(a.id, b.id, null);
      const [rows] = await sql<{ tier: string; seconds: number }[]>`
        SELECT min(tier) AS tier, sum(seconds) AS seconds FROM routing_path(${a.id}::bigint, ${b.id}::bigint, 0)`;
      if (whole.seconds === null) continue;
      // routing_path (edge budget 0: the hierarchy tier, with its reach) costs what the whole overlay costs.
      expect(rows.tier).toBe("hierarchy");
      expect(rows.seconds).toBeCloseTo(whole.seconds, 6);
      // The first guess, twice the straight distance, leaves chains out.
      const [{ reach }] = await sql<{ reach: number }[]>`
        SELECT 2 * ST_Distance(x.geom::geography, y.geom::geography) AS reach FROM routing_vertices x, routing_vertices y WHERE x.id = ${a.id}::bigint AND y.id = ${b.id}::bigint`;
      const bounded = await tierSearch(a.id, b.id, reach);
      expect(bounded.overlay).toBeLessThanOrEqual(whole.overlay);
      if (bounded.overlay < whole.overlay) fewer++;
      // Where the guess cannot prove the path found (speed × cost beyond it), routing_path widened it.
      if (speed * whole.seconds > reach) widened++;
    }
    expect(fewer).toBeGreaterThan(8);
    // Both branches ran: drives answered within the guess, and drives whose reach was widened.
    expect(widened).toBeGreaterThan(0);
    expect(widened).toBeLessThan(pairs.length);
  });
});
