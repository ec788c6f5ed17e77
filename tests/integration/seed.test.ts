import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "../../db/client";
import { generateDemo } from "../../db/seed/generate";
import { createScratchDatabase, migrateDatabase } from "../support/database";

const TABLES = ["places", "roads", "junctions", "routing_vertices", "routing_edges", "listings", "listing_versions", "land_parts", "coastline_parts"];
const quiet = { step: () => undefined, listings: () => undefined };

async function checksums(handle: DatabaseHandle): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await handle.sql.unsafe(`SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t.id)), '') AS sum FROM ${table} t`);
    out[table] = String(row.sum);
  }
  return out;
}

describe("the demo data generator", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase("pawroute_seed");
    handle = connect(scratch.url, { max: 2 });
    await migrateDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it("is deterministic and idempotent: loading the same seed twice gives identical tables", async () => {
    await generateDemo(handle.sql, { seed: "idempotence", listings: 400 }, quiet);
    const first = await checksums(handle);
    expect(first.listings.startsWith("400:")).toBe(true);
    await generateDemo(handle.sql, { seed: "idempotence", listings: 400 }, quiet);
    expect(await checksums(handle)).toEqual(first);
  });

  it("makes different listings from a different seed and honours the size flag", async () => {
    await generateDemo(handle.sql, { seed: "idempotence", listings: 400 }, quiet);
    const first = await checksums(handle);
    await generateDemo(handle.sql, { seed: "another", listings: 250 }, quiet);
    const second = await checksums(handle);
    expect(second.listings.startsWith("250:")).toBe(true);
    expect(second.listings).not.toEqual(first.listings);
    // Roads, towns and the graph do not depend on the seed.
    expect(second.roads).toEqual(first.roads);
    expect(second.routing_edges).toEqual(first.routing_edges);
  });
});
