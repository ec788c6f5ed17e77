import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieHeader } from "../../app/auth/guards.server";
import { startSession } from "../../app/auth/session.server";
import { closeDatabase, sql } from "../../app/db.server";
import { FREE_PREMIUM_VIEWS_PER_MONTH } from "../../app/listings/premium.server";
import { loadListingPage, type ListingPageData } from "../../app/listings/page.server";

// Premium access (docs/decisions/0032 and 0126): a subscription that has not expired shows every premium
// listing in full; a member without one, or whose subscription has expired, has the visitors' monthly limit.
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const users: number[] = [];
let premium: { url: string }[] = [];

beforeAll(async () => {
  premium = await sql()<{ url: string }[]>`SELECT '/' || walk_type || '/' || slug AS url FROM listings WHERE status = 2 AND NOT free ORDER BY id LIMIT ${FREE_PREMIUM_VIEWS_PER_MONTH + 1}`;
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
async function browse(session: string): Promise<ListingPageData[]> {
  let views = "";
  const pages: ListingPageData[] = [];
  for (const listing of premium) {
    const [, , slug] = listing.url.split("/");
    const response = await loadListingPage(new Request(`http://localhost${listing.url}`, { headers: { Cookie: [session, views].filter(Boolean).join("; ") } }), slug);
    const setCookie = response.init?.headers ? new Headers(response.init.headers).get("Set-Cookie") : null;
    if (setCookie) views = setCookie.split(";")[0];
    pages.push(response.data);
  }
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
