import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addJunction, createRoad, deleteJunction, deleteRoad, editJunction, editRoad } from "../../app/admin/roads.server";
import { junctionSchema, parseLine, roadSchema } from "../../app/admin/roads.schemas";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { roadOptions } from "../../app/search/reference.server";
import { lineFromRoutingGraph } from "../../geo/roads-admin";
import { roadCountFiltersSchema, roadCounts } from "../../geo/search/road-counts";
import { tile } from "../../geo/tiles";
import { appErrorOf } from "../support/app-error";

// Roads in the back office: each change brings junction order, the gazetteer, listings' nearest road,
// road counts, the road list and tiles along in its own transaction, with an audit entry.
// The test road runs through mid-Wales, where the demo has no road within 30 km.
const users: number[] = [];
const listings: number[] = [];
const roads: number[] = [];
const NAME = `T${Date.now().toString(36).slice(-6)}`;
const LINE = "52.20, -3.90\n52.30, -3.80\n52.40, -3.70";
let admin: SessionUser;

async function user(isAdmin: boolean): Promise<SessionUser> {
  const email = `roads-${Date.now()}-${Math.random().toString(36).slice(2)}@test.pawroute`;
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, is_admin, email_verified) VALUES (${email}, ${isAdmin}, true) RETURNING id`;
  users.push(row.id);
  return { id: row.id, email, username: null, isAdmin, emailVerified: true, hasPassword: true, sessionId: "test" };
}

function roadForm(overrides: Record<string, string> = {}) {
  return roadSchema.parse({ name: NAME, motorway: "on", source: "points", line: LINE, ref: "", ...overrides });
}

function junction(number: string, lat: number, lng: number, town = "") {
  return junctionSchema.parse({ number, town, lat: String(lat), lng: String(lng) });
}

async function listingRoad(id: number) {
  const [row] = await sql()<{ road_id: number | null; junction_id: number | null }[]>`SELECT road_id, junction_id FROM listings WHERE id = ${id}`;
  return row;
}

async function junctionsOf(roadId: number) {
  return sql()<{ id: number; number: string; position: number; town: string | null }[]>`SELECT id, number, position, town FROM junctions WHERE road_id = ${roadId} ORDER BY position`;
}

async function audits(roadId: number) {
  const rows = await sql()<{ action: string; actor_id: number }[]>`SELECT action, actor_id FROM admin_audit_log WHERE record_type = 'road' AND record_id = ${String(roadId)} ORDER BY id`;
  return rows.map((row) => row.action);
}

const filters = roadCountFiltersSchema.parse({});

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  admin = await user(true);
  const [row] = await sql()<{ id: number }[]>`
    INSERT INTO listings (slug, type_id, walk_type, title, full_title, country_id, status, location)
    VALUES (${`road-test-${NAME.toLowerCase()}`}, 1, 'dog-walk', 'Road test walk', 'Road test walk', 235, 2, 'SRID=4326;POINT(-3.79 52.31)'::geography) RETURNING id`;
  listings.push(row.id);
});

afterAll(async () => {
  await sql()`DELETE FROM roads WHERE id = ANY(${roads}::int[])`;
  await sql()`DELETE FROM listings WHERE id = ANY(${listings}::int[])`;
  await sql()`DELETE FROM admin_audit_log WHERE actor_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
});

describe("the road forms' schemas", () => {
  it("reads a typed line as [lng, lat] points and names the first bad line", () => {
    expect(parseLine("52.2, -3.9\n\n 52.3 , -3.8 ")).toEqual({ ok: true, line: [[-3.9, 52.2], [-3.8, 52.3]] });
    expect(parseLine("52.2, -3.9\n152.3, -3.8")).toMatchObject({ ok: false, message: expect.stringContaining("Line 2") });
    expect(parseLine("52.2, -3.9")).toMatchObject({ ok: false });
    expect(parseLine("52.2, -3.9\n52.3, -3.8\u0000")).toMatchObject({ ok: false });
    expect(roadSchema.safeParse({ name: "M6; DROP", source: "points", line: LINE }).success).toBe(false);
    expect(roadSchema.safeParse({ name: "A1(M)", source: "graph", ref: "" }).success).toBe(false);
    expect(junctionSchema.safeParse({ number: "4A", lat: "52.3", lng: "-3.8" }).success).toBe(true);
    expect(junctionSchema.safeParse({ number: "4A", lat: "99999999999999999999", lng: "-3.8" }).success).toBe(false);
  });
});

describe("roads in the back office", () => {
  let roadId = 0;

  it("adds a road: gazetteer, road list, tiles and an audit entry follow at once", async () => {
    const before = await roadOptions();
    expect(before.some((road) => road.name === NAME)).toBe(false);
    roadId = await createRoad(admin, { ...roadForm(), country: 235 });
    roads.push(roadId);
    const [road] = await sql()<{ slug: string; icon: string; motorway: boolean; points: number }[]>`SELECT slug, icon, motorway, ST_NPoints(geom) AS points FROM roads WHERE id = ${roadId}`;
    expect(road).toEqual({ slug: NAME.toLowerCase(), icon: "motorway-gb", motorway: true, points: 3 });
    expect((await roadOptions()).some((option) => option.id === roadId)).toBe(true);
    const places = await sql()`SELECT name FROM places WHERE kind = 'road' AND ref_id = ${roadId}`;
    expect(places.map((p) => p.name)).toEqual([NAME]);
    // z8 tile over mid-Wales: x = floor((lng + 180) / 360 * 256), y from the latitude.
    const roadsTile = await tile(sql(), "roads", 8, 125, 84);
    expect(roadsTile.includes(Buffer.from(NAME))).toBe(true);
    expect(await audits(roadId)).toEqual(["road.add"]);
    const duplicate = await appErrorOf(createRoad(admin, { ...roadForm({ name: NAME.toLowerCase() }), country: 235 }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.fieldErrors.name).toContain("already a road called");
  });

  it("orders junctions along the road, points the road so numbers rise, and attaches nearby listings", async () => {
    const primed = await roadCounts(sql(), filters);
    expect(primed.counts[String(roadId)] ?? 0).toBe(0);
    // Drawn north to south while J1 is in the north: the line is turned round.
    await addJunction(admin, roadId, junction("2", 52.2, -3.9));
    await addJunction(admin, roadId, junction("1", 52.4, -3.7, "Test Town"));
    await addJunction(admin, roadId, junction("1A", 52.3, -3.8));
    const ordered = await junctionsOf(roadId);
    expect(ordered.map((j) => [j.number, j.position])).toEqual([
      ["1", 1],
      ["1A", 2],
      ["2", 3],
    ]);
    expect(ordered[0].town).toBe("Test Town");
    expect(ordered[2].town).toBeTruthy();
    const [start] = await sql()<{ lat: number }[]>`SELECT ST_Y(ST_StartPoint(geom)) AS lat FROM roads WHERE id = ${roadId}`;
    expect(start.lat).toBeCloseTo(52.4, 5);

    const attached = await listingRoad(listings[0]);
    expect(attached).toEqual({ road_id: roadId, junction_id: ordered[1].id });
    const counts = await roadCounts(sql(), filters);
    expect(counts.cached).toBe(false);
    expect(counts.counts[String(roadId)]).toBeGreaterThanOrEqual(1);
    const junctionPlaces = await sql()`SELECT name FROM places WHERE kind = 'junction' AND ref_id = ANY(${ordered.map((j) => j.id)}::int[]) ORDER BY name`;
    expect(junctionPlaces.map((p) => p.name)).toContain(`${NAME} Junction 1 (Test Town)`);
  });

  it("refuses a junction off the road or a number the road already has, changing nothing", async () => {
    const far = await appErrorOf(addJunction(admin, roadId, junction("3", 52.3, -3.5)));
    expect(far.status).toBe(422);
    expect(far.fieldErrors.lat).toContain("must be on the road");
    const taken = await appErrorOf(addJunction(admin, roadId, junction("1a", 52.25, -3.85)));
    expect(taken.status).toBe(409);
    expect((await junctionsOf(roadId)).length).toBe(3);
  });

  it("moves and deletes junctions: the listing follows its nearest junction", async () => {
    const [j1, j1a] = await junctionsOf(roadId);
    // J1A moves to the far end of the road: the listing's nearest junction (within 8 km) is now none.
    await editJunction(admin, roadId, j1a.id, junction("1A", 52.39, -3.71));
    expect(await listingRoad(listings[0])).toEqual({ road_id: null, junction_id: null });
    await editJunction(admin, roadId, j1a.id, junction("1A", 52.3, -3.8));
    expect(await listingRoad(listings[0])).toEqual({ road_id: roadId, junction_id: j1a.id });
    await deleteJunction(admin, roadId, j1.id);
    expect((await junctionsOf(roadId)).map((j) => [j.number, j.position])).toEqual([
      ["1A", 1],
      ["2", 2],
    ]);
    const gone = await sql()`SELECT 1 FROM places WHERE kind = 'junction' AND ref_id = ${j1.id}`;
    expect(gone.length).toBe(0);
    const other = await appErrorOf(deleteJunction(admin, roadId, 1));
    expect(other.status).toBe(404);
  });

  it("renames and redraws a road, and takes a line from the routing graph by number", async () => {
    await editRoad(admin, roadId, roadForm({ name: `${NAME} Link` }));
    const [road] = await sql()<{ name: string; slug: string }[]>`SELECT name, slug FROM roads WHERE id = ${roadId}`;
    expect(road).toEqual({ name: `${NAME} Link`, slug: `${NAME.toLowerCase()}-link` });
    expect((await roadOptions()).find((option) => option.id === roadId)?.name).toBe(`${NAME} Link`);
    const m6 = await lineFromRoutingGraph(sql(), 235, "m6");
    expect(m6?.length).toBeGreaterThan(10);
    expect(await lineFromRoutingGraph(sql(), 75, "M6")).toBeNull();
    const missing = await appErrorOf(editRoad(admin, roadId, roadForm({ source: "graph", ref: "Z999" })));
    expect(missing.status).toBe(404);
    expect(missing.fieldErrors.ref).toContain("no road Z999");
  });

  it("deletes the road: its junctions, gazetteer entries and listings' links go, counts follow", async () => {
    const member = await user(false);
    const refused = await appErrorOf(deleteRoad(member, roadId));
    expect(refused.status).toBe(403);
    await deleteRoad(admin, roadId);
    expect((await sql()`SELECT 1 FROM roads WHERE id = ${roadId}`).length).toBe(0);
    expect(await listingRoad(listings[0])).toEqual({ road_id: null, junction_id: null });
    expect((await sql()`SELECT 1 FROM places WHERE kind IN ('road', 'junction') AND name LIKE ${`${NAME}%`}`).length).toBe(0);
    expect((await roadCounts(sql(), filters)).counts[String(roadId)]).toBeUndefined();
    expect((await roadOptions()).some((option) => option.id === roadId)).toBe(false);
    expect(await audits(roadId)).toEqual(["road.add", "road.junction-add", "road.junction-add", "road.junction-add", "road.junction-edit", "road.junction-edit", "road.junction-delete", "road.edit", "road.delete"]);
  });
});
