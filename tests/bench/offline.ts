// npm run bench:offline — the offline layer's budgets (issue 53, docs/decisions/0280-offline.md), on the
// demo data as `npm start` leaves it. Starts the production build on a free port, then prints:
//   - the service worker script, minified and gzipped (budget 15 KB);
//   - a page's first load for a visitor, in the same run: with service workers blocked (no
//     worker at all), as shipped (the worker registers after the load event), and once the worker is
//     active (a later visit): Navigation Timing's loadEventEnd, median of fresh browser contexts;
//   - a kept favourites list of 20 listings (budget 5 MB) and the demo member's London → Edinburgh trip
//     with tiles along the route (budget 25 MB): the estimate shown before confirming, what was stored
//     (the bytes of every response kept), and how long keeping took.
// Figures are printed, never asserted: this is a benchmark, not a test.
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createCookie } from "@remix-run/node";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import postgres from "postgres";
import { appEnv, freePort, machineLine, startServer } from "./server";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute";
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BUDGET = { workerKb: 15, listMb: 5, tripMb: 25 };
const KESWICK = { lat: 54.6013, lng: -3.1347 };
const CHROMIUM = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

const sql = postgres(DATABASE_URL, { max: 2, onnotice: () => undefined });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const verdict = (ok: boolean) => (ok ? "within budget" : "OVER BUDGET");
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

async function loadTime(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "load" });
  return page.evaluate(() => {
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return entry.loadEventEnd - entry.startTime;
  });
}

async function firstLoads(browser: Browser, base: string, path: string, memberId: number) {
  const none: number[] = [];
  const shipped: number[] = [];
  const again: number[] = [];
  const member: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // No worker ever: registration is blocked, so the page loads exactly as before this layer.
    const bare = await browser.newContext({ baseURL: base, serviceWorkers: "block" });
    none.push(await loadTime(await bare.newPage(), path));
    await bare.close();
    // As shipped, a visitor: the first load and a later one (a visitor never gets the worker).
    const visitor = await browser.newContext({ baseURL: base, serviceWorkers: "allow" });
    shipped.push(await loadTime(await visitor.newPage(), path));
    again.push(await loadTime(await visitor.newPage(), `${path}${path.includes("?") ? "&" : "?"}again=${i}`));
    await visitor.close();
    // A member's later visit, with the worker active: it answers the navigation (network first, with navigation preload).
    const signedIn = await memberContext(browser, base, memberId);
    const first = await signedIn.newPage();
    await loadTime(first, path);
    await first.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    member.push(await loadTime(await signedIn.newPage(), `${path}${path.includes("?") ? "&" : "?"}member=${i}`));
    await signedIn.close();
  }
  return { none: median(none), shipped: median(shipped), again: median(again), member: median(member) };
}

async function memberContext(browser: Browser, base: string, memberId: number): Promise<BrowserContext> {
  const token = randomBytes(32).toString("base64url");
  await sql`INSERT INTO sessions (id, user_id, ip, user_agent) VALUES (${createHash("sha256").update(token).digest("hex")}, ${memberId}, '198.51.100.53', 'bench:offline')`;
  const cookie = createCookie("pawroute_session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [appEnv(DATABASE_URL).SESSION_SECRET ?? ""] });
  const header = await cookie.serialize(token);
  const context = await browser.newContext({ baseURL: base });
  await context.addCookies([{ name: "pawroute_session", value: header.slice(header.indexOf("=") + 1, header.indexOf(";")), url: base }]);
  return context;
}

async function keep(page: Page, path: string, name: string, key: string): Promise<{ estimate: string; stored: number; seconds: number; pages: string }> {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole("button", { name: `Keep for offline ${name}` }).click();
  const question = page.getByRole("group", { name: /for offline use\?/ });
  const text = (await question.textContent()) ?? "";
  const started = performance.now();
  await question.getByRole("button", { name: "Keep it" }).click();
  await page.getByRole("status").filter({ hasText: "Kept for offline:" }).waitFor({ timeout: 600_000 });
  const seconds = (performance.now() - started) / 1000;
  const stored = await page.evaluate(async (key) => {
    const open = indexedDB.open("pawroute-offline");
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const read = db.transaction("items").objectStore("items").get(key);
    const item = await new Promise<{ bytes: number }>((resolve) => (read.onsuccess = () => resolve(read.result)));
    db.close();
    return item.bytes;
  }, key);
  return { estimate: /about [\d.]+ [MK]B/.exec(text)?.[0] ?? text, stored, seconds, pages: /: (.*)\./.exec(text)?.[1] ?? "" };
}

const port = await freePort();
const server = await startServer(port, DATABASE_URL);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
let listId: number | null = null;
try {
  console.log(machineLine("bench:offline"));
  const worker = readFileSync("build/client/sw.js");
  const workerGz = gzipSync(worker, { level: 9 }).length;
  console.log(`\nService worker /sw.js: ${(worker.length / 1024).toFixed(1)} KB minified, ${(workerGz / 1024).toFixed(1)} KB gzipped (budget ${BUDGET.workerKb} KB: ${verdict(workerGz <= BUDGET.workerKb * 1024)})`);

  const [listing] = await sql<{ url: string }[]>`SELECT '/' || walk_type || '/' || slug AS url FROM listings WHERE status = 2 AND free ORDER BY id LIMIT 1`;
  const [member] = await sql<{ id: number }[]>`SELECT id FROM users WHERE lower(email) = 'member@pawroute.test'`;
  const loads = await firstLoads(browser, server.base, listing.url, member.id);
  const delta = (ms: number) => `${ms - loads.none >= 0 ? "+" : ""}${(ms - loads.none).toFixed(0)} ms`;
  console.log(`\nLoad of a listing page (${listing.url}), median of ${RUNS} fresh contexts, loadEventEnd:`);
  console.log(`  no worker at all (service workers blocked): ${loads.none.toFixed(0)} ms`);
  console.log(`  as shipped, a visitor's first load:      ${loads.shipped.toFixed(0)} ms (${delta(loads.shipped)})`);
  console.log(`  as shipped, a visitor's later visit:     ${loads.again.toFixed(0)} ms (${delta(loads.again)}; visitors never get the worker)`);
  console.log(`  a member's later visit, worker active:   ${loads.member.toFixed(0)} ms (${delta(loads.member)})`);

  const [trip] = await sql<{ id: number; name: string; query: string }[]>`SELECT id, name, query FROM trips WHERE user_id = ${member.id} AND query LIKE 'from=London&to=Edinburgh%' LIMIT 1`;
  // A list of 20 listings around Keswick for this run (the demo list holds 12), removed at the end.
  [{ id: listId }] = await sql<{ id: number }[]>`INSERT INTO favourite_lists (user_id, name) VALUES (${member.id}, 'bench:offline twenty') RETURNING id`;
  await sql`
    INSERT INTO favourite_items (list_id, listing_id)
    SELECT ${listId}, id FROM listings WHERE status = 2
    ORDER BY location <-> ST_SetSRID(ST_MakePoint(${KESWICK.lng}, ${KESWICK.lat}), 4326)::geography LIMIT 20`;
  const context = await memberContext(browser, server.base, member.id);
  const page = await context.newPage();
  const list = await keep(page, `/account/favourites/${listId}`, "bench:offline twenty", `list:${listId}`);
  console.log(`\nKept list of 20 listings: estimate shown "${list.estimate}" (${list.pages}); stored ${mb(list.stored)} in ${list.seconds.toFixed(1)} s (budget ${BUDGET.listMb} MB: ${verdict(list.stored <= BUDGET.listMb * 1_000_000)})`);
  const tripKept = await keep(page, "/account/trips", trip.name, `trip:${trip.id}`);
  const tripBytes = tripKept.stored;
  console.log(`Kept trip ${trip.name} (London → Edinburgh, tiles along the route): estimate shown "${tripKept.estimate}" (${tripKept.pages}); stored ${mb(tripBytes)} in ${tripKept.seconds.toFixed(1)} s (budget ${BUDGET.tripMb} MB: ${verdict(tripBytes <= BUDGET.tripMb * 1_000_000)})`);
  const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  console.log(`Browser storage used by both (navigator.storage.estimate, shared files counted once): ${mb(usage)}`);
  await context.close();
} finally {
  if (listId !== null) await sql`DELETE FROM favourite_lists WHERE id = ${listId}`;
  await sql`DELETE FROM sessions WHERE user_agent = 'bench:offline'`;
  await browser.close();
  server.stop();
  await sql.end();
}
