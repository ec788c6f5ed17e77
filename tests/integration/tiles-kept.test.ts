import { VectorTile } from "@mapbox/vector-tile";
import Pbf from "pbf";
import { afterAll, describe, expect, it } from "vitest";
import { keepReferenceTiles, tile } from "../../geo/tiles";
import { connectTestDatabase } from "../support/database";

// Decision 0327: a process keeps the tiles of the imported layers (places, land, water, major roads) for
// TILE_CACHE_SECONDS; listings, roads and junctions, which the back office changes, are read afresh.
const { sql, close } = connectTestDatabase();
afterAll(close);

// The tile around Carlisle at zoom 10 (tiles.test.ts): Carlisle among its places, the M6 among its roads.
const [Z, X, Y] = [10, 503, 324];

async function names(layer: string): Promise<string[]> {
  const decoded = new VectorTile(new Pbf(await tile(sql, layer, Z, X, Y))).layers[layer];
  return decoded ? Array.from({ length: decoded.length }, (_, i) => String(decoded.feature(i).properties.name)) : [];
}

describe("tiles kept by a process", () => {
  it("keep a place layer's tile for the seconds given, then read it again; roads are read afresh", async () => {
    let clock = 1_000_000;
    keepReferenceTiles(sql, { seconds: 60, now: () => clock });
    const [carlisle] = await sql<{ id: number }[]>`SELECT id FROM places WHERE name = 'Carlisle' ORDER BY id LIMIT 1`;
    const [m6] = await sql<{ id: number }[]>`SELECT id FROM roads WHERE name = 'M6'`;
    try {
      expect(await names("places")).toContain("Carlisle");
      expect(await names("roads")).toContain("M6");
      await sql`UPDATE places SET name = 'Carlisle kept' WHERE id = ${carlisle.id}`;
      await sql`UPDATE roads SET name = 'M6 renamed' WHERE id = ${m6.id}`;

      // Within the minute: the place tile as it was kept; the roads tile with the back office's change.
      clock += 59_000;
      expect(await names("places")).toContain("Carlisle");
      expect(await names("places")).not.toContain("Carlisle kept");
      expect(await names("roads")).toContain("M6 renamed");

      // After it: read again.
      clock += 2_000;
      expect(await names("places")).toContain("Carlisle kept");

      // Not kept at all with 0 seconds.
      keepReferenceTiles(sql, { seconds: 0 });
      await sql`UPDATE places SET name = 'Carlisle' WHERE id = ${carlisle.id}`;
      expect(await names("places")).toContain("Carlisle");
    } finally {
      keepReferenceTiles(sql, { seconds: 0 });
      await sql`UPDATE places SET name = 'Carlisle' WHERE id = ${carlisle.id}`;
      await sql`UPDATE roads SET name = 'M6' WHERE id = ${m6.id}`;
    }
  });
});
