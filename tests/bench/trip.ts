// npm run bench:trip — the trip planner's figures (issue 49): planning time p50/p95 for London → Edinburgh
// and Calais → Marseille with a break every 2 h, each run routing the drive (no route cache) and measuring
// every candidate's detour by the routing engine, printed beside the goal (p95 ≤ 500 ms).
// Runs on DATABASE_URL (the demo data, as `npm start` leaves it); TRIP_BENCH_DATABASE_URL points it at
// another data set, e.g. bench:geo's million-listing database. Printed, never asserted.
import { performance } from "node:perf_hooks";
import { connect } from "../../db/client";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { planTrip } from "../../geo/trip/plan";
import { tripQuerySchema } from "../../geo/trip/query";

const url = process.env.TRIP_BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error("Set DATABASE_URL (or TRIP_BENCH_DATABASE_URL) to a database with listings and a routing graph");
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const GOAL_MS = 500;

const DRIVES = [
  { name: "London → Edinburgh", from: "London", to: "Edinburgh", kind: "walk" },
  { name: "Calais → Marseille", from: "Calais", to: "Marseille", kind: "walk" },
  { name: "London → Edinburgh, pub walks, vet", from: "London", to: "Edinburgh", kind: "pub-walk", vet: "1" },
] as const;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const { sql, close } = connect(url, { max: 4, applicationName: "pawroute:bench-trip" });
try {
  const engine = createPgRoutingEngine(sql);
  const [{ listings, edges }] = await sql<{ listings: number; edges: number }[]>`
    SELECT (SELECT count(*)::int FROM listings) AS listings, (SELECT count(*)::int FROM routing_edges) AS edges`;
  console.log(`Trip planner on ${new URL(url).pathname.slice(1)}: ${listings.toLocaleString("en-GB")} listings, ${edges.toLocaleString("en-GB")} routing edges; ${ITERATIONS} runs each after 5 warm-up runs, one client.`);
  console.log("");
  console.log("| drive | stops | gaps | driving | p50 ms | p95 ms | goal p95 |");
  console.log("|---|---|---|---|---|---|---|");
  for (const drive of DRIVES) {
    const query = tripQuerySchema.parse({ ...drive, depart: "2027-04-02T08:00", every: "120" });
    let last = await planTrip(sql, engine, query);
    for (let i = 0; i < 4; i++) last = await planTrip(sql, engine, query);
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const t = performance.now();
      last = await planTrip(sql, engine, query);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const hours = `${Math.floor(last.drivingMinutes / 60)} h ${String(last.drivingMinutes % 60).padStart(2, "0")}`;
    console.log(`| ${drive.name} | ${last.stops.length} | ${last.gaps.length} | ${hours} | ${percentile(times, 50).toFixed(0)} | ${p95.toFixed(0)} | ≤ ${GOAL_MS} ${p95 <= GOAL_MS ? "(met)" : "(missed)"} |`);
  }
} finally {
  await close();
}
