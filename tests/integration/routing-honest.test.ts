import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../../app/db.server";
import { loader as directionsLoaderRoute } from "../../app/routes/api/directions";
import { loader as searchLoaderRoute } from "../../app/routes/api/search";
import { NO_ROUTE_MESSAGE } from "../../geo/directions";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { DEFAULT_SNAP_METRES, type LngLat } from "../../geo/routing/port";
import { connectTestDatabase } from "../support/database";
import { withErrorResponse } from "../../app/error-response.server";

const directionsLoader = withErrorResponse(directionsLoaderRoute, true);
const searchLoader = withErrorResponse(searchLoaderRoute, true);

// Honest routing on the demo data (issue 47): the seed's graph has its strongly connected components worked
// out, still routes across each country and the Channel, and an end far from every road is "no route" through
// the engine, the search API and the directions API alike, never a straight line.
const { sql, close } = connectTestDatabase();
const engine = createPgRoutingEngine(sql);

const LONDON: LngLat = { lat: 51.5072, lng: -0.1276 };
const LEEDS: LngLat = { lat: 53.7965, lng: -1.5478 };
const CALAIS: LngLat = { lat: 50.9513, lng: 1.8587 };
const MARSEILLE: LngLat = { lat: 43.2965, lng: 5.3698 };
/** The Atlantic, 120 km west of the Isles of Scilly. */
const AT_SEA = "49.9,-8.0";

let listingId: number;

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "routing-honest-test-secret-of-at-least-32-characters";
  [{ id: listingId }] = await sql<{ id: number }[]>`SELECT id FROM listings WHERE status = 2 ORDER BY id LIMIT 1`;
});
afterAll(async () => {
  await closeDatabase();
  await close();
});

describe("the demo graph", () => {
  it("has its components worked out by the seed: one main component holding every vertex", async () => {
    const [row] = await sql<{ vertices: number; main: number; components: number }[]>`
      SELECT count(*)::int AS vertices, count(*) FILTER (WHERE main)::int AS main, count(DISTINCT component)::int AS components FROM routing_vertices`;
    expect(row.vertices).toBeGreaterThan(1000);
    expect(row.main).toBe(row.vertices);
    expect(row.components).toBe(1);
  });

  it.each([
    ["London", "Leeds", LONDON, LEEDS, 250_000],
    ["Calais", "Marseille", CALAIS, MARSEILLE, 900_000],
    ["London", "Marseille", LONDON, MARSEILLE, 1_100_000],
  ])("routes %s to %s by road, with short marked connectors", async (_from, _to, from, to, atLeast) => {
    const route = await engine.route(from, to);
    expect(route).not.toBeNull();
    expect(route?.distanceMetres).toBeGreaterThan(atLeast);
    expect(route?.coordinates.length).toBeGreaterThan(10);
    for (const connector of route?.connectors ?? []) expect(connector.metres).toBeLessThan(DEFAULT_SNAP_METRES);
    expect(route?.connectors[0]?.from ?? route?.coordinates[0]).toEqual([from.lng, from.lat]);
  });

  it("answers no route for an end at sea, however near the other end is to a road", async () => {
    const [lat, lng] = AT_SEA.split(",").map(Number);
    expect(await engine.route(LONDON, { lat, lng })).toBeNull();
    expect(await engine.route({ lat, lng }, LONDON, { steps: true })).toBeNull();
  });
});

describe("the JSON API", () => {
  it("lists a route's connectors, each short, from the exact start", async () => {
    const request = new Request(`http://localhost/api/locations/search/route?from=${LONDON.lat},${LONDON.lng}&to=${LEEDS.lat},${LEEDS.lng}`);
    const response = await searchLoader({ request, params: { searchType: "route" }, context: {} });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.route.connectors.length).toBeGreaterThan(0);
    expect(body.route.connectors[0].from).toEqual([LONDON.lng, LONDON.lat]);
    for (const connector of body.route.connectors) expect(connector.metres).toBeLessThan(DEFAULT_SNAP_METRES);
  });
});

describe("the JSON API with an end off the graph", () => {
  it("answers a route search with 422 and the no-route message, not a line", async () => {
    const request = new Request(`http://localhost/api/locations/search/route?from=${LONDON.lat},${LONDON.lng}&to=${AT_SEA}`);
    const response = await searchLoader({ request, params: { searchType: "route" }, context: {} });
    const body = await response.json();
    expect(response.status).toBe(422);
    expect(body.message).toBe("Sorry, we couldn't find a route between those places.");
    expect(body.route).toBeUndefined();
  });

  it("answers directions with 422 and the no-route message", async () => {
    const request = new Request(`http://localhost/api/directions?from=${AT_SEA}&location=${listingId}`);
    const response = await directionsLoader({ request, params: {}, context: {} });
    const body = await response.json();
    expect(response.status).toBe(422);
    expect(body.message).toBe(NO_ROUTE_MESSAGE);
  });
});
