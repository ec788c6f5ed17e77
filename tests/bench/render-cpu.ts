// Part of npm run bench:web: the CPU one page costs in Remix's request handler, in this process, with no
// HTTP server, no client on the same cores and no compression. The figure the cluster's throughput is
// made of, with the least noise this machine allows (decision 0191). Run by tests/bench/web.ts in its own
// process: the app's modules read the environment (DATABASE_URL, SESSION_SECRET) when they load.
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const REQUESTS = Number(process.env.BENCH_RENDER_REQUESTS ?? 1_500);
const paths = (process.env.BENCH_RENDER_PATHS ?? "/").split(",");
/** Issue 52's goals for a page's app CPU in one process, by the page's path. */
function goalMs(path: string): number {
  if (path === "/") return 3;
  if (path.startsWith("/route")) return 8;
  return 5;
}
const figures: Record<string, number> = {};

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

console.log(`Server CPU a page in one process (Remix's handler without HTTP; ${REQUESTS} requests each after 100 to warm up${process.env.BENCH_RENDER_LABEL ? `; ${process.env.BENCH_RENDER_LABEL}` : ""}):`);
for (const path of paths) {
  for (let i = 0; i < 100; i++) await page(path);
  const before = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await page(path);
  const cpu = process.cpuUsage(before);
  const ms = (cpu.user + cpu.system) / 1000 / REQUESTS;
  figures[path] = ms;
  console.log(
    `  ${path.padEnd(44)} ${ms.toFixed(2).padStart(6)} ms CPU, ${((performance.now() - started) / REQUESTS).toFixed(2).padStart(6)} ms wall a page  (goal ≤ ${goalMs(path)} ms: ${ms <= goalMs(path) ? "met" : "MISSED"})`,
  );
}
// For tests/bench/web.ts's summary.
if (process.env.BENCH_RENDER_OUT) writeFileSync(process.env.BENCH_RENDER_OUT, JSON.stringify(figures));
// The app's database pool and job timers would keep the process alive.
process.exit(0);
