import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "../../db/client";
import { createScratchDatabase, migrateDatabase } from "../support/database";

describe("migrations on an empty database", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase("pawroute_migrations");
    handle = connect(scratch.url, { max: 1 });
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it("apply from nothing and create the geo core with its extensions", async () => {
    await migrateDatabase(handle);
    const extensions = await handle.sql<{ extname: string }[]>`SELECT extname FROM pg_extension ORDER BY extname`;
    expect(extensions.map((e) => e.extname)).toEqual(expect.arrayContaining(["pg_trgm", "pgrouting", "postgis", "unaccent"]));
    const tables = await handle.sql<{ tablename: string }[]>`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`;
    expect(tables.map((t) => t.tablename)).toEqual(
      expect.arrayContaining(["countries", "listing_types", "walk_types", "facilities", "roads", "junctions", "listings", "listing_versions", "places", "routing_edges", "routing_vertices", "users", "sessions"]),
    );
  });

  it("are idempotent: a second run applies nothing and changes nothing", async () => {
    const before = await handle.sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
    await migrateDatabase(handle);
    const after = await handle.sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
    expect(after[0].n).toBe(before[0].n);
    const countries = await handle.sql<{ id: number; slug: string }[]>`SELECT id, slug FROM countries WHERE id IN (235, 75) ORDER BY id`;
    expect(countries).toEqual([
      { id: 75, slug: "france" },
      { id: 235, slug: "united-kingdom" },
    ]);
  });

  it("declare spatial columns with SRID 4326 and the listing index as GiST", async () => {
    const columns = await handle.sql<{ table: string; column: string; srid: number }[]>`
      SELECT f_table_name AS table, f_geography_column AS column, srid FROM geography_columns
      UNION ALL SELECT f_table_name, f_geometry_column, srid FROM geometry_columns`;
    expect(columns.length).toBeGreaterThanOrEqual(8);
    for (const c of columns) expect(c.srid, `${c.table}.${c.column}`).toBe(4326);
    const [index] = await handle.sql<{ indexdef: string }[]>`SELECT indexdef FROM pg_indexes WHERE indexname = 'listings_location_live'`;
    expect(index.indexdef).toContain("USING gist");
  });

  it("answer PostGIS and pgRouting functions", async () => {
    const [{ metres }] = await handle.sql<{ metres: number }[]>`
      SELECT ST_Distance('SRID=4326;POINT(-0.1276 51.5072)'::geography, 'SRID=4326;POINT(2.3522 48.8566)'::geography) AS metres`;
    expect(metres).toBeGreaterThan(340_000);
    expect(metres).toBeLessThan(345_000);
    const path = await handle.sql<{ node: string; agg_cost: number }[]>`
      SELECT node, agg_cost FROM pgr_dijkstra(
        'SELECT * FROM (VALUES (1, 1, 2, 5.0, 5.0), (2, 2, 3, 2.0, 2.0), (3, 1, 3, 9.0, 9.0)) AS e(id, source, target, cost, reverse_cost)',
        1, 3)`;
    expect(path.map((p) => Number(p.node))).toEqual([1, 2, 3]);
    expect(path[path.length - 1].agg_cost).toBe(7);
  });
});
