// Walks the whole route table (remix.config.js): every account and admin route, GET and POST, as a
// visitor, a member and an administrator. Roles are checked on the server by every loader and action.
import type { APIRequestContext } from "@playwright/test";
import { createMember, database, sessionCookieValue, sessionExists, type TestMember } from "./support/accounts";
import { expect, test } from "./fixtures";
import { routeTable } from "./support/route-table";

/** Every route's path, from the same table the app is built with (dynamic segments filled in). */
function walkedRoutes() {
  return routeTable().map((route) => ({ id: route.id, path: route.pattern.replace(/:[^/]+/g, "1").replace(/\*/g, "anything"), dynamic: /[:*]/.test(route.pattern) }));
}

/** Account pages a visitor must reach: logging in, the forgotten-password pages and the mailed links. */
const FOR_VISITORS = new Set(["account/login", "account/login/forgotten", "account/login/reset", "account/verify"]);

async function accountRoutes() {
  const routes = walkedRoutes().filter((route) => route.path === "/account" || route.path.startsWith("/account/"));
  return {
    member: routes.filter((route) => !FOR_VISITORS.has(route.id) && !route.path.startsWith("/account/admin")),
    admin: routes.filter((route) => route.path.startsWith("/account/admin")),
  };
}

async function call(request: APIRequestContext, method: "GET" | "POST", path: string, cookie?: string) {
  const headers = cookie ? { Cookie: `pawroute_session=${cookie}` } : undefined;
  return method === "GET" ? request.get(path, { headers, maxRedirects: 0 }) : request.post(path, { headers, form: { probe: "1" }, maxRedirects: 0 });
}

/** A fresh session for every call: a POST may end sessions (end all) or change the member. */
async function cookieFor(member: TestMember) {
  return (await sessionCookieValue(member)).value;
}

/** Rows a test made, deleted after it (last made, first deleted) whatever its outcome. */
const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test("the walk covers the account and admin routes", { tag: "@http" }, async () => {
  const { member, admin } = await accountRoutes();
  expect(member.map((route) => route.path)).toEqual(expect.arrayContaining(["/account", "/account/settings", "/account/settings/email", "/account/settings/sessions", "/account/set-username"]));
  expect(admin.map((route) => route.path)).toContain("/account/admin");
});

test("visitors are sent to log in (and back) from every account and admin route, GET and POST", { tag: "@http" }, async ({ request }) => {
  const { member, admin } = await accountRoutes();
  for (const route of [...member, ...admin]) {
    for (const method of ["GET", "POST"] as const) {
      const response = await call(request, method, route.path);
      // Soft: one run lists every route that lets a visitor through, not just the first.
      expect.soft(response.status(), `${method} ${route.path}`).toBe(302);
      expect.soft(response.headers().location, `${method} ${route.path}`).toMatch(/^\/account\/login\//);
    }
  }
  const response = await call(request, "GET", "/account/settings/email");
  expect(response.headers().location).toBe("/account/login/?redirectTo=%2Faccount%2Fsettings%2Femail");
});

test("members get 200 on account routes and 403 on every admin route, GET and POST", { tag: "@http" }, async ({ request }) => {
  const { member: memberRoutes, admin } = await accountRoutes();
  const member = await createMember({ label: "walk-member" });
  for (const route of memberRoutes) {
    const get = await call(request, "GET", route.path, await cookieFor(member));
    expect.soft(get.status(), `GET ${route.path}`).toBe(route.dynamic ? get.status() : 200);
    expect.soft(get.status(), `GET ${route.path}`).toBeLessThan(500);
    const post = await call(request, "POST", route.path, await cookieFor(member));
    expect.soft(post.status(), `POST ${route.path}`).toBeLessThan(500);
    expect.soft(post.headers().location ?? "", `POST ${route.path}`).not.toMatch(/^\/account\/login\/\?/);
  }
  for (const route of admin) {
    for (const method of ["GET", "POST"] as const) {
      const response = await call(request, method, route.path, await cookieFor(member));
      expect.soft(response.status(), `${method} ${route.path}`).toBe(403);
    }
  }
});

test("administrators get 200 on every admin route", { tag: "@http" }, async ({ request }) => {
  const { admin } = await accountRoutes();
  const administrator = await createMember({ admin: true, label: "walk-admin" });
  for (const route of admin) {
    const get = await call(request, "GET", route.path, await cookieFor(administrator));
    if (route.dynamic) expect.soft([200, 404], `GET ${route.path}`).toContain(get.status());
    else expect.soft(get.status(), `GET ${route.path}`).toBe(200);
    const post = await call(request, "POST", route.path, await cookieFor(administrator));
    expect.soft(post.status(), `POST ${route.path}`).toBeLessThan(500);
    expect.soft(post.status(), `POST ${route.path}`).not.toBe(403);
  }
});

test("a member cannot read or change another member's settings or sessions", { tag: "@http" }, async ({ request }) => {
  const alice = await createMember({ label: "alice" });
  const bob = await createMember({ label: "bob" });
  const bobSession = await sessionCookieValue(bob);
  const aliceCookie = await cookieFor(alice);

  // Bob's session id is refused as unknown: it is not one of Alice's.
  const end = await request.post("/account/settings/sessions", { headers: { Cookie: `pawroute_session=${aliceCookie}` }, form: { sessionId: bobSession.sessionId } });
  expect(end.status()).toBe(404);
  expect(await end.text()).toContain("That session could not be found");
  expect(await sessionExists(bobSession.sessionId)).toBe(true);

  // Every settings page shows Alice's own data; an address saved by Alice is Alice's.
  for (const path of ["/account", "/account/settings/", "/account/settings/email", "/account/settings/sessions"]) {
    const html = await (await request.get(path, { headers: { Cookie: `pawroute_session=${aliceCookie}` } })).text();
    expect(html, path).toContain(path === "/account/settings/sessions" ? "this browser" : alice.email);
    expect(html, path).not.toContain(bob.email);
    expect(html, path).not.toContain(bobSession.sessionId);
  }
  await request.post("/account/settings/address", {
    headers: { Cookie: `pawroute_session=${aliceCookie}` },
    form: { address1: "1 Alice Row", town: "Bath", postcode: "BA1 1AA", country: "235", userId: String(bob.id) },
  });
  const owners = await database()<{ user_id: number }[]>`SELECT user_id FROM addresses WHERE address1 = '1 Alice Row' AND user_id IN (${alice.id}, ${bob.id})`;
  expect(owners.map((row) => row.user_id)).toEqual([alice.id]);
});

test("a POST from another site is refused with 403", { tag: "@http" }, async ({ request, baseURL }) => {
  const member = await createMember();
  const cookie = await cookieFor(member);
  const response = await request.post("/account/settings/email-settings", {
    headers: { Cookie: `pawroute_session=${cookie}`, Origin: "https://evil.example" },
    form: { lists: "1" },
  });
  expect(response.status()).toBe(403);
  const sameSite = await request.post("/account/settings/email-settings", {
    headers: { Cookie: `pawroute_session=${cookie}`, Origin: new URL(baseURL ?? "").origin },
    form: { lists: "1" },
    maxRedirects: 0,
  });
  expect(sameSite.status()).toBe(302);
  const withoutOrigin = await request.post("/account/login/", { headers: { "Sec-Fetch-Site": "cross-site" }, form: { email: "a@b.example", password: "x" } });
  expect(withoutOrigin.status()).toBe(403);
});

test("the back office's actions, with real payloads: visitors go to log in, members get 403 and nothing changes", { tag: "@http" }, async ({ request }) => {
  const { admin } = await accountRoutes();
  expect(admin.map((route) => route.id)).toEqual(
    expect.arrayContaining([
      "account/admin/dashboard",
      "account/admin/listings",
      "account/admin/listings/status",
      "account/admin/view-edit",
      "account/admin/reviews",
      "account/admin/reviews/x",
      "account/admin/manage-roads",
      "account/admin/manage-roads/x",
    ]),
  );
  const author = await createMember({ label: "matrix-author" });
  const [listing] = await database()<{ id: number; version: number }[]>`
    WITH l AS (
      INSERT INTO listings (slug, type_id, walk_type, title, full_title, country_id, status, location, user_id)
      VALUES (${`matrix-${author.id}`}, 1, 'dog-walk', 'Matrix walk', 'Matrix walk', 235, 1, 'SRID=4326;POINT(-2.75 54.66)'::geography, ${author.id}) RETURNING id)
    INSERT INTO listing_versions (listing_id, version, status, data, user_id) SELECT id, 1, 1, '{"title":"Matrix walk"}'::jsonb, ${author.id} FROM l
    RETURNING listing_id AS id, id AS version`;
  const [live] = await database()<{ id: number }[]>`SELECT id FROM listings WHERE status = 2 ORDER BY id LIMIT 1`;
  const [review] = await database()<{ id: number }[]>`
    INSERT INTO reviews (listing_id, user_id, rating, title, content, status) VALUES (${live.id}, ${author.id}, 5, 'Matrix', ${"x".repeat(120)}, 0) RETURNING id`;
  const hex = review.id.toString(16);
  const [road] = await database()<{ id: number; junction: number }[]>`
    WITH r AS (
      INSERT INTO roads (name, slug, country_id, motorway, icon, geom)
      VALUES (${`Matrix ${author.id}`}, ${`matrix-${author.id}`}, 235, true, 'motorway-gb', 'SRID=4326;LINESTRING(-3.9 52.2, -3.7 52.4)'::geometry) RETURNING id)
    INSERT INTO junctions (road_id, number, expanded_name, position, geom) SELECT id, '1', 'Junction 1', 1, 'SRID=4326;POINT(-3.8 52.3)'::geometry FROM r
    RETURNING road_id AS id, id AS junction`;
  // Removed even when an expectation fails: a left-over "Matrix" motorway would head other tests' road lists.
  cleanups.push(() => database()`DELETE FROM listings WHERE id = ${listing.id}`, () => database()`DELETE FROM reviews WHERE id = ${review.id}`, () => database()`DELETE FROM roads WHERE id = ${road.id}`);
  const line = "52.2, -3.9\n52.4, -3.7";
  const actions: { path: string; form: Record<string, string> }[] = [
    { path: "/account/admin/listings/submitted", form: { intent: "deny", ids: String(listing.id), confirmed: "1", reason: "It repeats a listing that is already in the directory" } },
    { path: "/account/admin/listings", form: { intent: "delete", ids: String(listing.id), confirmed: "1" } },
    { path: "/account/admin/view-edit", form: { intent: "publish", location: String(listing.id), version: String(listing.version) } },
    { path: "/account/admin/view-edit", form: { intent: "changes", location: String(listing.id), version: String(listing.version), reasonText: "Add the car park" } },
    { path: "/account/admin/reviews/unmoderated", form: { intent: "accept", ids: String(review.id) } },
    { path: "/account/admin/reviews", form: { intent: "delete", ids: String(review.id), confirmed: "1" } },
    { path: `/account/admin/reviews/${hex}`, form: { intent: "update-accept", rating: "1", title: "Hacked", content: "y".repeat(120) } },
    { path: `/account/admin/reviews/${hex}`, form: { intent: "deny", confirmed: "1", reasonText: "Not about this place" } },
    { path: "/account/admin/manage-roads/add", form: { name: `Matrix new ${author.id}`, country: "235", source: "points", line } },
    { path: `/account/admin/manage-roads/${road.id}`, form: { intent: "edit", name: "Hacked", source: "points", line } },
    { path: `/account/admin/manage-roads/${road.id}`, form: { intent: "junction-add", number: "2", lat: "52.35", lng: "-3.75" } },
    { path: `/account/admin/manage-roads/${road.id}`, form: { intent: "junction-edit", junctionId: String(road.junction), number: "9", lat: "52.3", lng: "-3.8" } },
    { path: `/account/admin/manage-roads/${road.id}`, form: { intent: "junction-delete", junctionId: String(road.junction) } },
    { path: `/account/admin/manage-roads/${road.id}`, form: { intent: "delete", confirmed: "1" } },
    { path: "/account/admin/manage-roads/united-kingdom", form: { intent: "delete", ids: String(road.id), confirmed: "1" } },
  ];
  const member = await createMember({ label: "matrix-member" });
  for (const action of actions) {
    const visitor = await request.post(action.path, { form: action.form, maxRedirects: 0 });
    expect.soft(visitor.status(), `visitor POST ${action.path} ${action.form.intent}`).toBe(302);
    expect.soft(visitor.headers().location ?? "", `visitor POST ${action.path}`).toMatch(/^\/account\/login\//);
    const asMember = await request.post(action.path, { headers: { Cookie: `pawroute_session=${await cookieFor(member)}` }, form: action.form, maxRedirects: 0 });
    expect.soft(asMember.status(), `member POST ${action.path} ${action.form.intent}`).toBe(403);
  }
  const [after] = await database()<{ listing_status: number; version_status: number; review_status: number; title: string; audited: number }[]>`
    SELECT l.status AS listing_status, v.status AS version_status, r.status AS review_status, r.title,
           (SELECT count(*)::int FROM admin_audit_log WHERE (record_type = 'listing' AND record_id = ${String(listing.id)}) OR (record_type = 'review' AND record_id = ${String(review.id)})) AS audited
    FROM listings l JOIN listing_versions v ON v.id = ${listing.version} JOIN reviews r ON r.id = ${review.id} WHERE l.id = ${listing.id}`;
  expect(after).toEqual({ listing_status: 1, version_status: 1, review_status: 0, title: "Matrix", audited: 0 });
  const [roadAfter] = await database()<{ name: string; junctions: string[]; added: number; audited: number }[]>`
    SELECT r.name, (SELECT array_agg(number) FROM junctions WHERE road_id = r.id) AS junctions,
           (SELECT count(*)::int FROM roads WHERE name = ${`Matrix new ${author.id}`}) AS added,
           (SELECT count(*)::int FROM admin_audit_log WHERE record_type = 'road' AND record_id = ${String(road.id)}) AS audited
    FROM roads r WHERE r.id = ${road.id}`;
  expect(roadAfter).toEqual({ name: `Matrix ${author.id}`, junctions: ["1"], added: 0, audited: 0 });

  // The administrator may do the same (one of them, to show the payload is a working one).
  const administrator = await createMember({ admin: true, label: "matrix-admin" });
  const accepted = await request.post(`/account/admin/reviews/unmoderated`, { headers: { Cookie: `pawroute_session=${await cookieFor(administrator)}` }, form: { intent: "accept", ids: String(review.id) }, maxRedirects: 0 });
  expect(accepted.status()).toBe(302);
  const [{ status }] = await database()<{ status: number }[]>`SELECT status FROM reviews WHERE id = ${review.id}`;
  expect(status).toBe(2);
});

test("another member or a visitor cannot change someone's profile, bio, image or gallery, by form or direct POST", { tag: "@http" }, async ({ request }) => {
  const alice = await createMember({ label: "profile-alice" });
  const bob = await createMember({ label: "profile-bob" });
  const fileId = `a11ce${Date.now().toString(16).padStart(19, "0")}`.slice(0, 24);
  const imageId = `b0b0${Date.now().toString(16).padStart(20, "0")}`.slice(0, 24);
  await database()`INSERT INTO uploaded_files (id, user_id, source_format, width, height, bytes, versions, alt_title, attached_at)
    VALUES (${fileId}, ${alice.id}, 'png', 10, 10, 10, '{}'::jsonb, 'Alice gallery', now()), (${imageId}, ${alice.id}, 'png', 10, 10, 10, '{}'::jsonb, '', now())`;
  await database()`INSERT INTO member_gallery_items (file_id, user_id) VALUES (${fileId}, ${alice.id})`;
  await database()`UPDATE users SET attributes = ${database().json({ bio: "Alice's own words", "profile-image": imageId })} WHERE id = ${alice.id}`;
  const aliceState = async () => {
    const [row] = await database()<{ bio: string; image: string | null; alt: string | null; items: number }[]>`
      SELECT u.attributes->>'bio' AS bio, u.attributes->>'profile-image' AS image,
        (SELECT alt_title FROM uploaded_files WHERE id = ${fileId}) AS alt,
        (SELECT count(*)::int FROM member_gallery_items WHERE user_id = u.id) AS items
      FROM users u WHERE u.id = ${alice.id}`;
    return row;
  };
  const before = await aliceState();
  const asBob = async () => ({ Cookie: `pawroute_session=${await cookieFor(bob)}` });

  // The owner's controls are refused to Bob on Alice's profile page (403), whatever the intent.
  for (const form of [
    { intent: "profile", bio: "hacked", twitterUsername: "" } as Record<string, string>,
    { intent: "remove-profile-image" },
    { intent: "gallery" },
  ]) {
    const response = await request.post(`/profile/${alice.username}`, { headers: await asBob(), form, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form)).toBe(403);
  }
  // Alice's gallery image is not Bob's to edit or delete: the same 404 as an unknown image.
  for (const form of [{ intent: "update", altTitle: "hacked" } as Record<string, string>, { intent: "delete" }]) {
    const response = await request.post(`/account/edit-gallery/${fileId}`, { headers: await asBob(), form, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form)).toBe(404);
  }
  expect((await request.get(`/account/edit-gallery/${fileId}`, { headers: await asBob() })).status()).toBe(404);
  // Naming Alice in Bob's own profile form changes only Bob's profile.
  const own = await request.post("/account/edit-profile", { headers: await asBob(), form: { intent: "profile", bio: "Bob's bio", twitterUsername: "", userId: String(alice.id), username: alice.username ?? "" }, maxRedirects: 0 });
  expect(own.status()).toBe(302);
  const [bobRow] = await database()<{ bio: string }[]>`SELECT attributes->>'bio' AS bio FROM users WHERE id = ${bob.id}`;
  expect(bobRow.bio).toBe("Bob's bio");

  // Visitors are sent to log in.
  for (const [path, form] of [
    [`/profile/${alice.username}`, { intent: "profile", bio: "visitor" }],
    [`/account/edit-gallery/${fileId}`, { intent: "delete" }],
    ["/account/edit-profile", { intent: "remove-profile-image" }],
  ] as const) {
    const response = await request.post(path, { form, maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toMatch(/^\/account\/login\//);
  }

  // Bob sees Alice's profile without the owner's controls.
  const html = await (await request.get(`/profile/${alice.username}`, { headers: await asBob() })).text();
  expect(html).toMatch(/Alice(&#x27;|&#39;|')s own words/);
  expect(html).not.toContain("Add photos to your gallery");
  expect(html).not.toContain('name="intent"');

  expect(await aliceState()).toEqual(before);
});
