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
  /** A listing near the list's, in no list of the member's: kept on its own, saved to favourites offline. */
  other: { id: number; title: string; url: string };
}

async function memberWithListAndTrip(listings = 2): Promise<Kept> {
  const sql = database();
  const member = await createMember({ label: "offline" });
  const rows = await sql<{ id: number; title: string; url: string }[]>`
    SELECT l.id, l.title, '/' || l.walk_type || '/' || l.slug AS url FROM listings l WHERE l.status = 2 AND l.free
    ORDER BY l.location <-> ST_SetSRID(ST_MakePoint(${KESWICK.lng}, ${KESWICK.lat}), 4326)::geography LIMIT ${listings + 1}`;
  const other = rows.pop();
  if (!other) throw new Error("no listing near Keswick");
  const listName = `Lakes ${member.id}`;
  const [list] = await sql<{ id: number }[]>`INSERT INTO favourite_lists (user_id, name, is_default) VALUES (${member.id}, ${listName}, true) RETURNING id`;
  for (const row of rows) await sql`INSERT INTO favourite_items (list_id, listing_id) VALUES (${list.id}, ${row.id})`;
  const tripQuery = "from=Manchester&to=Carlisle&depart=2027-04-02T08:00&every=90&kind=any";
  const [trip] = await sql<{ id: number }[]>`INSERT INTO trips (user_id, name, query) VALUES (${member.id}, 'Manchester to Carlisle', ${tripQuery}) RETURNING id`;
  return { member, listId: list.id, listName, tripId: trip.id, tripQuery, listings: rows, other };
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

/** Each kept thing's addresses (pages and stored files) and every address in the cache. */
async function keptAddresses(page: Page): Promise<{ items: { key: string; kind: string; urls: string[] }[]; cached: string[] }> {
  return page.evaluate(async () => {
    const cache = await caches.open("pawroute-offline-v1");
    const cached = (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return `${url.pathname}${url.search}`;
    });
    const open = indexedDB.open("pawroute-offline");
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error("IndexedDB"));
    });
    const all = db.transaction("items").objectStore("items").getAll();
    const rows = await new Promise<{ key: string; kind: string; pages: string[]; files: string[] }[]>((resolve, reject) => {
      all.onsuccess = () => resolve(all.result as { key: string; kind: string; pages: string[]; files: string[] }[]);
      all.onerror = () => reject(all.error ?? new Error("IndexedDB"));
    });
    db.close();
    return { items: rows.map((row) => ({ key: row.key, kind: row.kind, urls: [...row.pages, ...row.files] })), cached };
  });
}

async function offline(context: BrowserContext, on: boolean) {
  await context.setOffline(on);
}

test.use({ serviceWorkers: "allow" });

test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

// One member keeps a list, a trip and a listing once, then each use of what was kept in turn: the Offline
// page, the pages with no network, a favourite saved offline and sent when back online, removing one kept
// thing, logging out (decisions 0337 and 0346: keeping is the costly step, a few hundred tiles each; the
// listing kept third reuses the app's files and the nearby tiles the list's keeping fetched).
test("a kept list, trip and listing: listed with their size and date, open with no network (the list, a listing, its directions and the maps with pins; other pages say they are not kept); a favourite made offline is sent when the network returns; removing the kept listing deletes what only it stored; logging out deletes everything kept", async ({ page, context }) => {
  test.setTimeout(240_000);
  const kept = await memberWithListAndTrip();
  const { other } = kept;
  const sql = database();
  const favourited = () => sql`SELECT 1 FROM favourite_items i JOIN favourite_lists l ON l.id = i.list_id WHERE l.user_id = ${kept.member.id} AND i.listing_id = ${other.id}`;
  await logInAs(context, kept.member);

  await test.step("keep the list, the trip and a listing", async () => {
    await page.goto(`/account/favourites/${kept.listId}`);
    await hydrated(page);
    await keepFor(page, kept.listName);
    await page.goto("/account/trips");
    await hydrated(page);
    await keepFor(page, "Manchester to Carlisle");
    expect(await workerActive(page)).toBe("activated");
    await page.goto(other.url);
    await hydrated(page);
    await keepFor(page, other.title);
  });

  await test.step("the Offline page, from the note's link: each kept thing with what it is, its size and its date", async () => {
    await page.getByRole("link", { name: "See what is kept" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Offline" })).toBeVisible();
    const keptItem = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
    await expect(keptItem(kept.listName)).toContainText(/Favourites list · 2 places · [\d.]+ (MB|KB) · saved on \d{1,2} [A-Z][a-z]{2}/);
    await expect(keptItem("Manchester to Carlisle")).toContainText(/Trip · \d+ places? · [\d.]+ (MB|KB) · saved on \d{1,2} [A-Z][a-z]{2}/);
    await expect(keptItem(other.title)).toContainText(/Listing · 1 place · [\d.]+ (MB|KB) · saved on \d{1,2} [A-Z][a-z]{2}/);
  });

  await offline(context, true);
  await test.step("with no network: the list, a listing from it with its small map, its directions", async () => {
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
  });

  await test.step("with no network: the trip, its plan as text and its map drawn from kept tiles with the stops as pins", async () => {
    await page.goto(`/trip?${kept.tripQuery}`);
    await expect(page.getByRole("status").filter({ hasText: SAVED_ON })).toBeVisible();
    await expect(page.locator(".trip-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    await expect(page.locator(".trip-map__canvas .map-places__place").first()).toBeAttached();
  });

  await test.step("with no network: a page that was not kept is the offline page, listing what is kept; search needs a connection", async () => {
    await page.goto("/faqs");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.getByText("This page isn’t kept for offline use.")).toBeVisible();
    await expect(page.getByRole("link", { name: kept.listName })).toHaveAttribute("href", `/account/favourites/${kept.listId}`);
    await expect(page.getByRole("link", { name: "Manchester to Carlisle" })).toBeVisible();
    await page.goto("/search-results/location?location=Keswick");
    await expect(page.getByText("Search needs a connection.")).toBeVisible();
  });

  await test.step("a favourite made offline on the kept listing is sent when the network returns, and the member is told", async () => {
    await page.goto(other.url);
    await expect(page.getByRole("status").filter({ hasText: SAVED_ON })).toBeVisible();
    await hydrated(page);
    await favouriteTogglesReady(page);
    await page.getByRole("button", { name: "Save to favourites" }).click();
    await expect(page.getByRole("status").filter({ hasText: /You are offline: saving .* will be done when you are back online\./ })).toBeVisible();
    expect(await favourited()).toHaveLength(0);

    await offline(context, false);
    await expect(page.getByRole("status").filter({ hasText: "Back online: the change you made offline has been saved." })).toBeVisible();
    expect(await favourited()).toHaveLength(1);
  });

  await test.step("removing the kept listing on the Offline page deletes what only it stored; the list and the trip stay", async () => {
    await page.goto("/account/offline");
    await expect(page.getByRole("heading", { level: 1, name: "Offline" })).toBeVisible();
    await hydrated(page);
    const before = await keptAddresses(page);
    const listingKey = before.items.find((item) => item.kind === "listing")?.key;
    const others = new Set(before.items.filter((item) => item.key !== listingKey).flatMap((item) => item.urls));
    const onlyTheListing = (before.items.find((item) => item.key === listingKey)?.urls ?? []).filter((url) => !others.has(url));
    expect(onlyTheListing.length, "what the listing alone stored").toBeGreaterThan(0);
    expect(before.cached).toEqual(expect.arrayContaining(onlyTheListing));

    const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: other.title }) });
    await item.getByRole("button", { name: `Remove ${other.title}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `${other.title} is no longer kept for offline use.` })).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("link", { name: kept.listName }) })).toBeVisible();
    const after = await keptAddresses(page);
    expect(after.items.map((entry) => entry.kind).sort()).toEqual(["list", "trip"]);
    expect(after.cached.filter((url) => onlyTheListing.includes(url))).toEqual([]);
    expect(after.cached).toEqual(expect.arrayContaining([...others]));
  });

  await test.step("logging out deletes everything kept in Cache Storage and IndexedDB", async () => {
    // From the Offline page: the list page would refresh its kept copy now that the list has changed.
    const before = await keptInBrowser(page);
    expect(before.caches).toBeGreaterThan(0);
    expect(before.databases).toContain("pawroute-offline");
    await page.locator("details.account-menu > summary").click();
    await page.locator("details.account-menu").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await hydrated(page);
    await expect.poll(() => keptInBrowser(page)).toEqual({ caches: 0, databases: [] });
  });
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
