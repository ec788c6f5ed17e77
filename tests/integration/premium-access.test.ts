import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieHeader } from "../../app/auth/guards.server";
import { startSession } from "../../app/auth/session.server";
import { closeDatabase, sql } from "../../app/db.server";
import { FREE_PREMIUM_VIEWS_PER_MONTH } from "../../app/listings/premium.server";
import { loadListingPage, type ListingPageData } from "../../app/listings/page.server";
import { loader as locationLoaderRoute } from "../../app/routes/api/location";
import { withErrorResponse } from "../../app/error-response.server";

const locationLoader = withErrorResponse(locationLoaderRoute, true);

// Premium access (docs/decisions/0032 and 0126): a subscription that has not expired shows every premium
// listing in full; a member without one, or whose subscription has expired, has the visitors' monthly limit.
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const users: number[] = [];
let premium: { id: number; url: string }[] = [];

beforeAll(async () => {
  premium = await sql()<{ id: number; url: string }[]>`SELECT id, '/' || walk_type || '/' || slug AS url FROM listings WHERE status = 2 AND NOT free ORDER BY id LIMIT ${FREE_PREMIUM_VIEWS_PER_MONTH + 1}`;
  expect(premium).toHaveLength(FREE_PREMIUM_VIEWS_PER_MONTH + 1);
});

afterAll(async () => {
  if (users.length) await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
});

/** A member's session cookie; with a subscription expiring `expires` from now (an interval, negative when expired). */
async function memberCookie(expires: string | null): Promise<string> {
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, email_verified) VALUES (${`premium-${tag}-${users.length}@test.pawroute`}, true) RETURNING id`;
  users.push(row.id);
  if (expires) await sql()`INSERT INTO subscriptions (user_id, plan, started_at, expires_at) VALUES (${row.id}, 'monthly', now() - interval '60 days', now() + ${expires}::interval)`;
  const token = await startSession(row.id, { ip: "192.0.2.20", userAgent: "vitest" });
  return (await sessionCookieHeader(token)).split(";")[0];
}

/** Opens the premium listings one after another, as a browser would (keeping the views cookie); answers what each page showed. */
async function browse(session: string, opened: { views: string } = { views: "" }): Promise<ListingPageData[]> {
  let views = opened.views;
  const pages: ListingPageData[] = [];
  for (const listing of premium) {
    const [, , slug] = listing.url.split("/");
    const response = await loadListingPage(new Request(`http://localhost${listing.url}`, { headers: { Cookie: [session, views].filter(Boolean).join("; ") } }), slug);
    const setCookie = response.init?.headers ? new Headers(response.init.headers).get("Set-Cookie") : null;
    if (setCookie) views = setCookie.split(";")[0];
    pages.push(response.data);
  }
  opened.views = views;
  return pages;
}

describe("premium access", () => {
  it("a subscriber sees every premium listing in full", async () => {
    const pages = await browse(await memberCookie("20 days"));
    for (const page of pages) {
      expect(page.gate).toMatchObject({ premium: true, locked: false, showModal: false });
      expect(page.listing.address).not.toBeNull();
    }
  });

  it("a member without a subscription reaches the limit after three premium listings", async () => {
    const pages = await browse(await memberCookie(null));
    expect(pages.slice(0, FREE_PREMIUM_VIEWS_PER_MONTH).map((page) => page.gate.locked)).toEqual([false, false, false]);
    expect(pages[FREE_PREMIUM_VIEWS_PER_MONTH].gate).toMatchObject({ locked: true, showModal: true });
    expect(pages[FREE_PREMIUM_VIEWS_PER_MONTH].listing.address).toBeNull();
  });

  it("an expired subscriber reaches the limit too", async () => {
    const pages = await browse(await memberCookie("-1 day"));
    expect(pages[FREE_PREMIUM_VIEWS_PER_MONTH].gate).toMatchObject({ locked: true });
    expect(pages[FREE_PREMIUM_VIEWS_PER_MONTH].listing.address).toBeNull();
  });
});

describe("premium access through GET /api/locations/{id} (the map tooltip)", () => {
  /** The API's answer for the first premium listing with these cookies. */
  async function tooltip(cookie: string) {
    const request = new Request(`http://localhost/api/locations/${premium[0].id}`, { headers: cookie ? { Cookie: cookie } : {} });
    const response = await locationLoader({ request, params: { id: String(premium[0].id) }, context: {} });
    expect(response.status).toBe(200);
    return response.json();
  }

  it("shows a visitor what the locked page shows, and spends none of the month's views", async () => {
    const [full] = await sql()<{ description: string; address: string }[]>`SELECT description, address FROM listings WHERE id = ${premium[0].id}`;
    expect(full.address).not.toBe("");
    const body = await tooltip("");
    expect(body).toMatchObject({ id: premium[0].id, free: false, address: "", postcode: "" });
    expect(body.description).not.toBe(full.description);
    expect(body.description).toMatch(/^<p>[^<]*<\/p>$/);
    expect(body.gallery.items.length).toBeLessThanOrEqual(1);
    // The views cookie is untouched: the page still opens in full.
    const [, , slug] = premium[0].url.split("/");
    const page = await loadListingPage(new Request(`http://localhost${premium[0].url}`), slug);
    expect(page.data.gate.locked).toBe(false);
  });

  it("shows the listing in full once opened this month, and to a subscriber", async () => {
    const opened = { views: "" };
    await browse("", opened);
    expect((await tooltip(opened.views)).address).not.toBe("");
    expect((await tooltip(await memberCookie("20 days"))).address).not.toBe("");
    expect((await tooltip(await memberCookie(null))).address).toBe("");
  });

  it("keeps the street address and full description out of a locked page's structured data", async () => {
    const [row] = await sql()<{ address: string }[]>`SELECT address FROM listings WHERE id = ${premium[FREE_PREMIUM_VIEWS_PER_MONTH].id}`;
    const shown = (page: ListingPageData) => JSON.parse(page.structuredData ?? "{}") as { description: string; address: { streetAddress?: string } };
    const locked = (await browse(""))[FREE_PREMIUM_VIEWS_PER_MONTH];
    const full = (await browse(await memberCookie("20 days")))[FREE_PREMIUM_VIEWS_PER_MONTH];
    expect(locked.gate.locked).toBe(true);
    expect(shown(full).address.streetAddress).toBe(row.address);
    expect(shown(locked).address.streetAddress).toBeUndefined();
    expect(shown(locked).description.length).toBeLessThan(shown(full).description.length);
  });
});
