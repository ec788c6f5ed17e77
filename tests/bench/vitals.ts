// npm run bench:vitals — the site as a mid-range phone on a slow mobile network sees it (issue 52).
// Starts the production build (cluster.ts, the caches as `npm start` has them) on a free port against
// the app database, and loads five pages in Chromium through the DevTools protocol with:
//   - the CPU slowed 4× (Emulation.setCPUThrottlingRate), a 390 × 844 phone screen;
//   - 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip (Network.emulateNetworkConditions);
//   - a cold browser cache for every load (a new browser context each time).
// For each page it prints the median of BENCH_VITALS_RUNS loads (3 unless set) of:
//   - LCP (largest-contentful-paint), CLS (layout shifts without recent input, summed),
//   - TBT: the part over 50 ms of every long task after the first contentful paint, until the page has
//     been quiet (no request in flight) for a second after its load event;
//   - INP where measurable: the slowest interaction of a tap on the page's main heading after load
//     (the page's own handlers are not exercised: a tap measures how busy the main thread still is);
//   - the bytes transferred (all, and JavaScript), as the network counted them (compressed).
// Then the results page's JavaScript, gzipped, from the build's manifest (as scripts/bundle-size.mjs).
// Figures are printed beside the goals, never asserted: this is a benchmark, not a test.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page } from "@playwright/test";
import postgres from "postgres";
import { cpuTicks, freePort, machineLine, startServer } from "./server";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute";
const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 3);
const CHROMIUM = process.env.E2E_CHROMIUM ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
const GOALS = { lcpMs: 1_500, tbtMs: 150, cls: 0.05, resultsJavascriptKb: 70 };
/** The phone: a mid-range Android's CPU (4× slower than this machine's core) on a slow 4G network. */
const PHONE = { cpuSlowdown: 4, downBitsPerSecond: 1_600_000, upBitsPerSecond: 750_000, rttMs: 150, viewport: { width: 390, height: 844 } };
/** A demo account with no subscription (the payment page sends a member who has one to their account). */
const PAYER = { email: "admin@pawroute.test", password: "pawroute-admin" };

type Vitals = { lcp: number; lcpElement: string; cls: number; shifts: string[]; tbt: number; inp: number | null; bytes: number; scriptBytes: number; requests: number };

/**
 * Registered before any of the page's scripts: the entries the figures are made of. A string, not a
 * function: tsx names the functions it compiles with a helper the page does not have.
 */
const OBSERVERS = `(() => {
  const store = { lcp: 0, lcpElement: "", cls: 0, shifts: [], fcp: 0, longTasks: [], events: [] };
  const describe = (node) => node && node.nodeType === 1 ? node.tagName.toLowerCase() + (node.id ? "#" + node.id : "") + (node.className && typeof node.className === "string" ? "." + node.className.trim().split(/\\s+/).slice(0, 2).join(".") : "") : "";
  window.__vitals = store;
  function observe(type, callback, options) {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(callback)).observe(Object.assign({ type, buffered: true }, options || {}));
    } catch (error) {
      // An entry type this browser does not know.
    }
  }
  observe("largest-contentful-paint", (entry) => { store.lcp = entry.startTime; store.lcpElement = describe(entry.element); });
  observe("paint", (entry) => { if (entry.name === "first-contentful-paint") store.fcp = entry.startTime; });
  observe("layout-shift", (entry) => {
    if (entry.hadRecentInput) return;
    store.cls += entry.value;
    if (entry.value >= 0.005) store.shifts.push(entry.value.toFixed(3) + " " + (entry.sources || []).map((source) => describe(source.node)).filter(Boolean).join(" + "));
  });
  observe("longtask", (entry) => { store.longTasks.push({ start: entry.startTime, duration: entry.duration }); });
  observe("event", (entry) => { if (entry.interactionId) store.events.push(entry.duration); }, { durationThreshold: 16 });
})();`;

async function measure(browser: Browser, base: string, path: string, cookies: { name: string; value: string }[]): Promise<Vitals> {
  const context = await browser.newContext({ viewport: PHONE.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  if (cookies.length) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })));
  const page = await context.newPage();
  await page.addInitScript({ content: OBSERVERS });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PHONE.rttMs,
    downloadThroughput: PHONE.downBitsPerSecond / 8,
    uploadThroughput: PHONE.upBitsPerSecond / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
  const types = new Map<string, string>();
  let bytes = 0;
  let scriptBytes = 0;
  let requests = 0;
  let inFlight = 0;
  let lastActivity = Date.now();
  cdp.on("Network.requestWillBeSent", () => {
    inFlight++;
    lastActivity = Date.now();
  });
  cdp.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
  cdp.on("Network.loadingFinished", (event) => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
    requests++;
    bytes += event.encodedDataLength;
    if (types.get(event.requestId) === "Script") scriptBytes += event.encodedDataLength;
  });
  cdp.on("Network.loadingFailed", () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  });
  const response = await page.goto(`${base}${path}`, { waitUntil: "load", timeout: 60_000 });
  if (!response || response.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
  // Quiet: nothing in flight for a second (a lazy chunk, an image below the fold), at most 15 s.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 1_000)) await page.waitForTimeout(100);
  const inp = await tapHeading(page);
  type Store = { lcp: number; lcpElement: string; cls: number; shifts: string[]; fcp: number; longTasks: { start: number; duration: number }[] };
  const store = await page.evaluate(() => (window as unknown as { __vitals: Store }).__vitals);
  const tbt = store.longTasks.filter((task) => task.start + task.duration > store.fcp).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  await context.close();
  return { lcp: store.lcp, lcpElement: store.lcpElement, cls: store.cls, shifts: store.shifts, tbt, inp, bytes, scriptBytes, requests };
}

/** A tap on the main heading, and the slowest interaction the browser then reports (null when none is). */
async function tapHeading(page: Page): Promise<number | null> {
  const heading = page.locator("h1").first();
  if (!(await heading.count())) return null;
  await heading.tap({ timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  const events = await page.evaluate(() => (window as unknown as { __vitals: { events: number[] } }).__vitals.events);
  return events.length ? Math.max(...events) : null;
}

/** The session cookie of a demo account, logged in through the page as a visitor would. */
async function logIn(browser: Browser, base: string): Promise<{ name: string; value: string }[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/account/login/`);
  await page.getByLabel("Email address").fill(PAYER.email);
  await page.getByLabel("Password").fill(PAYER.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/account/login"), { timeout: 30_000 });
  const cookies = (await context.cookies()).filter((cookie) => cookie.name.startsWith("pawroute_session"));
  await context.close();
  if (!cookies.length) throw new Error(`${PAYER.email} could not log in`);
  return cookies.map(({ name, value }) => ({ name, value }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const mark = (ok: boolean) => (ok ? "ok  " : "MISS");

/** The JavaScript a route's page loads, gzipped (-9), from the build's Remix manifest: as scripts/bundle-size.mjs counts it. */
function routeJavascriptKb(routeId: string): number {
  const assets = "build/client/assets";
  const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!manifestFile) throw new Error("no Remix manifest in build/client/assets: build first");
  const source = readFileSync(join(assets, manifestFile), "utf8");
  type Route = { module: string; imports?: string[]; parentId?: string };
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as { entry: { module: string; imports: string[] }; routes: Record<string, Route> };
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route: Route | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join("build/client", file)), { level: 9 }).length;
  return bytes / 1024;
}

async function main() {
  if (!CHROMIUM) throw new Error("No Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium (set E2E_CHROMIUM)");
  const started = cpuTicks();
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => undefined });
  const [listing] = await sql<{ path: string }[]>`SELECT '/' || walk_type || '/' || slug AS path FROM listings WHERE status = 2 ORDER BY popularity DESC, id LIMIT 1`;
  await sql.end();
  const pages: { name: string; path: string; member?: boolean }[] = [
    { name: "home", path: "/" },
    { name: "location results (London)", path: "/location?location=London" },
    { name: "route results (London to Leeds)", path: "/route?from=London&to=Leeds" },
    { name: `listing (${listing.path})`, path: listing.path },
    { name: "payment (logged in)", path: "/payment?option=monthly", member: true },
  ];
  const port = await freePort();
  console.log(`Starting the production build (cluster.ts, default caches) on port ${port} against ${DATABASE_URL.replace(/\/\/[^@]*@/, "//")}`);
  console.log(`${machineLine("at the start")}`);
  console.log(`Phone: CPU ${PHONE.cpuSlowdown}× slower, ${PHONE.downBitsPerSecond / 1e6} Mbit/s down, ${PHONE.upBitsPerSecond / 1e3} kbit/s up, ${PHONE.rttMs} ms RTT, ${PHONE.viewport.width} px wide; cold cache; median of ${RUNS} loads (${CHROMIUM})\n`);
  const server = await startServer(port, DATABASE_URL, "cluster.ts");
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const cookies = await logIn(browser, server.base);
    // One unmeasured load of each page: the server's first render of a page (and its caches) is not the phone's.
    for (const { path, member } of pages) await fetch(`${server.base}${path}`, { headers: member ? { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") } : {} });
    console.log(`  ${"page".padEnd(34)} ${"LCP".padStart(8)}      ${"TBT".padStart(7)}      ${"CLS".padStart(6)}      ${"INP".padStart(7)}  transferred (JS)`);
    for (const { name, path, member } of pages) {
      const runs: Vitals[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.base, path, member ? cookies : []));
      const lcp = median(runs.map((r) => r.lcp));
      const tbt = median(runs.map((r) => r.tbt));
      const cls = median(runs.map((r) => r.cls));
      const inps = runs.map((r) => r.inp).filter((v): v is number => v !== null);
      const inp = inps.length ? `${median(inps).toFixed(0).padStart(4)} ms` : "    n/a";
      console.log(
        `  ${name.padEnd(34)} ${lcp.toFixed(0).padStart(5)} ms ${mark(lcp <= GOALS.lcpMs)} ${tbt.toFixed(0).padStart(4)} ms ${mark(tbt <= GOALS.tbtMs)} ${cls.toFixed(3).padStart(6)} ${mark(cls <= GOALS.cls)} ${inp}  ${(median(runs.map((r) => r.bytes)) / 1024).toFixed(0).padStart(4)} KB (${(median(runs.map((r) => r.scriptBytes)) / 1024).toFixed(0)} KB) in ${median(runs.map((r) => r.requests))} requests`,
      );
      const last = runs[runs.length - 1];
      console.log(`  ${"".padEnd(34)} LCP element ${last.lcpElement || "none"}${last.shifts.length ? `; shifts ${last.shifts.join(", ")}` : ""}`);
    }
    console.log(`  goals: LCP ≤ ${GOALS.lcpMs} ms, TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls} on each page\n`);
    for (const [name, id] of [
      ["route results", "public/results/route"],
      ["location results", "public/results/location"],
    ]) {
      const kb = routeJavascriptKb(id);
      console.log(`Results page JavaScript (${name}, ${id}), gzipped -9 from the manifest: ${kb.toFixed(1)} KB (goal ≤ ${GOALS.resultsJavascriptKb} KB: ${kb <= GOALS.resultsJavascriptKb ? "met" : "MISSED"})`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(`\n${machineLine("at the end", started)}`);
}

await main();
