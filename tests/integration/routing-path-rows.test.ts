import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { Random } from "../../db/seed/random";
import { connectTestDatabase } from "../support/database";

// Decision 0324: routing_path (migration 0045) reads each edge of the path by its key instead of hashing
// the whole edge table. The rows must be exactly migration 0043's: the same tier, edges, ends, costs,
// names and points, in the same order, for short and long routes and for each tier.

const { sql, close } = connectTestDatabase();
afterAll(() => close());

/** Migration 0043's routing_path, under another name. */
const before = (() => {
  const text = readFileSync(new URL("../../migrations/0043_routing_end_boxes.sql", import.meta.url), "utf8");
  const start = text.indexOf("CREATE OR REPLACE FUNCTION routing_path(");
  const end = text.indexOf("$$;", text.indexOf("AS $$", start)) + 3;
  return text.slice(start, end).replace("FUNCTION routing_path(", "FUNCTION routing_path_0043(");
})();

describe("routing_path with edges read by key (migration 0045)", () => {
  it("answers exactly the rows of migration 0043's, on 24 vertex pairs and each tier", async () => {
    const vertices = await sql<{ id: string }[]>`
      SELECT v.id::text FROM routing_vertices v JOIN places p ON p.id = v.place_id WHERE p.kind IN ('city', 'town') ORDER BY v.id`;
    expect(vertices.length).toBeGreaterThan(20);
    const rng = new Random("routing-path-rows");
    const pairs = Array.from({ length: 24 }, (_, i) => ({ from: rng.pick(vertices).id, to: rng.pick(vertices).id, budget: i % 3 === 0 ? 0 : 60_000 }));
    const tiers = new Set<string>();
    await sql
      .begin(async (tx) => {
        await tx.unsafe(before);
        for (const { from, to, budget } of pairs) {
          const columns = tx`tier, seq, edge_id::text, start_vertex::text, end_vertex::text, seconds, metres, road_class, road_name, road_id, lngs, lats`;
          const now = await tx`SELECT ${columns} FROM routing_path(${from}::bigint, ${to}::bigint, ${budget})`;
          const then = await tx`SELECT ${columns} FROM routing_path_0043(${from}::bigint, ${to}::bigint, ${budget})`;
          expect([...now], `${from} → ${to} (budget ${budget})`).toEqual([...then]);
          if (now[0]) tiers.add(String(now[0].tier));
        }
        throw new Error("rollback");
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== "rollback") throw error;
      });
    // Every shape of the search was compared: the edge set of the ends, the overlay, and the whole graph
    // (a pair in the overlay's gaps).
    expect([...tiers].sort()).toEqual(["full", "hierarchy", "near"]);
  });
});
