// npm run bench:web — the public search pages' budgets on the demo data (ISSUE: public search).
// Starts the production build on a free port against the app database, then prints:
//   - the results page's JavaScript, gzipped (the module scripts the page references; the lazy map chunk excluded);
//   - proof that the map chunk is referenced by no page but loaded only on demand;
//   - server render time of results pages (one client, p50/p95/p99);
//   - server CPU a page inside one process, without HTTP (tests/bench/render-cpu.ts);
//   - requests per second with 16 concurrent connections (autocannon), rendering every page (render cache
//     off) and as served (render cache on: repeated anonymous pages answered from memory, decision 0176);
//     uncompressed, as the issue's wrk runs asked, and one row in Brotli, as a browser asks (decision 0208);
//   - every page again with the place and route caches off too (issue 52's "caches off" rows);
//   - at the end, issue 52's table: each figure beside its goal, with the app CPU a request and the load average.
// Figures are printed, never asserted: this is a benchmark, not a test.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { WARMUP_SECONDS, appEnv, cpuSeconds, cpuTicks, freePort, machineLine, startServer, warmUp } from "./server";
import { wakeCost } from "./wake-cost";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import postgres from "postgres";

const DATABASE_URL = process.env.BENCH_WEB_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute";
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// The public search issue's budget (120 KB) and issue 17's goal for the same page (100 KB).
const BUDGET = { javascriptKb: 120, javascriptGoalKb: 100, javascriptIssue52Kb: 70, renderP95Ms: 150 };

/** One figure of issue 52's table, for the summary at the end: the figure, its goal and the app CPU beside it. A control (no goal) has no `met`. */
type Figure = { row: string; value: string; goal: string; met?: boolean; cpu?: string; load: string };
const summary: Figure[] = [];
const load1 = () => loadavg()[0].toFixed(2);

const RESULTS_PAGES = {
  "location (London, 5 miles)": "/location?location=London",
  "browse by road (M6)": "/browse/road/united-kingdom/m6",
  "browse (pubs, by popularity)": "/browse/dog-friendly-pub",
  "route (London to Leeds)": "/route?from=London&to=Leeds",
};
const OTHER_PAGES = ["/", "/pubs", "/motorway-search", "/motorway-search-france", "/location/vet?location=Leeds&distance=20"];

async function page(base: string, path: string): Promise<string> {
  const response = await fetch(`${base}${path}`, { redirect: "manual" });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.text();
}

/** The module scripts a page's HTML references: modulepreload links and the entry import. */
function referencedScripts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) found.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1]);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) found.add(match[1]);
  return [...found];
}

const ASSETS = "build/client/assets";

/** The lazy map code in the client build: the map's own module, every chunk holding MapLibre, and MapLibre's CSS. */
function mapChunks(): { files: string[]; css: string[] } {
  const names = readdirSync(ASSETS);
  const files = names.filter((name) => name.endsWith(".js") && (/^map-engine-.+\.js$/.test(name) || readFileSync(`${ASSETS}/${name}`, "utf8").includes("MapLibre GL JS")));
  if (!files.some((name) => name.startsWith("map-engine-"))) throw new Error("no map-engine chunk in build/client/assets: build first");
  const css = names.filter((name) => name.endsWith(".css") && readFileSync(`${ASSETS}/${name}`, "utf8").includes(".maplibregl-"));
  return { files, css };
}

/** Every chunk a page loads before any import() runs: its scripts and, recursively, their static imports. */
function staticClosure(scripts: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = scripts.map((script) => script.replace(/^\/assets\//, ""));
  while (queue.length) {
    const name = queue.pop() ?? "";
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(`${ASSETS}/${name}`, "utf8");
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(match[1]);
  }
  return seen;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function verdict(ok: boolean): string {
  return ok ? "within budget" : "OVER BUDGET";
}

async function javascriptWeight(base: string, map: { files: string[] }) {
  const html = await page(base, RESULTS_PAGES["location (London, 5 miles)"]);
  const scripts = referencedScripts(html);
  let total = 0;
  console.log("Results page JavaScript (/location?location=London), gzipped:");
  for (const script of scripts) {
    const size = gzipSync(readFileSync(`build/client${script}`)).length;
    total += size;
    console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${script}`);
  }
  const lazy = map.files.reduce((sum, name) => sum + gzipSync(readFileSync(`${ASSETS}/${name}`)).length, 0);
  console.log(
    `  total ${(total / 1024).toFixed(1)} KB in ${scripts.length} files (budget ≤ ${BUDGET.javascriptKb} KB: ${verdict(total / 1024 <= BUDGET.javascriptKb)}; issue 17's goal ≤ ${BUDGET.javascriptGoalKb} KB: ${verdict(total / 1024 <= BUDGET.javascriptGoalKb)}; issue 52's ≤ ${BUDGET.javascriptIssue52Kb} KB: ${verdict(total / 1024 <= BUDGET.javascriptIssue52Kb)})`,
  );
  summary.push({ row: "results page JavaScript, gzipped (location results)", value: `${(total / 1024).toFixed(1)} KB`, goal: `≤ ${BUDGET.javascriptIssue52Kb} KB`, met: total / 1024 <= BUDGET.javascriptIssue52Kb, load: load1() });
  console.log(`  not counted: the lazy map code (${map.files.join(", ")}), ${(lazy / 1024).toFixed(1)} KB gzipped\n`);
}

async function mapChunkIsolation(base: string, map: { files: string[]; css: string[] }) {
  console.log(`Map code (${[...map.files, ...map.css].join(", ")}) in the JavaScript each page loads before any import():`);
  for (const path of [...Object.values(RESULTS_PAGES), ...OTHER_PAGES, "/map/location?location=London"]) {
    const html = await page(base, path);
    const closure = staticClosure(referencedScripts(html));
    const loaded = [...map.files, ...map.css].filter((name) => closure.has(name) || html.includes(name));
    console.log(`  ${loaded.length ? `LOADED ${loaded.join(", ")}` : "none"}  ${path}`);
  }
  console.log("  (the map pages and the list's map modal import it after hydration: tests/e2e/search-map.js-only.spec.ts checks the requests)\n");
}

async function renderTimes(base: string) {
  console.log(`Server render of results pages (one client, ${ITERATIONS} requests each, warm):`);
  for (const [name, path] of Object.entries(RESULTS_PAGES)) {
    for (let i = 0; i < 10; i++) await page(base, path);
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      await page(base, path);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `  ${name.padEnd(32)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms  (budget p95 ≤ ${BUDGET.renderP95Ms} ms: ${verdict(p95 <= BUDGET.renderP95Ms)})`,
    );
  }
  console.log("");
}

/** A page the throughput runs measure: its path, issue 17's goal, and the Accept-Encoding it is asked for with (none unless set). */
type ThroughputPage = { path: string; goal: number; acceptEncoding?: string };

/** The four pages of issue 17's table and the JSON location API, on the demo data; then the location page again, in Brotli. */
async function throughputPages(): Promise<Record<string, ThroughputPage>> {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => undefined });
  const [listing] = await sql<{ path: string }[]>`SELECT '/' || walk_type || '/' || slug AS path FROM listings WHERE status = 2 ORDER BY popularity DESC, id LIMIT 1`;
  await sql.end();
  // Issue 17's goals: 150 pages a second for the homepage, location results and listing page, 50 for
  // route results, 400 answers a second for the JSON API.
  return {
    homepage: { path: "/", goal: 150 },
    "location results (London)": { path: RESULTS_PAGES["location (London, 5 miles)"], goal: 150 },
    [`listing page (${listing.path})`]: { path: listing.path, goal: 150 },
    "route results (London to Leeds)": { path: RESULTS_PAGES["route (London to Leeds)"], goal: 50 },
    "JSON location API (London)": { path: "/api/locations/search/location?location=London", goal: 400 },
    // The rows above ask for no compression, as the issue's wrk runs did; a browser asks for Brotli,
    // which the server compresses as it answers (decision 0208).
    "location results in Brotli, as Chromium asks": { path: RESULTS_PAGES["location (London, 5 miles)"], goal: 150, acceptEncoding: CHROMIUM_ACCEPT_ENCODING },
  };
}

/** The Accept-Encoding Chromium sends with every request. */
const CHROMIUM_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** Each request from one of 2,000 addresses: the JSON API's per-address limit is paid for but refuses no one. */
let visitor = 0;
function fromManyVisitors(acceptEncoding?: string) {
  return (request: autocannon.Request): autocannon.Request => {
    visitor = (visitor + 1) % 2_000;
    const encoding = acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {};
    return { ...request, headers: { ...request.headers, "X-Forwarded-For": `10.9.${visitor >> 8}.${visitor & 255}`, ...encoding } };
  };
}

async function throughput(base: string, pid: number, cache: string, run: string, only?: (name: string, page: ThroughputPage) => boolean) {
  const pages = Object.entries(await throughputPages()).filter(([name, page]) => !only || only(name, page));
  // Every page this run measures, in turn, before the first is measured (tests/bench/server.ts).
  let next = 0;
  await warmUp(base, () => pages[next++ % pages.length][1].path);
  console.log(`Throughput with the cluster on (cluster.ts), ${cache}, 16 concurrent connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up (autocannon):`);
  const measure = async (path: string, seconds: number, acceptEncoding?: string) => {
    const cpuBefore = cpuSeconds(pid);
    const result = await autocannon({ url: `${base}${path}`, connections: 16, duration: seconds, requests: [{ setupRequest: fromManyVisitors(acceptEncoding) }] });
    const failures = result.non2xx + result.errors + result.timeouts;
    // Only answered requests count: a refusal (429) or an error is cheap and would flatter the figure.
    return { result, failures, answered: Math.max(0, result.requests.total - failures), cpu: cpuSeconds(pid) - cpuBefore };
  };
  for (const [name, { path, goal, acceptEncoding }] of pages) {
    // The compressed row's goal is the same page uncompressed, measured in turn with it (plain,
    // compressed, compressed, plain; SECONDS each): the machine's speed drifts over a run, and the plain
    // row measured minutes earlier made a drift look like a cost of compression.
    const plainRounds = acceptEncoding ? [await measure(path, SECONDS)] : [];
    const rounds = [await measure(path, SECONDS, acceptEncoding)];
    if (acceptEncoding) {
      rounds.push(await measure(path, SECONDS, acceptEncoding));
      plainRounds.push(await measure(path, SECONDS));
    }
    const sum = (of: typeof rounds, value: (r: (typeof rounds)[number]) => number) => of.reduce((total, r) => total + value(r), 0);
    const result = rounds[rounds.length - 1].result;
    const failures = sum(rounds, (r) => r.failures);
    const answered = sum(rounds, (r) => r.answered);
    const cpu = sum(rounds, (r) => r.cpu);
    const seconds = sum(rounds, (r) => r.result.duration);
    const plain = acceptEncoding ? sum(plainRounds, (r) => r.answered) / sum(plainRounds, (r) => r.result.duration) : undefined;
    const cpuMs = (cpu * 1000) / Math.max(1, answered + failures);
    const rps = answered / seconds;
    const goalText = plain !== undefined ? `as fast as uncompressed (${plain.toFixed(0)} req/s, measured in turn with it)` : `≥ ${goal} req/s`;
    const met = plain !== undefined ? rps >= plain * 0.95 : rps >= goal;
    const load = load1();
    console.log(
      `  ${name.padEnd(44)} ${rps.toFixed(0).padStart(5)} req/s  latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, app CPU ${cpuMs.toFixed(1)} ms/request, load ${load}  ${failures ? `${failures} failed  ` : ""}(goal ${goalText}: ${met ? "met" : "MISSED"})`,
    );
    summary.push({ row: `${name}, ${run}`, value: `${rps.toFixed(0)} req/s`, goal: goalText, met, cpu: `${cpuMs.toFixed(1)} ms app CPU`, load });
  }
}

/** A page's app CPU and wall time (ms) in one process, as tests/bench/render-cpu.ts measured them. */
type RenderFigure = { ms: number; wallMs: number };

/**
 * tests/bench/render-cpu.ts in its own process: each page's server CPU without HTTP or a client on the same
 * cores. A control run's rows are printed with no goal.
 */
function renderCpu(pages: Record<string, { path: string }>, run: string, env: Record<string, string> = {}, control = false): Record<string, RenderFigure> {
  const paths = [...new Set(Object.entries(pages).filter(([name]) => !name.startsWith("JSON")).map(([, { path }]) => path))];
  const out = join(mkdtempSync(join(tmpdir(), "bench-render-")), "figures.json");
  const child = spawnSync(process.execPath, ["--import", "tsx", "tests/bench/render-cpu.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...appEnv(DATABASE_URL), BENCH_RENDER_PATHS: paths.join(","), BENCH_RENDER_OUT: out, BENCH_RENDER_LABEL: run, ...env },
  });
  if (child.status !== 0) throw new Error(`tests/bench/render-cpu.ts exited with ${child.status}`);
  const load = load1();
  const figures = JSON.parse(readFileSync(out, "utf8")) as Record<string, RenderFigure>;
  for (const [path, { ms }] of Object.entries(figures)) {
    const goal = path === "/" ? 3 : path.startsWith("/route") ? 8 : 5;
    const row = `app CPU a page in one process ${path}, ${run}`;
    summary.push(control ? { row, value: `${ms.toFixed(2)} ms`, goal: "none: a control", load } : { row, value: `${ms.toFixed(2)} ms`, goal: `≤ ${goal} ms`, met: ms <= goal, load });
  }
  console.log("");
  return figures;
}

async function main() {
  const started = cpuTicks();
  const port = await freePort();
  console.log(`Starting the production build on port ${port} against ${DATABASE_URL.replace(/\/\/[^@]*@/, "//")}`);
  console.log(`${machineLine("at the start")} (other work on the machine slows every figure)\n`);
  // Render times are of rendering: the render cache would answer the repeated requests.
  const server = await startServer(port, DATABASE_URL, "server.ts", { RENDER_CACHE_SECONDS: "0" });
  try {
    const map = mapChunks();
    await javascriptWeight(server.base, map);
    await mapChunkIsolation(server.base, map);
    await renderTimes(server.base);
  } finally {
    server.stop();
  }
  const wake = await wakeCost();
  console.log(
    `This machine's cost of waking (decision 0359): the same JavaScript costs ${wake.busy.toFixed(3)} ms of CPU straight after the last, ${wake.after15.toFixed(3)} ms after 15 ms idle and ${wake.after40.toFixed(3)} ms after 40 ms (${((wake.after15 / wake.busy - 1) * 100).toFixed(0)} % and ${((wake.after40 / wake.busy - 1) * 100).toFixed(0)} % more)\n`,
  );
  summary.push({ row: "the same JavaScript after 15 ms idle, against straight after the last (the machine's cost of waking)", value: `${wake.after15.toFixed(3)} / ${wake.busy.toFixed(3)} ms`, goal: "none: a control", load: load1() });
  const kept = renderCpu(await throughputPages(), "places and routes kept");
  // Issue 52's "caches off" row for the same figure: every place found and every route worked out again.
  const uncachedPages = renderCpu(await throughputPages(), "caches off (PLACE_CACHE_SECONDS=0, ROUTE_CACHE_SECONDS=0)", {
    PLACE_CACHE_SECONDS: "0",
    ROUTE_CACHE_SECONDS: "0",
    BENCH_RENDER_REQUESTS: process.env.BENCH_RENDER_REQUESTS_UNCACHED ?? "300",
  });
  // The control (decision 0359): on this machine code runs slower for a while after the process has sat
  // idle, so a page that waits longer for PostgreSQL costs more CPU for the same work. Each cached page
  // again, idle before it for as long as its uncached run waited longer (wall less CPU, each run's): what
  // the caches-off row would be if the uncached page did no more work than the cached one.
  const waits = Object.fromEntries(
    Object.entries(uncachedPages)
      .map(([path, off]) => [path, Math.round(off.wallMs - off.ms - (kept[path].wallMs - kept[path].ms))] as const)
      .filter(([, ms]) => ms >= 1),
  );
  if (Object.keys(waits).length > 0) {
    const waited = Object.fromEntries(Object.entries(kept).filter(([path]) => path in waits).map(([path]) => [path, { path }]));
    renderCpu(waited, `places and routes kept, idle before each page as long as the caches-off page waited longer (${Object.entries(waits).map(([path, ms]) => `${path}: ${ms} ms`).join(", ")})`, { BENCH_RENDER_WAITS: JSON.stringify(waits), BENCH_RENDER_REQUESTS: process.env.BENCH_RENDER_REQUESTS_UNCACHED ?? "300" }, true);
  }
  for (const [cache, seconds, run] of [
    ["every page rendered (RENDER_CACHE_SECONDS=0; places and routes kept, the default PLACE_CACHE_SECONDS and ROUTE_CACHE_SECONDS)", "0", "rendered, places and routes kept"],
    ["render cache on (the default, RENDER_CACHE_SECONDS=10)", "10", "render cache on"],
  ]) {
    const clusterPort = await freePort();
    const cluster = await startServer(clusterPort, DATABASE_URL, "cluster.ts", { RENDER_CACHE_SECONDS: seconds });
    try {
      await throughput(cluster.base, cluster.pid, cache, run);
    } finally {
      cluster.stop();
    }
    console.log("");
  }
  // The place cache (decision 0198) answers "London" and "Leeds" above after their first request, and
  // the route cache (decision 0181) the repeated drive, as for a visitor paging through one search; these
  // are the pages that search a place by text when every request is a new place and a new drive.
  const uncachedPort = await freePort();
  const uncached = await startServer(uncachedPort, DATABASE_URL, "cluster.ts", { RENDER_CACHE_SECONDS: "0", ROUTE_CACHE_SECONDS: "0", PLACE_CACHE_SECONDS: "0" });
  try {
    await throughput(
      uncached.base,
      uncached.pid,
      "every page rendered, every place found and every route worked out again (PLACE_CACHE_SECONDS=0, ROUTE_CACHE_SECONDS=0)",
      "caches off",
      // Every cached figure's "caches off" row (issue 52): the pages above, uncompressed.
      (_name, { acceptEncoding }) => !acceptEncoding,
    );
  } finally {
    uncached.stop();
  }
  console.log(`\nIssue 52's figures, each beside its goal (app CPU: the server's CPU a request; load: the 1-minute load average when it was measured):`);
  for (const figure of summary) {
    console.log(`  ${(figure.met === undefined ? "control" : figure.met ? "met" : "MISSED").padEnd(8)}${figure.row.padEnd(100)} ${figure.value.padStart(11)}${figure.cpu ? `, ${figure.cpu}` : ""}  (goal ${figure.goal}; load ${figure.load})`);
  }
  console.log(`\n${machineLine("at the end", started)}`);
}

await main();
