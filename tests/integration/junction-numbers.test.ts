import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addJunction, createRoad } from "../../app/admin/roads.server";
import { junctionSchema, roadSchema } from "../../app/admin/roads.schemas";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { loader as searchLoaderRoute } from "../../app/routes/api/search";
import { resultsPage as page } from "../support/results-page";
import { withErrorResponse } from "../../app/error-response.server";

const searchLoader = withErrorResponse(searchLoaderRoute, true);

// Junction numbers as they are signed (issue 47): T1 (the M6 Toll), 6.1 and 12a saved through the back
// office's junction form (the importers' rule) each have a results page and an API answer, and the
// road page's junction links and picker name them the way the path reads them.
// The test road runs across Lewis, where the demo has no road.
const NAME = `T${Date.now().toString(36).slice(-6)}`;
const SLUG = NAME.toLowerCase();
const users: number[] = [];
const listings: number[] = [];
let roadId = 0;
let admin: SessionUser;

async function api(query: string) {
  const request = new Request(`http://localhost/api/locations/search/road?road-slug=${SLUG}&road-country=united-kingdom&${query}`);
  const response = await searchLoader({ request, params: { searchType: "road" }, context: {} });
  return { status: response.status, body: await response.json() };
}


beforeAll(async () => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  const email = `junctions-${Date.now()}@test.pawroute`;
  const [user] = await sql()<{ id: number }[]>`INSERT INTO users (email, is_admin, email_verified) VALUES (${email}, true, true) RETURNING id`;
  users.push(user.id);
  admin = { id: user.id, email, username: null, isAdmin: true, emailVerified: true, hasPassword: true, sessionId: "test" };
  const [listing] = await sql()<{ id: number }[]>`
    INSERT INTO listings (slug, type_id, walk_type, title, full_title, country_id, status, location)
    VALUES (${`junction-test-${SLUG}`}, 1, 'dog-walk', 'Junction test walk', 'Junction test walk', 235, 2, 'SRID=4326;POINT(-6.505 58.205)'::geography) RETURNING id`;
  listings.push(listing.id);
  roadId = await createRoad(admin, { ...roadSchema.parse({ name: NAME, motorway: "on", source: "points", line: "58.20, -6.50\n58.25, -6.55\n58.30, -6.60", ref: "" }), country: 235 });
  for (const [number, lat, lng] of [["T1", 58.2, -6.5], ["6.1", 58.25, -6.55], ["12a", 58.3, -6.6]] as const) {
    await addJunction(admin, roadId, junctionSchema.parse({ number, town: "", lat: String(lat), lng: String(lng) }));
  }
}, 60_000);

afterAll(async () => {
  await sql()`DELETE FROM roads WHERE id = ${roadId}`;
  await sql()`DELETE FROM listings WHERE id = ANY(${listings}::int[])`;
  await sql()`DELETE FROM admin_audit_log WHERE actor_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
});

describe("junction numbers as they are signed", () => {
  it("reads T1, 6.1 and 12a (and T 1 with a space) in the back office's form, and refuses what has no page", () => {
    expect(junctionSchema.parse({ number: "T 1", lat: "58.2", lng: "-6.5" }).number).toBe("T1");
    for (const bad of ["4x4", "1/2", "12345", "T", "1..2", "junction 5"]) expect(junctionSchema.safeParse({ number: bad, lat: "58.2", lng: "-6.5" }).success, bad).toBe(false);
  });

  it("answers the API for each junction, in any case, with only its listings", async () => {
    for (const junction of ["T1", "t1", "6.1", "12a", "12A"]) {
      const { status, body } = await api(`junction=${encodeURIComponent(junction)}`);
      expect(status, junction).toBe(200);
      expect(body.query.junction).toBe(junction.toLowerCase());
    }
    const t1 = await api("junction=t1");
    // The demo has walks on Lewis too: the nearest junction of each is one of the test road's now.
    expect(t1.body.results.map((r: { location: { title: string } }) => r.location.title)).toContain("Junction test walk");
    expect(t1.body.results.every((r: { junction: { number: string } }) => r.junction.number === "T1")).toBe(true);
    expect(t1.body.junctions.map((j: { number: string }) => j.number)).toEqual(["T1", "6.1", "12a"]);
    expect((await api("junction=6.1")).body.results.every((r: { junction: { number: string } }) => r.junction.number === "6.1")).toBe(true);
    expect((await api("junction=T9")).status).toBe(404);
    expect((await api("junction=4x4")).status).toBe(400);
  });

  it("serves the junction pages, links the junction badge to them and offers them in the picker", async () => {
    const road = `/browse/road/united-kingdom/${SLUG}`;
    const whole = await page(road);
    expect(whole.status).toBe(200);
    if (whole.page?.outcome.kind !== "results") throw new Error("the road page shows no results");
    const { cards, summary } = whole.page.outcome.results;
    // The junction badges of the listings (the links that answered 404 before) and the picker's options.
    const walk = cards.find((card) => card.title === "Junction test walk");
    expect(walk?.junctionHref).toBe(`${road}/junction-t1`);
    for (const card of cards) expect([`${road}/junction-t1`, `${road}/junction-6.1`, `${road}/junction-12a`]).toContain(card.junctionHref);
    expect(summary.road?.junctions.map((j) => j.number)).toEqual(["t1", "6.1", "12a"]);
    for (const junction of ["t1", "6.1", "12a"]) {
      const one = await page(`${road}/junction-${junction}`);
      expect(one.status, junction).toBe(200);
      expect(one.page?.state.junction).toBe(junction);
    }
    // The picker's form without JavaScript (?junction=T1) and a path typed in capitals go to the one URL.
    expect(await page(`${road}?junction=T1`)).toMatchObject({ status: 302, location: `${road}/junction-t1` });
    expect(await page(`${road}/junction-T1`)).toMatchObject({ status: 302, location: `${road}/junction-t1` });
    expect((await page(`${road}/junction-t9`)).status).toBe(404);
    expect((await page(`${road}/junction-4x4`)).status).toBe(404);
  });
});
