import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "../../db/client";
import { createPgRoutingEngine, findPgRoutingPath } from "../../geo/routing/pgrouting";
import { createScratchDatabase, migrateDatabase } from "../support/database";

// A tiny graph in its own database. A (0,0) and B (0.05,0) are joined only by a detour through
// C (0,3) and D (3,3), far outside the box the restricted search looks in; E and F are an island.
const VERTICES: [number, number, number][] = [
  [1, 0, 0],
  [2, 0.05, 0],
  [3, 0, 3],
  [4, 3, 3],
  [5, 10, 10],
  [6, 10.1, 10],
];
const EDGES: [number, number, number, string][] = [
  [1, 1, 3, "A – C road"],
  [2, 3, 4, "C – D road"],
  [3, 4, 2, "D – B road"],
  [4, 5, 6, "E – F road"],
];

describe("pgRouting engine on a graph with detours and islands", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase("pawroute_routing");
    handle = connect(scratch.url, { max: 2 });
    await migrateDatabase(handle);
    for (const [id, lng, lat] of VERTICES) {
      await handle.sql`INSERT INTO routing_vertices (id, geom) VALUES (${id}, ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326))`;
    }
    for (const [id, source, target, name] of EDGES) {
      await handle.sql`
        INSERT INTO routing_edges (id, source, target, cost, reverse_cost, length_m, road_class, name, geom)
        SELECT ${id}, a.id, b.id, ST_Distance(a.geom::geography, b.geom::geography) / 20, ST_Distance(a.geom::geography, b.geom::geography) / 20,
               ST_Distance(a.geom::geography, b.geom::geography), 'minor', ${name}, ST_MakeLine(a.geom, b.geom)
        FROM routing_vertices a, routing_vertices b WHERE a.id = ${source} AND b.id = ${target}`;
    }
    await handle.sql`ANALYZE routing_edges`;
    await handle.sql`SELECT routing_refresh_components()`;
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it("falls back to the whole graph when the restricted edges have no path", async () => {
    const path = await findPgRoutingPath(handle.sql, { lng: 0, lat: 0 }, { lng: 0.05, lat: 0 });
    expect(path?.tier).toBe("full");
    expect(path?.edges.map((e) => e.name)).toEqual(["A – C road", "C – D road", "D – B road"]);
    // Each edge's geometry runs in the direction of travel, D – B road included (stored D to B).
    expect(path?.edges.map((e) => e.coordinates)).toEqual([
      [[0, 0], [0, 3]],
      [[0, 3], [3, 3]],
      [[3, 3], [0.05, 0]],
    ]);
  });

  it("orients edges travelled against their stored direction", async () => {
    const path = await findPgRoutingPath(handle.sql, { lng: 0.05, lat: 0 }, { lng: 0, lat: 0 });
    expect(path?.edges.map((e) => [e.startVertex, e.endVertex])).toEqual([["2", "4"], ["4", "3"], ["3", "1"]]);
    expect(path?.edges[0].coordinates).toEqual([[0.05, 0], [3, 3]]);
  });

  it("answers null when no road joins the two places: the island E – F is not the main component", async () => {
    const components = await handle.sql<{ id: string; main: boolean }[]>`SELECT id::text, main FROM routing_vertices ORDER BY id`;
    expect(components.map((v) => v.main)).toEqual([true, true, true, true, false, false]);
    expect(await createPgRoutingEngine(handle.sql).route({ lng: 0, lat: 0 }, { lng: 10, lat: 10 })).toBeNull();
    expect(await findPgRoutingPath(handle.sql, { lng: 10.001, lat: 10 }, { lng: 10.09, lat: 10 })).toBeNull();
  });

  it("answers null, not a straight line, when an end is farther than the snap limit from the graph", async () => {
    const engine = createPgRoutingEngine(handle.sql, { snapMetres: 5_000 });
    // 0.05° north of A is 5.6 km away; 0.04° is 4.4 km (haversine).
    expect(await engine.route({ lng: 0, lat: 0.05 }, { lng: 0, lat: 3 })).toBeNull();
    const near = await engine.route({ lng: 0, lat: 0.04 }, { lng: 0, lat: 3 });
    expect(near?.connectors).toEqual([{ from: [0, 0.04], to: [0, 0], metres: expect.closeTo(4_448, 0) }]);
    expect(near?.coordinates).toEqual([[0, 0.04], [0, 0], [0, 3]]);
  });

  it("goes through the vertex both ends are nearest to, each by a short marked connector", async () => {
    const route = await createPgRoutingEngine(handle.sql).route({ lng: 0.001, lat: 0 }, { lng: 0.002, lat: 0 }, { steps: true });
    expect(route?.coordinates).toEqual([[0.001, 0], [0, 0], [0.002, 0]]);
    expect(route?.connectors.map((c) => c.to)).toEqual([[0, 0], [0.002, 0]]);
    expect(route?.legs[0].steps.map((s) => s.icon)).toEqual(["depart", "arrive"]);
  });
});
