import { createHash } from "node:crypto";
import type { Response } from "@playwright/test";
import { ownListing, removeListings } from "./listing-support";
import { database } from "./support/accounts";
import { expect, test } from "./fixtures";

// The render cache (decision 0176) on the real server and database: a repeated anonymous page is
// answered from memory, and a write to what it shows is seen on the very next request. Other tests
// write all the time, and each write empties the cache for a second, so the test waits for a quiet
// moment in which the page is kept and answered from memory before it changes the listing.
test("an anonymous listing page comes from the render cache, and a change to it shows on the next request", async ({ request }) => {
  test.slow();
  const listing = await ownListing(null);
  try {
    await expect
      .poll(async () => (await request.get(listing.url)).headers()["x-render-cache"], { message: "the page is answered from the render cache", timeout: 120_000, intervals: [400] })
      .toBe("hit");
    const changed = `${listing.title} renamed`;
    await database()`UPDATE listings SET title = ${changed} WHERE id = ${listing.id}`;
    const after = await request.get(listing.url);
    expect(after.status()).toBe(200);
    expect(after.headers()["x-render-cache"]).toBe("miss");
    expect(await after.text()).toContain(changed);
  } finally {
    await removeListings([listing.id]);
  }
});

test("a page from the render cache allows its inline scripts by their hashes, so they run and the page is the same bytes for everyone", async ({ page, request }) => {
  test.slow();
  const listing = await ownListing(null);
  try {
    // Wait for a quiet moment over HTTP (the cache is keyed by the address, not by who asks), then open the page
    // once in the browser; again only if a write emptied the cache in between (decision 0340).
    let response: Response | null = null;
    await expect(async () => {
      await expect
        .poll(async () => (await request.get(listing.url)).headers()["x-render-cache"], { message: "the page is answered from the render cache", timeout: 120_000, intervals: [400] })
        .toBe("hit");
      response = await page.goto(listing.url);
      expect(response?.headers()["x-render-cache"]).toBe("hit");
    }).toPass({ timeout: 120_000, intervals: [400] });
    const hit = response as Response | null;
    const policy = hit?.headers()["content-security-policy"] ?? "";
    const html = (await hit?.text()) ?? "";
    // No nonce: the policy names each inline script by its hash (decision 0295).
    expect(policy).not.toMatch(/'nonce-/);
    expect(html).not.toMatch(/ nonce="/);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).filter(Boolean);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(policy).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    // The fixture fails the test on any console error, a CSP refusal included.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  } finally {
    await removeListings([listing.id]);
  }
});
