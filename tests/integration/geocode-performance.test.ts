import { afterAll, describe, expect, it } from "vitest";
import { geocode } from "../../geo/geocode";
import { connectTestDatabase } from "../support/database";

// Autocomplete timings over ~200 varied queries: printed, not asserted (a shared CI machine is noisy).
// The budget is 15 ms p95 (docs/decisions/0007); tests/integration/geocode.test.ts checks index use.
const { sql, close } = connectTestDatabase();
afterAll(close);

/** A deterministic mix: whole names, 3-5 letter prefixes, one-letter typos, roads, junctions, listings. */
async function variedQueries(): Promise<string[]> {
  const towns = await sql<{ name: string }[]>`
    SELECT name FROM places WHERE kind IN ('city', 'town', 'village') ORDER BY md5(id::text) LIMIT 45`;
  const listings = await sql<{ title: string }[]>`SELECT title FROM listings WHERE status = 2 ORDER BY md5(id::text) LIMIT 10`;
  const queries: string[] = [];
  for (const { name } of towns) {
    queries.push(name, name.slice(0, 3), name.slice(0, 5), dropLetter(name));
  }
  for (const { title } of listings) queries.push(title.slice(0, 12));
  queries.push("M6", "m6", "M6 J15", "m6 junction 15", "M25 J10", "a1(m)", "A7", "a10 exit 2", "M62", "m1 junction 1");
  queries.push("Penrith", "carlise", "Stoke", "paris", "Saint-Etienne", "saint etienne", "lyonn", "edinbrugh", "s", "sa");
  return queries;
}

function dropLetter(name: string): string {
  const at = Math.floor(name.length / 2);
  return name.slice(0, at) + name.slice(at + 1);
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

describe("geocoder autocomplete timings", () => {
  it("prints p50 and p95 over about 200 queries", async () => {
    const queries = await variedQueries();
    for (const query of queries.slice(0, 10)) await geocode(sql, query);

    const timings: { query: string; ms: number }[] = [];
    for (const query of queries) {
      const started = performance.now();
      await geocode(sql, query);
      timings.push({ query, ms: performance.now() - started });
    }
    const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
    const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `geocode: ${timings.length} queries, p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p95 ${percentile(sorted, 0.95).toFixed(2)} ms, ` +
        `max ${sorted[sorted.length - 1].toFixed(2)} ms; slowest: ${slowest.map((t) => `${JSON.stringify(t.query)} ${t.ms.toFixed(1)} ms`).join(", ")}`,
    );
    expect(timings.length).toBeGreaterThanOrEqual(200);
  });
});
