import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as loaderRoute } from "../../app/routes/api/directions";
import { closeDatabase } from "../../app/db.server";
import { ALREADY_THERE_MESSAGE, directions, NO_ROUTE_MESSAGE, UNKNOWN_PLACE_MESSAGE, type DirectionsResponse } from "../../geo/directions";
import { AppError } from "../../core/errors";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import type { RoutingEngine } from "../../geo/routing/port";
import { connectTestDatabase } from "../support/database";
import { withErrorResponse } from "../../app/error-response.server";

const loader = withErrorResponse(loaderRoute, true);

const { sql, close } = connectTestDatabase();
const engine = createPgRoutingEngine(sql);
const LONDON = "51.5072,-0.1276";

interface ListingRow {
  id: number;
  slug: string;
  walk_type: string;
  full_title: string;
  lat: number;
  lng: number;
}

/** A live demo listing at an M6 junction, and a listing that is not live. */
let atJunction: ListingRow;
let notLive: number;

beforeAll(async () => {
  // The API route reads the app's environment; the tests run it against the test database.
  process.env.SESSION_SECRET ??= "directions-test-secret-of-at-least-32-characters";
  [atJunction] = await sql<ListingRow[]>`
    SELECT l.id, l.slug, l.walk_type, l.full_title, ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng
    FROM listings l JOIN roads r ON r.id = l.road_id JOIN junctions j ON j.id = l.junction_id
    WHERE l.status = 2 AND r.name = 'M6' AND j.town = 'Carlisle'
    ORDER BY l.id LIMIT 1`;
  [{ id: notLive }] = await sql<{ id: number }[]>`SELECT id FROM listings WHERE status <> 2 ORDER BY id LIMIT 1`;
});
afterAll(async () => {
  await closeDatabase();
  await close();
});

async function expectAppError(promise: Promise<unknown>, status: number, message: string | RegExp, field?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  if (!(error instanceof AppError)) return;
  expect(error.status).toBe(status);
  expect(error.message).toMatch(message);
  if (field) expect(error.fieldErrors[field]).toBeTruthy();
}

function descriptions(response: DirectionsResponse): string[] {
  return response.route.legs.flatMap((leg) => leg.items.map((item) => item.description));
}

describe("directions to a listing", () => {
  it("drive from 'lat,lng' joining the M6 at a junction, with the spec's response fields", async () => {
    const response = await directions(sql, engine, { from: LONDON, listingId: atJunction.id });
    expect(response.route.distance).toBeGreaterThan(250);
    expect(response.route.distance).toBeLessThan(450);
    expect(response.route.duration).toBeGreaterThan(4 * 3600);
    expect(Number.isInteger(response.route.duration)).toBe(true);
    const items = response.route.legs[0].items;
    expect(items[0]).toMatchObject({ icon: "depart", point: { lat: 51.5072, lng: -0.1276 } });
    expect(items[items.length - 1]).toMatchObject({ icon: "arrive", description: "Arrive at your destination", distance: 0, point: { lat: atJunction.lat, lng: atJunction.lng } });
    expect(descriptions(response).some((d) => /^Join the M6 at junction \d+$/.test(d))).toBe(true);
    const itemMiles = items.reduce((sum, item) => sum + item.distance, 0);
    expect(Math.abs(itemMiles - response.route.distance)).toBeLessThan(items.length * 0.05 + 0.1);
    expect(response.points).toEqual([
      { lat: 51.5072, lng: -0.1276, label: "51.5072, -0.1276" },
      { lat: atJunction.lat, lng: atJunction.lng, label: atJunction.full_title },
    ]);
    expect(response.road).toMatchObject({ name: "M6", slug: "m6", country: "united-kingdom", motorway: true });
    expect(response.junction).toMatchObject({ town: "Carlisle", expandedName: expect.stringMatching(/^Junction \d+$/) });
    expect(response.location).toMatchObject({ id: atJunction.id, url: `/${atJunction.walk_type}/${atJunction.slug}`, fullTitle: atJunction.full_title });
    expect(response.location.date.timestamp).toBeGreaterThan(1_600_000_000);
    expect(response.query).toEqual({ from: LONDON, to: atJunction.id });
  });

  it("start from a place name through the gazetteer", async () => {
    const response = await directions(sql, engine, { from: "Penrith", listingId: atJunction.id });
    expect(response.points[0].label).toMatch(/Penrith/);
    expect(response.route.distance).toBeGreaterThan(10);
    expect(response.route.distance).toBeLessThan(40);
  });

  it("refuse malformed coordinates, unknown places, unknown or hidden listings and the listing's own spot", async () => {
    await expectAppError(directions(sql, engine, { from: "91.5,-2.9", listingId: atJunction.id }), 400, /latitude/, "from");
    await expectAppError(directions(sql, engine, { from: "54.9,-2.9,3", listingId: atJunction.id }), 400, /latitude/, "from");
    await expectAppError(directions(sql, engine, { from: "  ", listingId: atJunction.id }), 400, /starting point/, "from");
    await expectAppError(directions(sql, engine, { from: "Qwxzvbnm Nowhereshire", listingId: atJunction.id }), 422, UNKNOWN_PLACE_MESSAGE, "from");
    await expectAppError(directions(sql, engine, { from: LONDON, listingId: 2_147_483_647 }), 404, /can't find that location/);
    await expectAppError(directions(sql, engine, { from: LONDON, listingId: notLive }), 404, /can't find that location/);
    await expectAppError(directions(sql, engine, { from: `${atJunction.lat},${atJunction.lng}`, listingId: atJunction.id }), 422, ALREADY_THERE_MESSAGE);
  });

  it("say so when the engine finds no route", async () => {
    const nowhere: RoutingEngine = { name: "pgrouting", route: async () => null };
    await expectAppError(directions(sql, nowhere, { from: LONDON, listingId: atJunction.id }), 422, NO_ROUTE_MESSAGE);
  });
});

describe("GET /api/directions", () => {
  async function get(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await loader({ request: new Request(`http://localhost/api/directions?${query}`), params: {}, context: {} });
    const body: Record<string, unknown> = await response.json();
    return { status: response.status, body };
  }

  it("answers the directions response as JSON, with the listing as location or to", async () => {
    const byLocation = await get(`from=${encodeURIComponent(LONDON)}&location=${atJunction.id}`);
    expect(byLocation.status).toBe(200);
    expect(byLocation.body).toMatchObject({ query: { from: LONDON, to: atJunction.id }, location: { id: atJunction.id } });
    const byTo = await get(`from=Penrith&to=${atJunction.id}`);
    expect(byTo.status).toBe(200);
  });

  it("answers 400 with field errors for missing or malformed parameters, never 500", async () => {
    expect(await get(`location=${atJunction.id}`)).toMatchObject({ status: 400, body: { fieldErrors: { from: "Please enter a starting point" } } });
    expect(await get(`from=&location=${atJunction.id}`)).toMatchObject({ status: 400, body: { fieldErrors: { from: "Please enter a starting point" } } });
    expect(await get(`from=Penrith`)).toMatchObject({ status: 400, body: { fieldErrors: { location: expect.any(String) } } });
    expect(await get(`from=Penrith&location=abc`)).toMatchObject({ status: 400, body: { fieldErrors: { location: expect.any(String) } } });
    expect(await get(`from=Penrith&location=99999999999`)).toMatchObject({ status: 400 });
    expect(await get(`from=95,200&location=${atJunction.id}`)).toMatchObject({ status: 400, body: { fieldErrors: { from: expect.any(String) } } });
  });

  it("answers 404 for an unknown listing and 422 for an unknown place", async () => {
    expect(await get(`from=Penrith&location=2147483647`)).toMatchObject({ status: 404, body: { message: expect.stringMatching(/can't find/) } });
    expect(await get(`from=Qwxzvbnm%20Nowhereshire&location=${atJunction.id}`)).toMatchObject({ status: 422, body: { fieldErrors: { from: UNKNOWN_PLACE_MESSAGE } } });
  });
});
