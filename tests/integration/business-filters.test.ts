import { afterAll, describe, expect, it } from "vitest";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { parseFilters, search } from "../../geo/search";
import { roadCounts } from "../../geo/search/road-counts";
import { connectTestDatabase } from "../support/database";

// Accommodation and dog services as filters of member businesses (docs/decisions/0136), on the demo data.
const { sql, close } = connectTestDatabase();
const engine = createPgRoutingEngine(sql);
afterAll(close);

const NONE = { types: [], facilities: [], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false };

async function walkTypes(ids: number[]): Promise<Map<number, string>> {
  const rows = await sql<{ id: number; walk_type: string }[]>`SELECT id, walk_type FROM listings WHERE id = ANY(${ids}::int[])`;
  return new Map(rows.map((row) => [row.id, row.walk_type]));
}

async function liveCount(condition: "accommodation" | "accommodation-or-vet"): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM listings
    WHERE status = 2 AND (walk_type = 'dog-friendly-accommodation' ${condition === "accommodation-or-vet" ? sql`OR type_id = 5` : sql``})`;
  return row.n;
}

describe("business filters", () => {
  it("accommodation alone shows only dog-friendly accommodation, and all of it", async () => {
    const response = await search(sql, engine, parseFilters({ searchType: "browse", accommodation: true, limit: 100 }));
    const kinds = await walkTypes(response.results.map((result) => result.location.id));
    expect(response.results.length).toBeGreaterThan(0);
    for (const result of response.results) expect(kinds.get(result.location.id)).toBe("dog-friendly-accommodation");
    expect(response.pagination.total).toBe(await liveCount("accommodation"));
    expect(response.query.businessOnly).toBe(true);
  });

  it("narrows member businesses but keeps the other ticked types", async () => {
    const response = await search(sql, engine, parseFilters({ searchType: "browse", types: [4, 5], accommodation: true, limit: 100 }));
    expect(response.pagination.total).toBe(await liveCount("accommodation-or-vet"));
    const kinds = await walkTypes(response.results.map((result) => result.location.id));
    for (const result of response.results) expect(result.location.type.id === 5 || kinds.get(result.location.id) === "dog-friendly-accommodation").toBe(true);
  });

  it("dog services with accommodation: both kinds, never a plain member business or a walk", async () => {
    const response = await search(sql, engine, parseFilters({ searchType: "browse", accommodation: true, dogServices: true, limit: 100 }));
    const kinds = await walkTypes(response.results.map((result) => result.location.id));
    expect(new Set(kinds.values())).toEqual(new Set(["dog-friendly-accommodation", "dog-services"]));
  });

  it("road counts follow the filter (the aggregate knows each listing's walk type)", async () => {
    // The demo's businesses are in towns, not at junctions: put one dog service at a walk's junction for this test.
    const [walk] = await sql<{ road_id: number; junction_id: number }[]>`SELECT road_id, junction_id FROM listings WHERE status = 2 AND junction_id IS NOT NULL ORDER BY id LIMIT 1`;
    const [service] = await sql<{ id: number; road_id: number | null; junction_id: number | null }[]>`
      SELECT id, road_id, junction_id FROM listings WHERE status = 2 AND walk_type = 'dog-services' ORDER BY id LIMIT 1`;
    await sql`UPDATE listings SET road_id = ${walk.road_id}, junction_id = ${walk.junction_id} WHERE id = ${service.id}`;
    try {
      const { counts } = await roadCounts(sql, { ...NONE, dogServices: true });
      const rows = await sql<{ road_id: number; n: number }[]>`
        SELECT road_id, count(*)::int AS n FROM listings
        WHERE status = 2 AND road_id IS NOT NULL AND junction_id IS NOT NULL AND walk_type = 'dog-services' GROUP BY road_id`;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(counts[String(row.road_id)]).toBe(row.n);
      expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(rows.reduce((sum, row) => sum + row.n, 0));
      const { counts: accommodation } = await roadCounts(sql, { ...NONE, accommodation: true });
      expect(accommodation[String(walk.road_id)]).toBe(0);
    } finally {
      await sql`UPDATE listings SET road_id = ${service.road_id}, junction_id = ${service.junction_id} WHERE id = ${service.id}`;
    }
  });
});
