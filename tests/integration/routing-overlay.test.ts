import { afterAll, describe, expect, it } from "vitest";
import { Random } from "../../db/seed/random";
import { createPgRoutingEngine, findPgRoutingPath } from "../../geo/routing/pgrouting";
import { connectTestDatabase } from "../support/database";

// The contracted major-road overlay of migration 0038 (docs/decisions/0290). The route-equality test
// against an unrestricted Dijkstra is tests/integration/routing.test.ts (40 pairs, the engine as
// configured); this file checks that the overlay is an exact contraction, and routes through it.

const { sql, close } = connectTestDatabase();
afterAll(() => close());

const MAJOR = "road_class IN ('motorway', 'autoroute', 'trunk', 'primary', 'shuttle', 'ferry', 'link')";

interface Vertex {
  id: string;
  lng: number;
  lat: number;
}

/** 24 fixed pseudo-random pairs of main vertices more than 150 km apart (the overlay is for long routes). */
async function longPairs(): Promise<[Vertex, Vertex][]> {
  const vertices = await sql<Vertex[]>`
    SELECT v.id::text, ST_X(v.geom) AS lng, ST_Y(v.geom) AS lat FROM routing_vertices v JOIN places p ON p.id = v.place_id
    WHERE v.main AND p.kind IN ('city', 'town') ORDER BY v.id`;
  const rng = new Random("routing-overlay");
  const pairs: [Vertex, Vertex][] = [];
  while (pairs.length < 24) {
    const a = rng.pick(vertices);
    const b = rng.pick(vertices);
    if (Math.hypot((a.lng - b.lng) * 0.63, a.lat - b.lat) > 1.4) pairs.push([a, b]);
  }
  return pairs;
}

/** The uncontracted 'hierarchy' tier: every major edge of the graph plus every edge in the two end boxes. */
async function uncontractedSeconds(from: string, to: string): Promise<number | null> {
  const [boxes] = await sql<{ a: string; b: string }[]>`
    SELECT routing_local_box(a.geom, routing_local_metres(a.geom))::text AS a, routing_local_box(b.geom, routing_local_metres(b.geom))::text AS b
    FROM routing_vertices a, routing_vertices b WHERE a.id = ${from}::bigint AND b.id = ${to}::bigint`;
  const query = `SELECT id, source, target, cost, reverse_cost FROM routing_edges WHERE ${MAJOR} OR geom && '${boxes.a}'::geometry OR geom && '${boxes.b}'::geometry`;
  const [row] = await sql<{ seconds: number | null }[]>`SELECT max(agg_cost) AS seconds FROM pgr_dijkstra(${query}, ${from}::bigint, ${to}::bigint, true)`;
  return row.seconds;
}

async function unrestrictedSeconds(from: string, to: string): Promise<number | null> {
  const [row] = await sql<{ seconds: number | null }[]>`
    SELECT max(agg_cost) AS seconds FROM pgr_dijkstra('SELECT id, source, target, cost, reverse_cost FROM routing_edges', ${from}::bigint, ${to}::bigint, true)`;
  return row.seconds;
}

describe("the major-road overlay (migration 0038)", () => {
  it("covers every major edge once, each overlay edge costing what its chain of edges costs", async () => {
    const [counts] = await sql<{ major: number; members: number; overlay: number; wrong: number }[]>`
      SELECT (SELECT count(*)::int FROM routing_edges WHERE ${sql.unsafe(MAJOR)} AND source <> target) AS major,
        (SELECT count(*)::int FROM routing_overlay_members m JOIN routing_edges e ON e.id = m.edge_id) AS members,
        (SELECT count(*)::int FROM routing_overlay) AS overlay,
        (SELECT count(*)::int FROM routing_overlay o WHERE o.edges <> (SELECT count(*) FROM routing_overlay_members m WHERE m.overlay_id = o.id)) AS wrong`;
    expect(counts.major).toBeGreaterThan(1000);
    expect(counts.members).toBe(counts.major);
    expect(counts.overlay).toBeGreaterThan(0);
    expect(counts.overlay).toBeLessThan(counts.major);
    expect(counts.wrong).toBe(0);
    // Each two-way overlay edge's cost is a shortest path over its own edges, in each direction.
    const samples = await sql<{ id: string; source: string; target: string; cost: number; reverse_cost: number }[]>`
      SELECT id::text, source::text, target::text, cost, reverse_cost FROM routing_overlay WHERE edges > 1 AND source <> target ORDER BY id LIMIT 30`;
    expect(samples.length).toBeGreaterThan(10);
    for (const o of samples) {
      const query = `SELECT id, source, target, cost, reverse_cost FROM routing_edges WHERE id IN (SELECT edge_id FROM routing_overlay_members WHERE overlay_id = ${Number(o.id)})`;
      const [there] = await sql<{ seconds: number | null }[]>`SELECT max(agg_cost) AS seconds FROM pgr_dijkstra(${query}, ${o.source}::bigint, ${o.target}::bigint, true)`;
      const [back] = await sql<{ seconds: number | null }[]>`SELECT max(agg_cost) AS seconds FROM pgr_dijkstra(${query}, ${o.target}::bigint, ${o.source}::bigint, true)`;
      if (o.cost >= 0) expect(there.seconds).toBeCloseTo(o.cost, 6);
      else expect(there.seconds).toBeNull();
      if (o.reverse_cost >= 0) expect(back.seconds).toBeCloseTo(o.reverse_cost, 6);
      else expect(back.seconds).toBeNull();
    }
  });

  it("answers long routes through the overlay exactly as the same tier over the raw major roads, never better than Dijkstra", async () => {
    const report: string[] = [];
    for (const [a, b] of await longPairs()) {
      const path = await findPgRoutingPath(sql, a, b, { edgeBudget: 0 });
      expect(path, `${a.id} → ${b.id}`).not.toBeNull();
      if (!path) continue;
      const seconds = path.edges.reduce((sum, e) => sum + e.seconds, 0);
      const raw = await uncontractedSeconds(path.from.vertex, path.to.vertex);
      const best = await unrestrictedSeconds(path.from.vertex, path.to.vertex);
      if (!best) throw new Error(`no unrestricted path ${a.id} → ${b.id}`);
      report.push(`${path.tier} ${(seconds / 3600).toFixed(2)} h, uncontracted ${raw ? (raw / 3600).toFixed(2) : "-"} h, Dijkstra ${(best / 3600).toFixed(2)} h`);
      // The path is a real drive: consecutive edges meet, from the start vertex to the end vertex.
      expect(path.edges[0].startVertex).toBe(path.from.vertex);
      expect(path.edges[path.edges.length - 1].endVertex).toBe(path.to.vertex);
      for (let i = 1; i < path.edges.length; i++) expect(path.edges[i].startVertex).toBe(path.edges[i - 1].endVertex);
      expect(seconds).toBeGreaterThanOrEqual(best - 1e-6);
      if (path.tier === "hierarchy") {
        // Contraction loses nothing: the overlay's answer is the uncontracted tier's (or, where the
        // uncontracted tier found nothing, a fallback would have answered).
        expect(raw).not.toBeNull();
        expect(seconds).toBeLessThanOrEqual((raw ?? 0) + 1e-6);
      } else {
        expect(path.tier).toBe("full");
      }
    }
    console.log(`Overlay routes (edge budget 0):\n${report.join("\n")}`);
  });

  it("is rebuilt with the components: the same graph gives the same overlay", async () => {
    const checksum = async () => {
      const [row] = await sql<{ overlay: string; members: string }[]>`
        SELECT (SELECT md5(string_agg(o::text, ',' ORDER BY o.id)) FROM routing_overlay o) AS overlay,
          (SELECT md5(string_agg(m::text, ',' ORDER BY m.edge_id)) FROM routing_overlay_members m) AS members`;
      return row;
    };
    const before = await checksum();
    let inside: Awaited<ReturnType<typeof checksum>> | null = null;
    await sql
      .begin(async (tx) => {
        await tx`SELECT routing_refresh_components()`;
        const [row] = await tx<{ overlay: string; members: string }[]>`
          SELECT (SELECT md5(string_agg(o::text, ',' ORDER BY o.id)) FROM routing_overlay o) AS overlay,
            (SELECT md5(string_agg(m::text, ',' ORDER BY m.edge_id)) FROM routing_overlay_members m) AS members`;
        inside = row;
        throw new Error("rollback");
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== "rollback") throw error;
      });
    expect(inside).toEqual(before);
    expect(await checksum()).toEqual(before);
  });

  it("routes through the overlay with the engine: a long drive with steps, its line along the edges", async () => {
    const engine = createPgRoutingEngine(sql, { edgeBudget: 0 });
    const route = await engine.route({ lng: -0.1276, lat: 51.5072 }, { lng: 5.3698, lat: 43.2965 }, { steps: true });
    expect(route).not.toBeNull();
    if (!route) return;
    expect(route.legs[0].steps.length).toBeGreaterThan(3);
    expect(route.legs[0].steps.some((s) => s.icon === "ferry" || /shuttle|tunnel|ferry/i.test(s.description))).toBe(true);
    const last = route.measures[route.measures.length - 1];
    expect(last.seconds).toBeCloseTo(route.durationSeconds, 6);
  });
});
