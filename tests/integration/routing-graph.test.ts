import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "../../db/client";
import { runImport } from "../../geo/import";
import { createProgress } from "../../geo/import/progress";
import { createPgRoutingEngine, findPgRoutingPath } from "../../geo/routing/pgrouting";
import type { LngLat } from "../../geo/routing/port";
import { createScratchDatabase, migrateDatabase } from "../support/database";

// The routing graph the OSM importer builds from the hand-made extracts in tests/fixtures/osm/, on a scratch
// database: what is driven, what is not, and how the countries' parts sit side by side (issue 47).
const FIXTURES = new URL("../fixtures/osm/", import.meta.url).pathname;
const GB = 235;
const FR = 75;

const FOLKESTONE: LngLat = { lng: 1.101, lat: 51.081 };
const DOVER: LngLat = { lng: 1.329, lat: 51.121 };
/** Inland from Calais, by the French road's far end. */
const FRENCH_TOWN: LngLat = { lng: 2.049, lat: 50.901 };
/** 20 km north of every road of the extract. */
const OFF_GRAPH: LngLat = { lng: 1.2, lat: 51.3 };
/** Beside the end of the one-way Stub Lane (node 13), which can be driven into but not out of. */
const STUB_END: LngLat = { lng: 1.101, lat: 51.121 };
/** In Hidden Close, reached only by a driveway (nodes 20-21). */
const HIDDEN_CLOSE: LngLat = { lng: 1.171, lat: 51.0951 };

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let handle: DatabaseHandle;
let reports: string;
const silent = createProgress({ silent: true });

const importOsm = (file: string, country: "GB" | "FR") =>
  runImport(handle.sql, { kind: "osm", file: join(FIXTURES, file), country, progress: silent, reportPath: join(reports, `${file}.rejected.csv`) });

const route = (from: LngLat, to: LngLat) => createPgRoutingEngine(handle.sql).route(from, to, { steps: true });

/** A checksum of one country's part of the graph (its edges, and the vertices they use). */
async function part(country: number): Promise<{ edges: number; sum: string }> {
  const [row] = await handle.sql<{ edges: number; sum: string }[]>`
    SELECT count(*)::int AS edges, md5(string_agg(e::text || v1::text || v2::text, '|' ORDER BY e.id)) AS sum
    FROM routing_edges e JOIN routing_vertices v1 ON v1.id = e.source JOIN routing_vertices v2 ON v2.id = e.target
    WHERE e.country_id = ${country}`;
  return row;
}

async function edgeNamed(name: string) {
  return handle.sql<{ cost: number; reverse_cost: number; length_m: number; road_class: string; first: number[] }[]>`
    SELECT cost, reverse_cost, length_m, road_class, ARRAY[ST_X(ST_StartPoint(geom)), ST_Y(ST_StartPoint(geom))] AS first
    FROM routing_edges WHERE name = ${name} ORDER BY id`;
}

beforeAll(async () => {
  scratch = await createScratchDatabase("pawroute_graph");
  handle = connect(scratch.url, { max: 4 });
  await migrateDatabase(handle);
  reports = mkdtempSync(join(tmpdir(), "pawroute-graph-"));
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
  if (reports) rmSync(reports, { recursive: true, force: true });
});

describe("a drivable graph from OpenStreetMap tags", () => {
  let first: Awaited<ReturnType<typeof importOsm>>;
  beforeAll(async () => {
    // A demo graph (country NULL, as the seed writes it): the first import of any country replaces it.
    await handle.sql`
      INSERT INTO routing_vertices (id, geom) VALUES (9001, ST_SetSRID(ST_MakePoint(1.2, 51.3), 4326)), (9002, ST_SetSRID(ST_MakePoint(1.21, 51.3), 4326))`;
    await handle.sql`
      INSERT INTO routing_edges (id, source, target, cost, reverse_cost, length_m, road_class, name, geom)
      VALUES (1, 9001, 9002, 60, 60, 700, 'minor', 'Demo road', ST_GeomFromText('LINESTRING(1.2 51.3, 1.21 51.3)', 4326))`;
    first = await importOsm("channel-gb.osm", "GB");
  }, 60_000);

  it("replaces the demo graph on the first import", async () => {
    expect(first.changes.routing_edges.removed).toBe(1);
    expect(first.changes.routing_vertices.removed).toBe(2);
    const [{ demo }] = await handle.sql<{ demo: number }[]>`SELECT count(*)::int AS demo FROM routing_edges WHERE country_id IS NULL`;
    expect(demo).toBe(0);
  });

  it("leaves out ways closed to cars, driveways, parking aisles, reversible roads and foot ferries", async () => {
    const names = await handle.sql<{ name: string }[]>`SELECT DISTINCT name FROM routing_edges ORDER BY name`;
    expect(names.map((n) => n.name)).toEqual(["Back Lane", "Castle Roundabout", "Channel Tunnel", "Dover – Calais", "Folkestone Road", "Hidden Close", "Services Road", "Stub Lane"]);
    const [{ aisle }] = await handle.sql<{ aisle: number }[]>`SELECT count(*)::int AS aisle FROM routing_vertices WHERE id IN (11, 31, 41, 62)`;
    expect(aisle).toBe(0);
  });

  it("drives one-way, oneway=-1 and roundabout ways one way, service roads slowly, and roads at their maxspeed", async () => {
    const [back] = await edgeNamed("Back Lane");
    expect(back.reverse_cost).toBe(-1);
    expect(back.first).toEqual([1.3, 51.14]); // stored from node 40 to node 5, the way it may be driven
    expect((await edgeNamed("Castle Roundabout")).every((e) => e.reverse_cost === -1)).toBe(true);
    expect((await edgeNamed("Stub Lane"))[0].reverse_cost).toBe(-1);
    const [service] = await edgeNamed("Services Road");
    expect(service.cost).toBeCloseTo(service.length_m / (20 / 3.6), 0);
    // 50 mph, driven at 90 % of it on average.
    const a20 = await edgeNamed("Folkestone Road");
    const kmh = (a20.reduce((s, e) => s + e.length_m, 0) / a20.reduce((s, e) => s + e.cost, 0)) * 3.6;
    expect(kmh).toBeCloseTo(50 * 1.609344 * 0.9, 0);
  });

  it("never routes over a way closed to motor vehicles, though it is shorter", async () => {
    const drive = await route(FOLKESTONE, DOVER);
    expect(drive).not.toBeNull();
    const roads = new Set(drive?.legs[0].steps.map((s) => s.roadName));
    expect(roads.has("Old Shortcut")).toBe(false);
    expect(roads.has("Folkestone Road")).toBe(true);
    // The A20's dip south, not the 11 km lane.
    expect(drive?.distanceMetres).toBeGreaterThan(20_000);
  });

  it("answers no route, not a straight line, when an end is off the graph", async () => {
    expect(await route(FOLKESTONE, OFF_GRAPH)).toBeNull();
    expect(await route(OFF_GRAPH, DOVER)).toBeNull();
  });

  it("routes an end beside a one-way stub or a cut-off close from the main component, by a short marked connector", async () => {
    const main = await handle.sql<{ id: number }[]>`SELECT id::int FROM routing_vertices WHERE main ORDER BY id`;
    expect(main.map((v) => v.id)).toEqual([1, 3, 5, 6, 30, 61, 63]);
    for (const [end, vertex] of [
      [STUB_END, "1"],
      [HIDDEN_CLOSE, "30"],
    ] as const) {
      const path = await findPgRoutingPath(handle.sql, end, DOVER);
      expect(path?.from.vertex).toBe(vertex);
      expect(path?.from.metres).toBeLessThan(8_000);
      const drive = await route(end, DOVER);
      expect(drive?.connectors[0]).toMatchObject({ from: [end.lng, end.lat], to: path?.from.position });
      expect(drive?.coordinates[1]).toEqual(path?.from.position);
    }
  });

  it("answers a French route with no route while only Great Britain is loaded", async () => {
    expect(await route(DOVER, FRENCH_TOWN)).toBeNull();
  });
});

describe("Great Britain and France side by side", () => {
  it("adds France's part beside Britain's, joined by the ferry and the tunnel, each used with its duration", async () => {
    const britain = await part(GB);
    const result = await importOsm("channel-fr.osm", "FR");
    expect(result.changes.routing_edges.removed).toBe(0);
    expect(await part(GB)).toEqual(britain);
    // The ferry, the shuttle, the road inland cut in two where the road from Coquelles joins it, and that road.
    expect((await part(FR)).edges).toBe(5);

    const drive = await route(DOVER, FRENCH_TOWN);
    expect(drive).not.toBeNull();
    const steps = drive?.legs[0].steps ?? [];
    // Dover's port is the ferry's end: the drive departs on it.
    expect(steps.some((s) => s.roadName === "Dover – Calais")).toBe(true);
    const classes = (await findPgRoutingPath(handle.sql, DOVER, FRENCH_TOWN))?.edges.map((e) => e.roadClass);
    expect(classes).toContain("ferry");
    expect(classes).not.toContain("shuttle");
    // The crossing takes its tagged hour and a half.
    const [crossing] = await edgeNamed("Dover – Calais");
    expect(crossing.cost).toBeCloseTo(90 * 60, 0);
    expect(drive?.durationSeconds).toBeGreaterThan(90 * 60);
    expect(steps.some((s) => s.roadName === "Route de Boulogne")).toBe(true);
    expect(steps.some((s) => s.roadName === "Channel Tunnel")).toBe(false);

    // From Folkestone the tunnel's 80 minutes beat driving to Dover for the ferry: a crossing step on the way.
    const tunnel = await route(HIDDEN_CLOSE, FRENCH_TOWN);
    const tunnelSteps = tunnel?.legs[0].steps ?? [];
    expect(tunnelSteps.find((s) => s.roadName === "Channel Tunnel")?.icon).toBe("ferry");
    expect(tunnelSteps.some((s) => s.roadName === "Dover – Calais")).toBe(false);
    const [shuttle] = await edgeNamed("Channel Tunnel");
    expect(shuttle.cost).toBeCloseTo(80 * 60, 0);
    expect(shuttle.road_class).toBe("shuttle");
  });

  it("replaces only France's part when France is imported again, and only Britain's for Britain", async () => {
    const britain = await part(GB);
    const france = await part(FR);
    const again = await importOsm("channel-fr-2.osm", "FR");
    // The new road cuts the road inland in two where it joins: one piece changed, one added, and the new road.
    expect(again.changes.routing_edges).toEqual({ added: 2, changed: 1, removed: 0 });
    expect(await part(GB)).toEqual(britain);
    expect((await part(FR)).edges).toBe(france.edges + 2);

    const changed = await part(FR);
    const gbAgain = await importOsm("channel-gb.osm", "GB");
    for (const change of Object.values(gbAgain.changes)) expect(change).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(await part(FR)).toEqual(changed);
    expect(await route(FOLKESTONE, { lng: 1.951, lat: 50.951 })).not.toBeNull();
  });
});
