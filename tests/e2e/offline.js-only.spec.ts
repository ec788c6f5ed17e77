import type { BrowserContext, Page } from "@playwright/test";
import { createMember, database, logInAs, type TestMember } from "./support/accounts";
import { expect, test } from "./fixtures";
import { favouriteTogglesReady } from "./support/hydration";

// Offline (issue 53) in Chromium: keep a favourites list, a trip and a listing, lose the network
// (context.setOffline), open them as they were; anything else is the offline page; a favourite made
// offline is sent when the network returns; logging out deletes what was kept; the app installs; the
// worker never answers an account, payment or admin page from the cache.

const KESWICK = { lat: 54.6013, lng: -3.1347 };
const SAVED_ON = /Offline: saved on \d{1,2} [A-Z][a-z]{2}/;

interface Kept {
  member: TestMember;
  listId: number;
  listName: string;
  tripId: number;
  tripQuery: string;
  listings: { id: number; title: string; url: string }[];
}

async function memberWithListAndTrip(listings = 2): Promise<Kept> {
  const sql = database();
  const member = await createMember({ label: "offline" });
  const rows = await sql<{ id: number; title: string; url: string }[]>`
    SELECT l.id, l.title, '/' || l.walk_type || '/' || l.slug AS url FROM listings l WHERE l.status = 2 AND l.free
    ORDER BY l.location <-> ST_SetSRID(ST_MakePoint(${KESWICK.lng}, ${KESWICK.lat}), 4326)::geography LIMIT ${listings}`;
  const listName = `Lakes ${member.id}`;
  const [list] = await sql<{ id: number }[]>`INSERT INTO favourite_lists (user_id, name, is_default) VALUES (${member.id}, ${listName}, true) RETURNING id`;
  for (const row of rows) await sql`INSERT INTO favourite_items (list_id, listing_id) VALUES (${list.id}, ${row.id})`;
  const tripQuery = "from=Manchester&to=Carlisle&depart=2027-04-02T08:00&every=90&kind=any";
  const [trip] = await sql<{ id: number }[]>`INSERT INTO trips (user_id, name, query) VALUES (${member.id}, 'Manchester to Carlisle', ${tripQuery}) RETURNING id`;
  return { member, listId: list.id, listName, tripId: trip.id, tripQuery, listings: rows };
}

async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Clicks "Keep for offline" in `scope`, checks the size shown before confirming, confirms, waits until kept. */
async function keepFor(page: Page, name: string) {
  await page.getByRole("button", { name: `Keep for offline ${name}` }).click();
  const question = page.getByRole("group", { name: /for offline use\? It takes about \d/ });
  await expect(question).toContainText(/about [\d.]+ (MB|KB) on this device: \d+ pages?, \d+ photos? and [\d,]+ map tiles?/);
  await question.getByRole("button", { name: "Keep it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Kept for offline:" })).toBeVisible({ timeout: 50_000 });
}

async function workerActive(page: Page): Promise<string | undefined> {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe("activated");
  return "activated";
}

async function keptInBrowser(page: Page): Promise<{ caches: number; databases: string[] }> {
  return page.evaluate(async () => {
    let entries = 0;
    for (const name of await caches.keys()) entries += (await (await caches.open(name)).keys()).length;
    const databases = (await indexedDB.databases()).flatMap((database) => (database.name ? [database.name] : []));
    return { caches: entries, databases };
  });
}

async function offline(context: BrowserContext, on: boolean) {
  await context.setOffline(on);
}

test.use({ serviceWorkers: "allow" });

test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

// One member keeps a list and a trip once, then each use of what was kept in turn: the Offline page, the
// pages with no network, logging out (decision 0337: keeping is the costly step, a few hundred tiles each).
test("a kept list and trip: listed with their size and date, open with no network (the list, a listing, its directions and the maps with pins; other pages say they are not kept), and logging out deletes everything kept", async ({ page, context }) => {
  test.setTimeout(180_000);
  const kept = await memberWithListAndTrip();
  await logInAs(context, kept.member);

  await page.goto(`/account/favourites/${kept.listId}`);
  await hydrated(page);
  await keepFor(page, kept.listName);
  await page.goto("/account/trips");
  await hydrated(page);
  await keepFor(page, "Manchester to Carlisle");
  expect(await workerActive(page)).toBe("activated");
  // The Offline page, from the note's link: each kept thing with what it is, its size and its date.
  await page.getByRole("link", { name: "See what is kept" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Offline" })).toBeVisible();
  const keptItem = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
  await expect(keptItem(kept.listName)).toContainText(/Favourites list · 2 places · [\d.]+ (MB|KB) · saved on \d{1,2} [A-Z][a-z]{2}/);
  await expect(keptItem("Manchester to Carlisle")).toContainText(/Trip · \d+ places? · [\d.]+ (MB|KB) · saved on \d{1,2} [A-Z][a-z]{2}/);

  await offline(context, true);
  // The list, as it was rendered, marked as the saved copy.
  await page.goto(`/account/favourites/${kept.listId}`);
  await expect(page.getByRole("heading", { level: 1, name: kept.listName })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: SAVED_ON })).toBeVisible();
  await hydrated(page);
  // A listing from it, by its link (a full navigation while offline), with its small map and pin.
  const first = kept.listings[0];
  await page.getByRole("link", { name: first.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`${first.url}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(first.title);
  await expect(page.getByRole("status").filter({ hasText: SAVED_ON })).toBeVisible();
  await page.locator(".mini-map").scrollIntoViewIfNeeded();
  await expect(page.locator(".mini-map__frame")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  // Its directions (from the list's area), opened from the listing's own directions address.
  await page.goto(`${first.url}/directions`);
  await expect(page.getByRole("heading", { name: /^Your route from/ })).toBeVisible();
  await expect(page.locator(".directions-steps li, ol li").first()).toBeVisible();

  // The trip: the plan as text, and its map drawn from kept tiles with the stops as pins.
  await page.goto(`/trip?${kept.tripQuery}`);
  await expect(page.getByRole("status").filter({ hasText: SAVED_ON })).toBeVisible();
  await expect(page.locator(".trip-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await expect(page.locator(".trip-map__canvas .map-places__place").first()).toBeAttached();

  // A page that was not kept: the offline page, listing what is kept.
  await page.goto("/faqs");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await expect(page.getByText("This page isn’t kept for offline use.")).toBeVisible();
  await expect(page.getByRole("link", { name: kept.listName })).toHaveAttribute("href", `/account/favourites/${kept.listId}`);
  await expect(page.getByRole("link", { name: "Manchester to Carlisle" })).toBeVisible();
  // Search needs a connection.
  await page.goto("/search-results/location?location=Keswick");
  await expect(page.getByText("Search needs a connection.")).toBeVisible();

  // Back online, logging out deletes everything kept in Cache Storage and IndexedDB.
  await offline(context, false);
  await page.goto(`/account/favourites/${kept.listId}`);
  await hydrated(page);
  const before = await keptInBrowser(page);
  expect(before.caches).toBeGreaterThan(0);
  expect(before.databases).toContain("pawroute-offline");
  await page.locator("details.account-menu > summary").click();
  await page.locator("details.account-menu").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await hydrated(page);
  await expect.poll(() => keptInBrowser(page)).toEqual({ caches: 0, databases: [] });
});

test("a favourite made offline is sent when the network returns, and the member is told; removing the kept listing on the Offline page deletes what it stored", async ({ page, context }) => {
  test.setTimeout(120_000);
  const kept = await memberWithListAndTrip();
  const sql = database();
  const [other] = await sql<{ id: number; title: string; url: string }[]>`
    SELECT l.id, l.title, '/' || l.walk_type || '/' || l.slug AS url FROM listings l
    WHERE l.status = 2 AND l.free AND l.id NOT IN (SELECT listing_id FROM favourite_items WHERE list_id = ${kept.listId}) ORDER BY l.id LIMIT 1`;
  await logInAs(context, kept.member);
  await page.goto(other.url);
  await hydrated(page);
  await keepFor(page, other.title);

  await offline(context, true);
  await page.goto(other.url);
  await expect(page.getByRole("status").filter({ hasText: SAVED_ON })).toBeVisible();
  await hydrated(page);
  await favouriteTogglesReady(page);
  await page.getByRole("button", { name: "Save to favourites" }).click();
  await expect(page.getByRole("status").filter({ hasText: /You are offline: saving .* will be done when you are back online\./ })).toBeVisible();
  expect(await sql`SELECT 1 FROM favourite_items i JOIN favourite_lists l ON l.id = i.list_id WHERE l.user_id = ${kept.member.id} AND i.listing_id = ${other.id}`).toHaveLength(0);

  await offline(context, false);
  await expect(page.getByRole("status").filter({ hasText: "Back online: the change you made offline has been saved." })).toBeVisible();
  expect(await sql`SELECT 1 FROM favourite_items i JOIN favourite_lists l ON l.id = i.list_id WHERE l.user_id = ${kept.member.id} AND i.listing_id = ${other.id}`).toHaveLength(1);

  // The Offline page shows the kept listing with its size and date; removing it deletes what it stored.
  await page.goto("/account/offline");
  await expect(page.getByRole("heading", { level: 1, name: "Offline" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: other.title }) });
  await expect(item).toContainText(/Listing · 1 place · [\d.]+ (MB|KB) · saved on \d{1,2} [A-Z][a-z]{2}/);
  await item.getByRole("button", { name: `Remove ${other.title}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${other.title} is no longer kept for offline use.` })).toBeVisible();
  await expect(page.getByText("Nothing is kept yet.")).toBeVisible();
  expect((await keptInBrowser(page)).caches).toBe(0);
});

test("the app installs: a valid manifest, its icons and an active service worker", async ({ page, context }) => {
  // A visitor's pages never pass through the worker (it registers for members only): a member's do.
  await page.goto("/");
  await hydrated(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await logInAs(context, await createMember({ label: "offline-install" }));
  await page.goto("/");
  await hydrated(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  expect(await workerActive(page)).toBe("activated");
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? "{}") as { display: string; start_url: string; theme_color: string; icons: { src: string; sizes: string }[] };
  expect(parsed).toMatchObject({ display: "standalone", start_url: "/", theme_color: "#1f4d3a" });
  for (const size of ["192x192", "512x512"]) {
    const icon = parsed.icons.find((candidate) => candidate.sizes === size);
    expect(icon, size).toBeDefined();
    const response = await page.request.get(icon?.src ?? "");
    expect(response.headers()["content-type"]).toBe("image/png");
  }
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
});

test("account, payment and admin pages are never answered from the cache, even when a copy is in it", async ({ page, context }) => {
  const member = await createMember({ label: "offline-never", admin: true });
  await logInAs(context, member);
  await page.goto("/");
  await hydrated(page);
  expect(await workerActive(page)).toBe("activated");
  const paths = ["/account", "/account/settings", "/account/subscriptions", "/account/payment/change", "/payment", "/subscriptions", "/account/admin", "/account/admin/users", "/account/favourites", "/contact", "/join"];
  // A copy of each planted in the worker's cache and recorded as kept, as a faulty keep would leave it.
  await page.evaluate(async (planted) => {
    const cache = await caches.open("pawroute-offline-v1");
    for (const path of planted) await cache.put(path, new Response(`<!doctype html><html><body><h1>STALE COPY of ${path}</h1></body></html>`, { headers: { "Content-Type": "text/html" } }));
    const open = indexedDB.open("pawroute-offline", 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore("items", { keyPath: "key" });
      open.result.createObjectStore("pages", { keyPath: "key" });
      open.result.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
    };
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const tx = db.transaction("pages", "readwrite");
    for (const path of planted) tx.objectStore("pages").put({ key: path, url: path, savedAt: new Date().toISOString() });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  }, paths);

  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByText("STALE COPY")).toHaveCount(0);
  }
  await offline(context, true);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByText("STALE COPY")).toHaveCount(0);
  }
});
