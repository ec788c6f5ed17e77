import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors";
import { routingEngine } from "../../geo/routing";
import { createOsrmEngine, OSRM_UNAVAILABLE_MESSAGE } from "../../geo/routing/osrm";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import type { LngLat, Route } from "../../geo/routing/port";
import { connectTestDatabase } from "../support/database";
import { json, osrmFixture, startOsrmServer, type OsrmAnswer, type OsrmTestServer } from "../support/osrm-server";

const CARLISLE: LngLat = { lat: 54.8951, lng: -2.9382 };
const PENRITH: LngLat = { lat: 54.6641, lng: -2.7522 };
const ISLAND: LngLat = { lat: 59.9, lng: -1.3 };
const BROKEN: LngLat = { lat: 50, lng: 0 };

/** Like osrm-routed: steps only when asked, NoRoute as HTTP 400, and a crash for one coordinate. */
function answer(url: URL): OsrmAnswer {
  if (url.pathname.includes(`${ISLAND.lng.toFixed(6)},${ISLAND.lat.toFixed(6)}`)) return json(400, osrmFixture("no-route.json"));
  if (url.pathname.includes(`${BROKEN.lng.toFixed(6)},${BROKEN.lat.toFixed(6)}`)) return { status: 500, body: "Internal Server Error" };
  if (url.searchParams.get("overview") !== "full") return json(400, osrmFixture("invalid-value.json"));
  return json(200, osrmFixture(url.searchParams.get("steps") === "true" ? "carlisle-penrith-steps.json" : "carlisle-penrith-overview.json"));
}

let server: OsrmTestServer;
const db = connectTestDatabase();

beforeAll(async () => {
  server = await startOsrmServer(answer);
});
afterAll(async () => {
  await server?.close();
  await db.close();
});

/** The shape of a value: its keys and the types of its leaves, arrays by their first element. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
  return typeof value;
}

function expectMeasuresConsistent(route: Route) {
  expect(route.measures).toHaveLength(route.coordinates.length);
  expect(route.measures[0]).toEqual({ metres: 0, seconds: 0 });
  route.measures.slice(1).forEach((m, i) => {
    expect(m.metres).toBeGreaterThanOrEqual(route.measures[i].metres);
    expect(m.seconds).toBeGreaterThanOrEqual(route.measures[i].seconds);
  });
  expect(route.measures[route.measures.length - 1].metres).toBeCloseTo(route.distanceMetres, 6);
  expect(route.measures[route.measures.length - 1].seconds).toBeCloseTo(route.durationSeconds, 6);
}

describe("OSRM engine against a local OSRM v5 server", () => {
  it("asks the v5 route service for full GeoJSON geometry and distance and duration annotations", async () => {
    const engine = createOsrmEngine(`${server.url}/`);
    await engine.route(CARLISLE, PENRITH);
    const request = server.requests[server.requests.length - 1];
    expect(request.pathname).toBe("/route/v1/driving/-2.938200,54.895100;-2.752200,54.664100");
    expect(Object.fromEntries(request.searchParams)).toEqual({ overview: "full", geometries: "geojson", steps: "false", annotations: "distance,duration" });
    await engine.route(CARLISLE, PENRITH, { steps: true });
    expect(server.requests[server.requests.length - 1].searchParams.get("steps")).toBe("true");
  });

  it("builds the route line and its measures from the annotations", async () => {
    const route = await createOsrmEngine(server.url).route(CARLISLE, PENRITH);
    if (!route) throw new Error("no route");
    expect(route.distanceMetres).toBeCloseTo(32320.5, 3);
    expect(route.durationSeconds).toBeCloseTo(1469.5, 3);
    expect(route.coordinates).toHaveLength(12);
    expect(route.coordinates[0]).toEqual([-2.938211, 54.895102]);
    expectMeasuresConsistent(route);
    // The third segment is 914.8 m and 102.9 s in the annotation.
    expect(route.measures[3].metres - route.measures[2].metres).toBeCloseTo(914.8, 1);
    expect(route.measures[3].seconds - route.measures[2].seconds).toBeCloseTo(102.9, 1);
    expect(route.legs).toEqual([{ distanceMetres: 32320.5, durationSeconds: 1469.5, steps: [] }]);
  });

  it("marks where OSRM put each end, and answers no route when that is farther than the snap limit", async () => {
    const route = await createOsrmEngine(server.url).route(CARLISLE, PENRITH);
    // The fixture's waypoints: 3.218 m and 5.104 m from the points asked for.
    expect(route?.connectors).toEqual([
      { from: [CARLISLE.lng, CARLISLE.lat], to: [-2.938211, 54.895102], metres: 3.218 },
      { from: [-2.7522, 54.6641], to: [PENRITH.lng, PENRITH.lat], metres: 5.104 },
    ]);
    const far = JSON.parse(osrmFixture("carlisle-penrith-overview.json"));
    far.waypoints[1].distance = 12_000;
    const distant = await startOsrmServer(() => json(200, JSON.stringify(far)));
    try {
      expect(await createOsrmEngine(distant.url).route(CARLISLE, PENRITH)).toBeNull();
      expect(await createOsrmEngine(distant.url, { snapMetres: 15_000 }).route(CARLISLE, PENRITH)).not.toBeNull();
    } finally {
      await distant.close();
    }
  });

  it("turns OSRM's manoeuvres into Pawroute's steps", async () => {
    const route = await createOsrmEngine(server.url).route(CARLISLE, PENRITH, { steps: true });
    const steps = route?.legs[0].steps ?? [];
    expect(steps.map((s) => [s.icon, s.description])).toEqual([
      ["depart", "Head east on Warwick Road (A69)"],
      ["join-motorway", "Take the slip road"],
      ["join-motorway", "Join the M6"],
      ["leave-motorway", "Leave the M6 at junction 40"],
      ["continue", "At the roundabout, take the second exit onto Ullswater Road (A592)"],
      ["turn-left", "Turn left onto Middlegate"],
      ["arrive", "Arrive at your destination"],
    ]);
    expect(steps[2]).toMatchObject({ point: { lng: -2.8765, lat: 54.8925 }, roadName: "M6" });
    expect(steps.reduce((sum, s) => sum + s.distanceMetres, 0)).toBeCloseTo(32320.5, 0);
  });

  it("answers null for NoRoute", async () => {
    expect(await createOsrmEngine(server.url).route(CARLISLE, ISLAND)).toBeNull();
  });

  it("answers 503 when the server fails, refuses or talks nonsense", async () => {
    const failing = createOsrmEngine(server.url).route(CARLISLE, BROKEN);
    await expect(failing).rejects.toBeInstanceOf(AppError);
    await expect(failing).rejects.toMatchObject({ status: 503, message: OSRM_UNAVAILABLE_MESSAGE });
    // Nothing listens on port 9 of 127.0.0.1.
    await expect(createOsrmEngine("http://127.0.0.1:9").route(CARLISLE, PENRITH)).rejects.toMatchObject({ status: 503 });
    const other = await startOsrmServer(() => json(400, osrmFixture("invalid-value.json")));
    try {
      await expect(createOsrmEngine(other.url).route(CARLISLE, PENRITH)).rejects.toMatchObject({ status: 503 });
    } finally {
      await other.close();
    }
  });

  it("returns the same Route shape as the pgRouting engine", async () => {
    const osrm = await createOsrmEngine(server.url).route(CARLISLE, PENRITH, { steps: true });
    const pgrouting = await createPgRoutingEngine(db.sql).route(CARLISLE, PENRITH, { steps: true });
    expect(pgrouting).not.toBeNull();
    expect(shape(osrm)).toEqual(shape(pgrouting));
  });

  it("is chosen by ROUTING_ENGINE and OSRM_URL, one instance per configuration", () => {
    const osrm = routingEngine(db.sql, { ROUTING_ENGINE: "osrm", OSRM_URL: server.url });
    expect(osrm.name).toBe("osrm");
    expect(routingEngine(db.sql, { ROUTING_ENGINE: "osrm", OSRM_URL: server.url })).toBe(osrm);
    const pgrouting = routingEngine(db.sql, { ROUTING_ENGINE: "pgrouting" });
    expect(pgrouting.name).toBe("pgrouting");
    expect(routingEngine(db.sql, { ROUTING_ENGINE: "pgrouting", OSRM_URL: server.url })).toBe(pgrouting);
  });
});
