// Part of npm run bench:web: the CPU one page costs in Remix's request handler, in this process, with no
// HTTP server, no client on the same cores and no compression. The figure the cluster's throughput is
// made of, with the least noise this machine allows (decision 0191). Run by tests/bench/web.ts in its own
// process: the app's modules read the environment (DATABASE_URL, SESSION_SECRET) when they load.
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import postgres from "postgres";
import { processCpuSeconds } from "./server";

const REQUESTS = Number(process.env.BENCH_RENDER_REQUESTS ?? 1_500);
const paths = (process.env.BENCH_RENDER_PATHS ?? "/").split(",");
/** Issue 52's goals for a page's app CPU in one process, by the page's path. */
function goalMs(path: string): number {
  if (path === "/") return 3;
  if (path.startsWith("/route")) return 8;
  return 5;
}
/** Each path's app CPU and wall time a page (ms), for tests/bench/web.ts. */
const figures: Record<string, { ms: number; wallMs: number }> = {};
/**
 * BENCH_RENDER_WAITS: JSON of path → ms. Before each measured page the process sits idle that long, as a
 * page waiting for PostgreSQL does (web.ts's control row: the cached page made to wait as long as the
 * uncached one). The wait is counted in the wall time and taken out of it in the figures written.
 */
const waits = JSON.parse(process.env.BENCH_RENDER_WAITS ?? "{}") as Record<string, number>;
const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// BENCH_RENDER_BUILD: another build's folder (for example a copy of main's, to compare on the same machine state).
const build = (await import(pathToFileURL(resolve(process.env.BENCH_RENDER_BUILD ?? "build", "server/index.js")).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");

async function page(path: string): Promise<void> {
  const response = await handle(new Request(`http://localhost${path}`));
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  // The bytes, as the HTTP server sends them: decoding them to a string (text()) cost this benchmark
  // about 1 ms a page of its own, which the server never pays.
  await response.arrayBuffer();
}

// The database's side of a page, read beside the app's CPU: statements the page sent (transactions
// committed in this database; each statement outside a transaction is one) and the CPU of this
// database's backends (from /proc; the cluster runs on this machine). Other clients of the same
// database during the run would count too: run it on a database nothing else uses.
const stats = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => undefined });
async function databaseSide(): Promise<{ statements: number; cpu: number }> {
  // A backend reports its counts when idle, at most once a second (PostgreSQL 15).
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const [row] = await stats<{ n: string }[]>`SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()`;
  const pids = await stats<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
  return { statements: Number(row.n), cpu: pids.reduce((sum, p) => sum + processCpuSeconds(p.pid), 0) };
}

console.log(`Server CPU a page in one process (Remix's handler without HTTP; ${REQUESTS} requests each after 100 to warm up${process.env.BENCH_RENDER_LABEL ? `; ${process.env.BENCH_RENDER_LABEL}` : ""}):`);
for (const path of paths) {
  for (let i = 0; i < 100; i++) await page(path);
  const database = await databaseSide();
  const before = process.cpuUsage();
  const started = performance.now();
  const wait = waits[path] ?? 0;
  for (let i = 0; i < REQUESTS; i++) {
    if (wait > 0) await idle(wait);
    await page(path);
  }
  const cpu = process.cpuUsage(before);
  const wall = (performance.now() - started) / REQUESTS;
  const after = await databaseSide();
  // Less the two statements databaseSide sends itself.
  const statements = (after.statements - database.statements - 2) / REQUESTS;
  const ms = (cpu.user + cpu.system) / 1000 / REQUESTS;
  figures[path] = { ms, wallMs: wall - wait };
  console.log(
    `  ${path.padEnd(44)} ${ms.toFixed(2).padStart(6)} ms CPU, ${wall.toFixed(2).padStart(6)} ms wall a page${wait > 0 ? ` (${wait} ms of it idle before the page; a control, no goal)` : `  (goal ≤ ${goalMs(path)} ms: ${ms <= goalMs(path) ? "met" : "MISSED"})`}`,
  );
  console.log(`  ${"".padEnd(44)} ${statements.toFixed(1).padStart(6)} statements, ${(((after.cpu - database.cpu) * 1000) / REQUESTS).toFixed(2).padStart(6)} ms PostgreSQL CPU a page`);
}
// For tests/bench/web.ts's summary.
if (process.env.BENCH_RENDER_OUT) writeFileSync(process.env.BENCH_RENDER_OUT, JSON.stringify(figures));
// The app's database pool and job timers would keep the process alive.
process.exit(0);
