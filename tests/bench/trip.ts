// npm run bench:trip — the trip planner's figures (issue 49): planning time p50/p95 for London → Edinburgh
// and Calais → Marseille with a break every 2 h on the million-listing data set, each run routing the
// drive (the raw routing engine: no route cache) and measuring every candidate's detour by the routing
// engine, printed beside the goal (p95 ≤ 500 ms), with the CPU time one plan costs (this process and
// its PostgreSQL backends, read from /proc): on a shared machine wall time waits for other work, CPU
// time much less.
// The data set is bench:geo's (BENCH_DATABASE_URL, built once with the demo generator's size flags:
// 1,000,000 listings and a routing graph of 500,000+ edges); TRIP_BENCH_DATABASE_URL points it at another
// database, e.g. the demo data (DATABASE_URL). Printed, never asserted.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { connect } from "../../db/client";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { planTrip } from "../../geo/trip/plan";
import { tripQuerySchema } from "../../geo/trip/query";
import { machineLine } from "./server";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
const LOCAL_ROADS = Number(process.env.BENCH_LOCAL_ROADS ?? 185_000);
const url = process.env.TRIP_BENCH_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute_bench";
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const GOAL_MS = 500;
const APPLICATION = `pawroute:bench-trip:${process.pid}`;

const DRIVES = [
  { name: "London → Edinburgh", from: "London", to: "Edinburgh", kind: "walk" },
  { name: "Calais → Marseille", from: "Calais", to: "Marseille", kind: "walk" },
  { name: "London → Edinburgh, pub walks, vet", from: "London", to: "Edinburgh", kind: "pub-walk", vet: "1" },
  { name: "Calais → Marseille, overnight after 6 h", from: "Calais", to: "Marseille", kind: "walk", overnight: "6" },
] as const;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function run(cmd: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

/** User + system CPU seconds of a process (/proc/<pid>/stat, clock ticks of 10 ms); 0 when it cannot be read. */
function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

if (!process.env.TRIP_BENCH_DATABASE_URL) {
  // The million-listing data set, as bench:geo builds it (nothing to do once it is loaded).
  console.log(`Benchmark database: ${url.replace(/\/\/[^@]*@/, "//")}`);
  run("node_modules/.bin/tsx", ["db/migrate.ts", "--create"], { DATABASE_URL: url });
  run("node_modules/.bin/tsx", ["db/seed/cli.ts", "--if-empty", "--seed", "bench", "--listings", String(LISTINGS), "--local-roads", String(LOCAL_ROADS)], { DATABASE_URL: url });
}

const { sql, close } = connect(url, { max: 4, applicationName: APPLICATION });
try {
  const engine = createPgRoutingEngine(sql);
  const [{ listings, edges }] = await sql<{ listings: number; edges: number }[]>`
    SELECT (SELECT count(*)::int FROM listings) AS listings, (SELECT count(*)::int FROM routing_edges) AS edges`;
  console.log(`Trip planner on ${new URL(url).pathname.slice(1)}: ${listings.toLocaleString("en-GB")} listings, ${edges.toLocaleString("en-GB")} routing edges; ${ITERATIONS} runs each after 5 warm-up runs, one client, no route cache.`);
  console.log(machineLine("at the start"));
  console.log("");
  console.log("| drive | stops | gaps | driving | p50 ms | p95 ms | goal p95 | CPU ms per plan (app + PostgreSQL) |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const drive of DRIVES) {
    const query = tripQuerySchema.parse({ ...drive, depart: "2027-04-02T08:00", every: "120" });
    let last = await planTrip(sql, engine, query);
    for (let i = 0; i < 4; i++) last = await planTrip(sql, engine, query);
    // The pool's backends, opened by the warm-up runs: their CPU time is PostgreSQL's share of a plan.
    const backends = (await sql<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE application_name = ${APPLICATION}`).map((r) => r.pid);
    const pgBefore = backends.reduce((t, pid) => t + processCpuSeconds(pid), 0);
    const appBefore = process.cpuUsage();
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const t = performance.now();
      last = await planTrip(sql, engine, query);
      times.push(performance.now() - t);
    }
    const app = process.cpuUsage(appBefore);
    const appMs = (app.user + app.system) / 1000 / ITERATIONS;
    const pgMs = ((backends.reduce((t, pid) => t + processCpuSeconds(pid), 0) - pgBefore) * 1000) / ITERATIONS;
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const hours = `${Math.floor(last.drivingMinutes / 60)} h ${String(last.drivingMinutes % 60).padStart(2, "0")}`;
    console.log(
      `| ${drive.name} | ${last.stops.length} | ${last.gaps.length} | ${hours} | ${percentile(times, 50).toFixed(0)} | ${p95.toFixed(0)} | ≤ ${GOAL_MS} ${p95 <= GOAL_MS ? "(met)" : "(missed)"} | ${(appMs + pgMs).toFixed(0)} (${appMs.toFixed(0)} + ${pgMs.toFixed(0)}) |`,
    );
  }
  console.log("");
  console.log(machineLine("at the end"));
} finally {
  await close();
}
