import { afterAll, describe, expect, it } from "vitest";
import { geocode } from "../../geo/geocode";
import { connectTestDatabase } from "../support/database";
import { variedGeocodeQueries } from "../support/geocode-queries";

// The autocomplete over ~200 varied queries (whole names, prefixes, typos, roads, junctions, listings):
// what each kind of query must find. Its timings are in tests/bench/timings.ts (npm run bench:timings).
const { sql, close } = connectTestDatabase();
afterAll(close);

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

describe("geocoder autocomplete over varied queries", () => {
  it("finds each town by its whole name and by its first letters", async () => {
    const towns = await sql<{ name: string }[]>`
      SELECT name FROM places WHERE kind IN ('city', 'town', 'village') ORDER BY md5(id::text) LIMIT 45`;
    const misses: string[] = [];
    for (const { name } of towns) {
      const whole = await geocode(sql, name, { limit: 10 });
      if (!whole.some((result) => fold(result.formattedAddress).includes(fold(name)))) misses.push(`whole name ${JSON.stringify(name)}`);
      const prefix = name.slice(0, 5);
      const started = await geocode(sql, prefix, { limit: 10 });
      if (started.length === 0) misses.push(`prefix ${JSON.stringify(prefix)} found nothing`);
      else if (!started.some((result) => fold(result.formattedAddress).includes(fold(prefix).trim()))) misses.push(`prefix ${JSON.stringify(prefix)}: ${started[0].formattedAddress}`);
    }
    expect(misses).toEqual([]);
  });

  it("reads roads and junctions, corrects typos and answers every query of the mix", async () => {
    for (const query of ["M6 J15", "m6 junction 15"]) {
      const [first] = await geocode(sql, query);
      expect(first?.kind, query).toBe("junction");
      expect(first?.formattedAddress, query).toMatch(/^M6 Junction 15 /);
    }
    expect((await geocode(sql, "M62"))[0]?.kind).toBe("road");
    expect(fold((await geocode(sql, "edinbrugh"))[0]?.formattedAddress ?? "")).toContain("edinburgh");
    expect(fold((await geocode(sql, "carlise"))[0]?.formattedAddress ?? "")).toContain("carlisle");

    const queries = await variedGeocodeQueries(sql);
    expect(queries.length).toBeGreaterThanOrEqual(200);
    const empty: string[] = [];
    for (const query of queries) if ((await geocode(sql, query)).length === 0) empty.push(query);
    // Roads, junctions and well-known places always answer; of the whole mix (typos and single letters too) at most 1 in 20 may not.
    for (const query of ["M6", "m6", "M25 J10", "a1(m)", "A7", "M62", "Penrith", "Stoke", "paris", "Saint-Etienne", "saint etienne", "lyonn"]) expect(empty, query).not.toContain(query);
    expect(empty.length, empty.join(", ")).toBeLessThanOrEqual(queries.length / 20);
  });
});
