// The CPU of a results page's search with the whole listing read and with the card read (decision 0341), in
// one process, the two alternately (order swapped each round): location (London) and route (London → Leeds).
// Printed, not asserted.
//
//   DATABASE_URL=… npx tsx tests/bench/search-read.ts   (BENCH_SEARCH_READ_KEPT=1: places and routes kept, as
//   the app keeps them; BENCH_SEARCH_READ_N: searches a round, 200)
import postgres from "postgres";
import { keepPlacesFound } from "../../geo/geocode";
import { parseFilters } from "../../geo/search";
import { searchLocation } from "../../geo/search/location";
import { searchRoute } from "../../geo/search/route";
import type { ListingRead } from "../../geo/search/types";
import { withRouteCache } from "../../geo/routing/cache";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";

const sql = postgres(process.env.DATABASE_URL ?? "", { max: 4, onnotice: () => undefined });
const kept = process.env.BENCH_SEARCH_READ_KEPT === "1";
if (kept) keepPlacesFound(sql, { seconds: 600 });
const engine = kept ? withRouteCache(createPgRoutingEngine(sql), { seconds: 600 }) : createPgRoutingEngine(sql);
const N = Number(process.env.BENCH_SEARCH_READ_N ?? 200);
const ROUNDS = 6;
const kinds = {
  location: { run: searchLocation, filters: parseFilters({ searchType: "location", location: "London" }) },
  route: { run: searchRoute, filters: parseFilters({ searchType: "route", from: "London", to: "Leeds" }) },
};

console.log(`CPU of one search, the whole read and the card read alternately (${ROUNDS} rounds of ${N}; ${kept ? "places and routes kept" : "caches off"}):`);
for (const [name, { run, filters }] of Object.entries(kinds)) {
  const figures: Record<ListingRead, number[]> = { full: [], card: [] };
  for (let i = 0; i < 50; i++) for (const read of ["full", "card"] as const) await run(sql, engine, filters, { read });
  for (let round = 0; round < ROUNDS; round++) {
    for (const read of round % 2 ? (["card", "full"] as const) : (["full", "card"] as const)) {
      const before = process.cpuUsage();
      for (let i = 0; i < N; i++) await run(sql, engine, filters, { read });
      const cpu = process.cpuUsage(before);
      figures[read].push((cpu.user + cpu.system) / 1000 / N);
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  for (const read of ["full", "card"] as const) console.log(`  ${name.padEnd(9)} ${read}: ${figures[read].map((ms) => ms.toFixed(3)).join(" / ")} (mean ${mean(figures[read]).toFixed(3)} ms)`);
}
await sql.end();
process.exit(0);
