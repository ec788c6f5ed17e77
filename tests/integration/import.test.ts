import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "../../db/client";
import { runImport, type ImportOptions } from "../../geo/import";
import { createProgress } from "../../geo/import/progress";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { parseFilters, search } from "../../geo/search";
import { tile } from "../../geo/tiles";
import { createScratchDatabase, migrateDatabase } from "../support/database";
import { FIXTURE, writeFixture, writePbfFixture } from "../support/osm-fixture";

// The importer on a scratch database (the shared demo data is never touched), with an OSM extract
// written by tests/support/osm-fixture.ts.
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let handle: DatabaseHandle;
let dir: string;
const silent = createProgress({ silent: true });

const TABLES = ["roads", "junctions", "routing_edges", "routing_vertices", "basemap_water", "places", "listings", "listing_versions"];

async function checksums(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await handle.sql.unsafe<{ sum: string | null }[]>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS sum FROM ${table} t`);
    out[table] = row.sum ?? "empty";
  }
  return out;
}

const run = (options: Omit<ImportOptions, "progress">) => runImport(handle.sql, { progress: silent, ...options });

async function browseM42() {
  const response = await search(handle.sql, createPgRoutingEngine(handle.sql), parseFilters({ searchType: "road", roadSlug: "m42", roadCountry: "united-kingdom" }));
  return response.junctions.map((j) => j.number);
}

beforeAll(async () => {
  scratch = await createScratchDatabase("pawroute_import");
  handle = connect(scratch.url, { max: 4 });
  await migrateDatabase(handle);
  dir = mkdtempSync(join(tmpdir(), "pawroute-import-"));
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("importing an OpenStreetMap extract", () => {
  it("builds roads, junctions in order along the motorway and a routing graph a route crosses", async () => {
    const result = await run({ kind: "osm", file: writeFixture(join(dir, "fixture.osm")), country: "GB" });
    expect(result.changes.roads).toEqual({ added: 2, changed: 0, removed: 0 });
    expect(result.changes.junctions.added).toBe(3);
    // The broken elements are reported, the rest is imported.
    expect(result.rejected).toBe(3);
    const report = readFileSync(result.reportPath ?? "", "utf8");
    expect(report).toContain("road with fewer than two nodes");
    expect(report).toContain("road whose nodes are missing from the extract");

    expect(await browseM42()).toEqual(FIXTURE.junctions);
    const roads = await handle.sql<{ name: string; motorway: boolean }[]>`SELECT name, motorway FROM roads ORDER BY name`;
    expect(roads).toEqual([
      { name: "A38", motorway: false },
      { name: "M42", motorway: true },
    ]);
    const towns = await handle.sql<{ town: string }[]>`SELECT town FROM junctions ORDER BY position`;
    expect(towns.map((t) => t.town)).toEqual(["Alvechurch", "Hopwood", "Wythall"]);

    const route = await createPgRoutingEngine(handle.sql).route(FIXTURE.west, FIXTURE.east, { steps: true });
    expect(route).not.toBeNull();
    // Across the motorway: about 55 km west to east (the secondary road alone would be longer in time).
    expect(route?.distanceMetres).toBeGreaterThan(50_000);
    expect(route?.legs[0].steps.some((s) => s.roadName === "M42")).toBe(true);

    // The basemap: water and major roads through the tile endpoint's layers.
    const water = await tile(handle.sql, "water", 10, 507, 336);
    expect(water.length).toBeGreaterThan(0);
    const major = await tile(handle.sql, "major-roads", 8, 126, 83);
    expect(major.length).toBeGreaterThan(0);

    // The graph's edges are written in spatial order (geohash of their middle), not in the extract's order.
    const stored = await handle.sql<{ id: string }[]>`SELECT id::text FROM routing_edges ORDER BY ctid`;
    const spatial = await handle.sql<{ id: string }[]>`SELECT id::text FROM routing_edges ORDER BY ST_GeoHash(ST_Centroid(geom), 8), id`;
    const byId = await handle.sql<{ id: string }[]>`SELECT id::text FROM routing_edges ORDER BY id`;
    expect(stored.length).toBeGreaterThan(10);
    expect(spatial).not.toEqual(byId);
    expect(stored).toEqual(spatial);
  });

  it("changes nothing when the same extract is imported again, as .osm or as .osm.pbf", async () => {
    const before = await checksums();
    const again = await run({ kind: "osm", file: join(dir, "fixture.osm"), country: "GB" });
    for (const change of Object.values(again.changes)) expect(change).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(await checksums()).toEqual(before);
    const pbf = await run({ kind: "osm", file: writePbfFixture(join(dir, "fixture.osm.pbf")), country: "GB" });
    for (const change of Object.values(pbf.changes)) expect(change).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(await checksums()).toEqual(before);
  });

  it("reports what a new extract would change on a dry run, and changes nothing", async () => {
    const before = await checksums();
    const dry = await run({ kind: "osm", file: writeFixture(join(dir, "fixture2.osm"), { variant: 2 }), country: "GB", dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(dry.changes.junctions).toEqual({ added: 1, changed: 0, removed: 0 });
    expect(await checksums()).toEqual(before);
  });

  it("leaves the previous data serving searches when an import is killed halfway through its swap", async () => {
    const before = await checksums();
    // node itself (not the tsx wrapper, which would leave its child running when killed).
    const child = spawn(process.execPath, ["--import", "tsx", "geo/import/cli.ts", "osm", join(dir, "fixture2.osm"), "--country", "GB"], {
      env: { ...process.env, DATABASE_URL: scratch.url, PAWROUTE_IMPORT_PAUSE: "swap" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the import did not reach its swap: ${output}`)), 60_000);
      child.stdout.on("data", (d: Buffer) => {
        output += d.toString();
        if (output.includes("Paused at swap")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    });
    // Halfway: the new roads are written inside the open transaction; searches still see the old ones.
    expect(await browseM42()).toEqual(FIXTURE.junctions);
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(await browseM42()).toEqual(FIXTURE.junctions);
    expect(await createPgRoutingEngine(handle.sql).route(FIXTURE.west, FIXTURE.east)).not.toBeNull();
    expect(await checksums()).toEqual(before);

    // The next import runs normally (the killed one's lock and staging schema are cleared).
    const next = await run({ kind: "osm", file: join(dir, "fixture2.osm"), country: "GB" });
    expect(next.changes.junctions.added).toBe(1);
    expect(await browseM42()).toEqual([...FIXTURE.junctions, "4"]);
  }, 120_000);
});

describe("importing files with broken rows", () => {
  it("loads the good GeoNames rows and reports the bad ones", async () => {
    const row = (id: string, name: string, lat: string, lng: string, code: string, population: string, country = "GB", cls = "P") =>
      [id, name, name, "", lat, lng, cls, code, country, "", "ENG", "", "", "", population, "", "100", "Europe/London", "2024-01-01"].join("\t");
    const file = join(dir, "GB.txt");
    writeFileSync(
      file,
      [
        row("2655603", "Birmingham", "52.48142", "-1.89983", "PPLA2", "984333"),
        row("2633691", "Wythall", "52.38", "-1.88", "PPL", "4000"),
        row("x1", "Broken id", "52.4", "-1.8", "PPL", "10"),
        row("2640000", "No latitude", "", "-1.8", "PPL", "10"),
        row("2640001", "Bad population", "52.4", "-1.8", "PPL", "many"),
        row("3000000", "Paris", "48.85", "2.35", "PPLC", "2000000", "FR"),
        row("2640002", "A hill", "52.4", "-1.8", "HLL", "0", "GB", "T"),
        "too\tfew\tcolumns",
      ].join("\n"),
    );
    const result = await run({ kind: "places", file, country: "GB" });
    expect(result.changes.places).toEqual({ added: 2, changed: 0, removed: 0 });
    expect(result.rejected).toBe(4);
    const report = readFileSync(result.reportPath ?? "", "utf8");
    expect(report).toContain("line 3,x1,geonameid is not a whole number");
    expect(report).toContain("latitude or longitude missing or out of range");
    expect(report).toContain("population is not a whole number");
    expect(report).toContain("expected the 19 GeoNames columns");
    const places = await handle.sql<{ name: string; kind: string }[]>`SELECT name, kind FROM places WHERE geonames_id IS NOT NULL ORDER BY name`;
    expect(places).toEqual([
      { name: "Birmingham", kind: "city" },
      { name: "Wythall", kind: "village" },
    ]);
  });

  it("loads the good listings (placing rows without coordinates by the geocoder) and reports the bad ones", async () => {
    const mapping = join(dir, "mapping.json");
    writeFileSync(
      mapping,
      JSON.stringify({
        source: "acme",
        columns: { id: "Ref", title: "Name", type: "Category", description: "About", address: "Street", town: "Town", postcode: "Postcode", country: "Country", lat: "Lat", lng: "Lng", facilities: "Facilities" },
        types: { Pub: "dog-friendly-pub", Walk: "dog-walk" },
      }),
    );
    const csv = join(dir, "listings.csv");
    writeFileSync(
      csv,
      [
        "Ref,Name,Category,About,Street,Town,Postcode,Country,Lat,Lng,Facilities",
        "A1,The Junction Arms,Pub,Dogs welcome in the bar,1 High Street,Alvechurch,,GB,52.481,-1.801,Water bowls;parking",
        "A2,Wythall woods walk,Walk,A loop through the woods,Car park off Station Road,Wythall,,GB,,,",
        "A3,No type,Castle,Old walls,1 Castle Street,Wythall,,GB,52.4,-1.8,",
        "A4,,Walk,No title,Lane,Wythall,,GB,52.4,-1.8,",
        "A5,Bad facility,Walk,A walk,Lane,Wythall,,GB,52.4,-1.8,Swimming pool",
        "A6,Nowhere walk,Walk,A walk,Lane,Atlantis,,GB,,,",
        "A1,Duplicate,Walk,A walk,Lane,Wythall,,GB,52.4,-1.8,",
      ].join("\n"),
    );
    const result = await run({ kind: "listings", file: csv, mapping });
    expect(result.changes.listings).toEqual({ added: 2, changed: 0, removed: 0 });
    const report = readFileSync(result.reportPath ?? "", "utf8");
    expect(report).toContain("line 4,A3,walkType: Please select the type of listing you'd like to add");
    expect(report).toContain('line 5,A4,"title: Please enter a brief, but descriptive title for this walk"');
    expect(report).toContain("unknown facilities: Swimming pool");
    expect(report).toContain("the address could not be geocoded");
    expect(report).toContain("the same id appears twice");
    const rows = await handle.sql<{ source_id: string; title: string; facility_ids: number[]; road: string | null; junction: string | null; versions: number; lat: number }[]>`
      SELECT l.source_id, l.title, l.facility_ids, r.name AS road, j.number AS junction,
             (SELECT count(*)::int FROM listing_versions v WHERE v.listing_id = l.id) AS versions, ST_Y(l.location::geometry) AS lat
      FROM listings l LEFT JOIN roads r ON r.id = l.road_id LEFT JOIN junctions j ON j.id = l.junction_id ORDER BY l.source_id`;
    expect(rows.map((r) => [r.source_id, r.title, r.facility_ids, r.road, r.junction, r.versions])).toEqual([
      ["acme:A1", "The Junction Arms", [1, 3], "M42", "1", 1],
      ["acme:A2", "Wythall woods walk", [], null, null, 1],
    ]);
    // Geocoded to Wythall, loaded by the GeoNames import above.
    expect(rows[1].lat).toBeCloseTo(52.38, 2);

    // The same file again changes nothing.
    const before = await checksums();
    const again = await run({ kind: "listings", file: csv, mapping });
    expect(again.changes.listings).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(await checksums()).toEqual(before);
  });

  it("loads the good GeoJSON roads and junctions and reports the bad features", async () => {
    const file = join(dir, "roads.geojson");
    const line = (id: unknown, name: unknown, coordinates: unknown) => ({ type: "Feature", properties: { id, name, motorway: true }, geometry: { type: "LineString", coordinates } });
    const junction = (road: unknown, number: unknown, coordinates: unknown) => ({ type: "Feature", properties: { road, number }, geometry: { type: "Point", coordinates } });
    writeFileSync(
      file,
      JSON.stringify({
        type: "FeatureCollection",
        features: [
          line("a7", "A7", [[4.8, 45.7], [4.9, 45.0], [4.85, 44.0]]),
          junction("a7", "12", [4.9, 45.0]),
          junction("a7", "11", [4.8, 45.7]),
          line(null, "No id", [[1, 1], [2, 2]]),
          line("bad", "Bad line", [[1, 1]]),
          junction("a99", "3", [4.9, 45.0]),
          junction("a7", "", [4.9, 45.0]),
          { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [] } },
        ],
      }),
    );
    const result = await run({ kind: "roads", file, country: "FR" });
    expect(result.changes.roads).toEqual({ added: 1, changed: 0, removed: 0 });
    expect(result.changes.junctions).toEqual({ added: 2, changed: 0, removed: 0 });
    expect(result.rejected).toBe(5);
    expect(existsSync(result.reportPath ?? "")).toBe(true);
    // Junctions in order along the road, named as French exits; GB roads untouched.
    const junctions = await handle.sql<{ expanded_name: string; position: number }[]>`
      SELECT j.expanded_name, j.position FROM junctions j JOIN roads r ON r.id = j.road_id WHERE r.name = 'A7' ORDER BY j.position`;
    expect(junctions).toEqual([
      { expanded_name: "Exit 11", position: 1 },
      { expanded_name: "Exit 12", position: 2 },
    ]);
    expect(await browseM42()).toEqual([...FIXTURE.junctions, "4"]);
  });
});

describe("a merged extract of both countries", () => {
  it("keeps --country's roads and makes the motorways on French land autoroutes", async () => {
    // Pretend France starts east of 1.35° W and Britain west of it (Natural Earth land decides which country a piece is in).
    await handle.sql`
      INSERT INTO land_parts (country_id, geom) VALUES
        (75, ST_GeomFromText('POLYGON((-1.35 52, -0.5 52, -0.5 53, -1.35 53, -1.35 52))', 4326)),
        (235, ST_GeomFromText('POLYGON((-2.5 52, -1.35 52, -1.35 53, -2.5 53, -2.5 52))', 4326))`;
    const result = await run({ kind: "osm", file: join(dir, "fixture2.osm"), country: "FR" });
    expect(result.changes.roads.removed).toBe(1); // the hand-made French A7 of the GeoJSON test
    const french = await handle.sql<{ expanded_name: string }[]>`
      SELECT j.expanded_name FROM junctions j JOIN roads r ON r.id = j.road_id WHERE r.source_id = 'osm:FR:M42' ORDER BY j.position`;
    expect(french.map((j) => j.expanded_name)).toEqual(["Exit 3", "Exit 4"]);
    // The British roads stay (not the French import's to remove); junctions on French land moved to the French road.
    expect(await browseM42()).toEqual(["1", "2"]);
    const british = await handle.sql<{ name: string }[]>`SELECT name FROM roads WHERE country_id = 235 ORDER BY name`;
    expect(british.map((r) => r.name)).toEqual(["A38", "M42"]);

    // The same merged file for Great Britain: each country's part of the graph keeps only what has an end on its
    // land, so no edge lies wholly in the other country's part; edges across the line are in both.
    await run({ kind: "osm", file: join(dir, "fixture2.osm"), country: "GB" });
    expect(await browseM42()).toEqual(["1", "2"]);
    const parts = await handle.sql<{ country_id: number; abroad: number; across: number }[]>`
      SELECT country_id,
        count(*) FILTER (WHERE (ST_X(ST_StartPoint(geom)) > -1.35) = (ST_X(ST_EndPoint(geom)) > -1.35) AND (ST_X(ST_StartPoint(geom)) > -1.35) = (country_id = 235))::int AS abroad,
        count(*) FILTER (WHERE (ST_X(ST_StartPoint(geom)) > -1.35) <> (ST_X(ST_EndPoint(geom)) > -1.35))::int AS across
      FROM routing_edges GROUP BY country_id ORDER BY country_id`;
    expect(parts.map((p) => [p.country_id, p.abroad])).toEqual([[75, 0], [235, 0]]);
    expect(parts[0].across).toBeGreaterThan(0);
    expect(parts[0].across).toBe(parts[1].across);
    const classes = await handle.sql<{ road_class: string; french: boolean }[]>`
      SELECT DISTINCT road_class, ST_X(ST_StartPoint(geom)) > -1.35 AS french FROM routing_edges WHERE road_class IN ('motorway', 'autoroute') ORDER BY 1`;
    expect(classes).toEqual([
      { road_class: "autoroute", french: true },
      { road_class: "motorway", french: false },
    ]);
    // The two parts join at the OSM nodes they share: west to east still crosses the motorway.
    const route = await createPgRoutingEngine(handle.sql).route(FIXTURE.west, FIXTURE.east, { steps: true });
    expect(route?.distanceMetres).toBeGreaterThan(50_000);
  });
});
