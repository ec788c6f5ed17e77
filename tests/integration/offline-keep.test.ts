import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieHeader } from "../../app/auth/guards.server";
import { startSession } from "../../app/auth/session.server";
import { closeDatabase, sql } from "../../app/db.server";
import { AppError } from "../../core/errors";
import { action as offlineAction, loader as offlineLoader } from "../../app/routes/account/offline";
import { loader as planLoader } from "../../app/routes/api/offline-plan";
import { ESTIMATE_BYTES, tileEstimate, type OfflinePlan } from "../../app/offline/plan";

// "Keep for offline" over HTTP (issue 53): the plain form's post lands on the Offline page (which says
// keeping needs JavaScript), and the plan of what a list, a trip or a listing keeps is the member's own.
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const users: number[] = [];
let cookie = "";
let otherCookie = "";
let listId = 0;
let tripId = 0;
let listingIds: number[] = [];

async function member(label: string): Promise<{ id: number; cookie: string }> {
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, username, email_verified) VALUES (${`offline-${label}-${tag}@test.pawroute`}, ${`off${label}${tag}`.slice(0, 30)}, true) RETURNING id`;
  users.push(row.id);
  return { id: row.id, cookie: (await sessionCookieHeader(await startSession(row.id, { ip: "192.0.2.53", userAgent: "vitest" }))).split(";")[0] };
}

async function settle<T>(work: () => Promise<T>): Promise<T | Response | AppError> {
  try {
    return await work();
  } catch (thrown) {
    if (thrown instanceof Response || thrown instanceof AppError) return thrown;
    throw thrown;
  }
}

function plan(kind: string, id: string, as = cookie) {
  return settle(async () => {
    const response = await planLoader({ request: new Request(`http://localhost/api/offline/${kind}/${id}`, { headers: as ? { Cookie: as } : {} }), params: { kind, id }, context: {} });
    return (await response.json()) as OfflinePlan;
  });
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  const me = await member("me");
  cookie = me.cookie;
  otherCookie = (await member("other")).cookie;
  listingIds = (await sql()<{ id: number }[]>`
    SELECT id FROM listings WHERE status = 2
    ORDER BY location <-> ST_SetSRID(ST_MakePoint(-3.1347, 54.6013), 4326)::geography LIMIT 3`).map((row) => row.id);
  [{ id: listId }] = await sql()<{ id: number }[]>`INSERT INTO favourite_lists (user_id, name, is_default) VALUES (${me.id}, 'Lakes', true) RETURNING id`;
  for (const id of listingIds) await sql()`INSERT INTO favourite_items (list_id, listing_id) VALUES (${listId}, ${id})`;
  [{ id: tripId }] = await sql()<{ id: number }[]>`
    INSERT INTO trips (user_id, name, query) VALUES (${me.id}, 'Lancaster to Carlisle', 'from=Lancaster&to=Carlisle&depart=2027-04-02T08:00&every=90&kind=any') RETURNING id`;
});

afterAll(async () => {
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
});

describe("Keep for offline without JavaScript", () => {
  it("posts to /account/offline, which redirects to the page that says offline needs JavaScript", async () => {
    const body = new URLSearchParams({ kind: "list", id: String(listId), title: "Lakes" });
    const response = await offlineAction({ request: new Request("http://localhost/account/offline", { method: "POST", body, headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } }), params: {}, context: {} });
    if (!(response instanceof Response)) throw new Error("not a redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account/offline?keep=Lakes");
    const page = await offlineLoader({ request: new Request("http://localhost/account/offline?keep=Lakes", { headers: { Cookie: cookie } }), params: {}, context: {} });
    expect(page.asked).toBe("Lakes");
  });

  it("answers 415 to a body it cannot read and sends a visitor to log in", async () => {
    const unreadable = await settle(() => offlineAction({ request: new Request("http://localhost/account/offline", { method: "POST", body: "{}", headers: { Cookie: cookie, "Content-Type": "application/json" } }), params: {}, context: {} }));
    expect(unreadable instanceof AppError ? unreadable.status : unreadable instanceof Response ? unreadable.status : 0).toBe(415);
    const visitor = await settle(() => offlineAction({ request: new Request("http://localhost/account/offline", { method: "POST", body: new URLSearchParams({ kind: "list" }) }), params: {}, context: {} }));
    expect(visitor).toBeInstanceOf(Response);
    expect(visitor instanceof Response && visitor.headers.get("Location")).toMatch(/^\/account\/login/);
  });
});

describe("GET /api/offline/{kind}/{id}", () => {
  it("plans a list: its page, each listing's page and directions from the list's area, first photos and tiles", async () => {
    const kept = await plan("list", String(listId));
    if (!("pages" in kept)) throw new Error("no plan");
    expect(kept.key).toBe(`list:${listId}`);
    expect(kept.url).toBe(`/account/favourites/${listId}`);
    expect(kept.listings).toHaveLength(3);
    for (const listing of kept.listings) {
      expect(kept.pages).toContain(listing.url);
      expect(kept.pages.some((page) => page.startsWith(`${listing.url}/directions?from=`))).toBe(true);
    }
    expect(kept.tiles.every((tile) => /^\/tiles\/[a-z-]+\/\d+\/\d+\/\d+\.mvt$/.test(tile))).toBe(true);
    expect(kept.tiles.length).toBeGreaterThan(0);
    expect(kept.estimateBytes).toBe(ESTIMATE_BYTES.appFiles + kept.pages.length * ESTIMATE_BYTES.page + kept.photos.length * ESTIMATE_BYTES.photo + kept.tiles.reduce((sum, tile) => sum + tileEstimate(tile), 0));
  });

  it("plans a saved trip: the planner's page of it and tiles along its route", async () => {
    const kept = await plan("trip", String(tripId));
    if (!("pages" in kept)) throw new Error("no plan");
    expect(kept.url).toMatch(/^\/trip\?from=Lancaster&to=Carlisle/);
    // Along the drive at zoom 8: Lancaster's and Carlisle's tiles are both there.
    expect(kept.tiles).toContain("/tiles/roads/8/125/81.mvt");
    expect(kept.tiles).toContain("/tiles/roads/8/125/80.mvt");
  });

  it("keeps another member's list and trip out of reach", async () => {
    for (const [kind, id] of [["list", listId], ["trip", tripId]] as const) {
      const refused = await plan(kind, String(id), otherCookie);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused instanceof AppError && refused.status).toBe(404);
    }
    const unknown = await plan("settings", "1");
    expect(unknown instanceof AppError && unknown.status).toBe(404);
    const visitor = await plan("list", String(listId), "");
    expect(visitor instanceof Response && visitor.headers.get("Location")).toMatch(/^\/account\/login/);
  });
});
