// Walks the whole route table (remix.config.js): every account and admin route, GET and POST, as a
// visitor, a member and an administrator. Roles are checked on the server by every loader and action.
import { UNSAFE_defineRoutes as defineRoutes } from "@remix-run/dev";
import type { APIRequestContext } from "@playwright/test";
import remixConfig from "../../remix.config.js";
import { createMember, database, sessionCookieValue, sessionExists, type TestMember } from "./support/accounts";
import { expect, test } from "./support/test";

interface Walked {
  id: string;
  path: string;
  dynamic: boolean;
}

/** Every route's full path, from the same table the app is built with. */
async function routeTable(): Promise<Walked[]> {
  let manifest: ReturnType<typeof defineRoutes> = {};
  await remixConfig.routes?.((callback) => {
    manifest = defineRoutes(callback);
    return manifest;
  });
  const fullPath = (id: string): string => {
    const route = manifest[id];
    const parent = route.parentId && manifest[route.parentId] ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(manifest).map((route) => {
    const path = `/${fullPath(route.id)}`;
    return { id: route.id, path: path.replace(/:[^/]+/g, "1").replace(/\*/g, "anything"), dynamic: /[:*]/.test(path) };
  });
}

/** Account pages a visitor must reach: logging in, the forgotten-password pages and the mailed links. */
const FOR_VISITORS = new Set(["account/login", "account/login/forgotten", "account/login/reset", "account/verify"]);

async function accountRoutes() {
  const routes = (await routeTable()).filter((route) => route.path === "/account" || route.path.startsWith("/account/"));
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

test("the walk covers the account and admin routes", async () => {
  const { member, admin } = await accountRoutes();
  expect(member.map((route) => route.path)).toEqual(expect.arrayContaining(["/account", "/account/settings", "/account/settings/email", "/account/settings/sessions", "/account/set-username"]));
  expect(admin.map((route) => route.path)).toContain("/account/admin");
});

test("visitors are sent to log in (and back) from every account and admin route, GET and POST", async ({ request }) => {
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

test("members get 200 on account routes and 403 on every admin route, GET and POST", async ({ request }) => {
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

test("administrators get 200 on every admin route", async ({ request }) => {
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

test("a member cannot read or change another member's settings or sessions", async ({ request }) => {
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

test("a POST from another site is refused with 403", async ({ request, baseURL }) => {
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
