import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "../../db/client";
import { cities500Path } from "../../db/seed/geonames";
import { geocode } from "../../geo/geocode";
import { runImport, type ImportOptions } from "../../geo/import";
import { createProgress } from "../../geo/import/progress";
import { createScratchDatabase, migrateDatabase } from "../support/database";
import { OsmBuilder } from "../support/osm-builder";

// Issue 47's real-data leftovers: the places import fills the gazetteer's other names (alt_keys) from
// a real GeoNames extract, and the pois import reads areas mapped as multipolygon relations.
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let handle: DatabaseHandle;
let dir: string;
const silent = createProgress({ silent: true });
const run = (options: Omit<ImportOptions, "progress">) => runImport(handle.sql, { progress: silent, ...options });

beforeAll(async () => {
  scratch = await createScratchDatabase("pawroute_import_names");
  handle = connect(scratch.url, { max: 4 });
  await migrateDatabase(handle);
  dir = mkdtempSync(join(tmpdir(), "pawroute-import-names-"));
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Rows of the real GeoNames cities500 dump (the copy the demo seed reads), by GeoNames id, as a small extract. */
function geonamesExtract(path: string, ids: number[]): string {
  const wanted = new Set(ids.map(String));
  const rows = readFileSync(cities500Path(), "utf8")
    .split("\n")
    .filter((line) => wanted.has(line.slice(0, line.indexOf("\t"))));
  expect(rows).toHaveLength(ids.length);
  writeFileSync(path, `${rows.join("\n")}\n`);
  return path;
}

const ST_ALBANS = 2638867;
const NEWCASTLE = 2641673;
const STRATFORD = 2636713;
const SAINT_AVE = 2981515;

describe("the places import's other names (alt_keys)", () => {
  it("keys GeoNames' alternate names in Latin script, and place search finds the place by them", async () => {
    const file = geonamesExtract(join(dir, "cities.txt"), [ST_ALBANS, NEWCASTLE, STRATFORD, SAINT_AVE]);
    const result = await run({ kind: "places", file });
    expect(result.changes.places).toEqual({ added: 4, changed: 0, removed: 0 });

    const rows = await handle.sql<{ geonames_id: number; alt_keys: string[] }[]>`SELECT geonames_id, alt_keys FROM places ORDER BY geonames_id`;
    const keys = new Map(rows.map((r) => [r.geonames_id, r.alt_keys]));
    // Other names, as the geocoder keys them; never the name's own key, never Cyrillic or CJK.
    expect(keys.get(NEWCASTLE)).toEqual(expect.arrayContaining(["newcastle", "newcastle on tyne"]));
    expect(keys.get(NEWCASTLE)).not.toContain("newcastle upon tyne");
    expect(keys.get(STRATFORD)).toEqual(expect.arrayContaining(["stratford", "stratford on avon"]));
    expect(keys.get(ST_ALBANS)).toContain("fanum sancti albani");
    expect(keys.get(ST_ALBANS)).not.toContain("saint albans");
    for (const list of keys.values()) for (const key of list) expect(key).toMatch(/^[a-z0-9 ]+$/);

    // The same file again changes nothing.
    const again = await run({ kind: "places", file });
    expect(again.changes.places).toEqual({ added: 0, changed: 0, removed: 0 });
  });

  it("adds an OpenStreetMap extract's alt_name, old_name, official_name, name:en and name:fr to the town of that name nearby", async () => {
    const osm = new OsmBuilder(60_000);
    osm.node(-1.6131, 54.9732, { place: "city", name: "Newcastle upon Tyne", alt_name: "Toon;Canny Toon", "name:fr": "Newcastle upon Tyne" });
    osm.node(-0.3361, 51.7527, { place: "town", name: "St Albans", old_name: "Verulamium", "name:fr": "Saint-Alban" });
    osm.node(-2.7153, 47.6852, { place: "town", name: "Saint-Avé", official_name: "Commune de Saint-Avé", "name:de": "Sankt Ave Dorf" });
    osm.node(-1.0, 53.0, { place: "village", name: "Nowhere Magna", alt_name: "Nowhere" });
    osm.node(-1.5, 53.0, { place: "village", name: "No Other Names" });
    const file = osm.write(join(dir, "places.osm"));
    const result = await run({ kind: "places", file });
    expect(result.changes["places (other names from OpenStreetMap)"]).toEqual({ added: 0, changed: 3, removed: 0 });
    const report = readFileSync(result.reportPath ?? "", "utf8");
    expect(report).toContain("no town or village called Nowhere Magna within 10 km");
    expect(report).not.toContain("No Other Names");

    const rows = await handle.sql<{ geonames_id: number; alt_keys: string[] }[]>`SELECT geonames_id, alt_keys FROM places ORDER BY geonames_id`;
    const keys = new Map(rows.map((r) => [r.geonames_id, r.alt_keys]));
    expect(keys.get(NEWCASTLE)).toEqual(expect.arrayContaining(["toon", "canny toon", "newcastle"]));
    expect(keys.get(ST_ALBANS)).toEqual(expect.arrayContaining(["verulamium", "saint alban", "fanum sancti albani"]));
    expect(keys.get(SAINT_AVE)).toContain("commune de saint ave");
    expect(keys.get(SAINT_AVE)).not.toContain("sankt ave dorf");
    // Sorted, no duplicates, never the name's own key.
    for (const list of keys.values()) expect(list).toEqual([...new Set(list)].sort());

    const again = await run({ kind: "places", file });
    expect(again.changes["places (other names from OpenStreetMap)"]).toEqual({ added: 0, changed: 0, removed: 0 });
    const pbf = await run({ kind: "places", file: osm.writePbf(join(dir, "places.osm.pbf")) });
    expect(pbf.changes["places (other names from OpenStreetMap)"]).toEqual({ added: 0, changed: 0, removed: 0 });
  });

  it.each([
    ["Toon", "Newcastle upon Tyne"],
    ["Verulamium", "St Albans"],
    ["Newcastle", "Newcastle upon Tyne"],
    ["Newcastle-on-Tyne", "Newcastle upon Tyne"],
    ["Stratford on Avon", "Stratford-upon-Avon"],
    ["St Albans", "St Albans"],
    ["Saint Albans", "St Albans"],
    ["St. Albans", "St Albans"],
    ["St-Avé", "Saint-Avé"],
    ["Saint Ave", "Saint-Avé"],
  ])("finds %s first as %s", async (typed, name) => {
    const [hit] = await geocode(handle.sql, typed);
    expect(hit?.formattedAddress.split(",")[0]).toBe(name);
  });
});

describe("points of interest mapped as areas", () => {
  /**
   * Near Alvechurch: a park drawn as a multipolygon with a lake in its middle (its centroid is in the
   * water), a beach whose outer ring is two open ways, a dog park relation whose member way is missing
   * from the extract, and a route relation with a park tag (no area).
   */
  function areaExtract(): OsmBuilder {
    const osm = new OsmBuilder(70_000);
    const square = (x0: number, y0: number, x1: number, y1: number) => {
      const ring = [osm.node(x0, y0), osm.node(x1, y0), osm.node(x1, y1), osm.node(x0, y1)];
      return [...ring, ring[0]];
    };
    const park = osm.way(square(-1.96, 52.34, -1.94, 52.36), {}, 71_001);
    const lake = osm.way(square(-1.955, 52.345, -1.945, 52.355), { natural: "water" }, 71_002);
    osm.relation(
      [
        { type: "way", ref: park, role: "outer" },
        { type: "way", ref: lake, role: "inner" },
      ],
      { type: "multipolygon", leisure: "park", name: "Lickey Lake Park", dog: "yes" },
      72_001,
    );
    const a = osm.node(-1.99, 52.33);
    const b = osm.node(-1.98, 52.33);
    const c = osm.node(-1.98, 52.335);
    const d = osm.node(-1.99, 52.335);
    const south = osm.way([a, b, c], {}, 71_003);
    const north = osm.way([c, d, a], {}, 71_004);
    osm.relation(
      [
        { type: "way", ref: south, role: "outer" },
        { type: "way", ref: north, role: "outer" },
      ],
      { type: "multipolygon", natural: "beach", name: "Bittell Sands", surface: "sand" },
      72_002,
    );
    osm.relation([{ type: "way", ref: 79_999, role: "outer" }], { type: "multipolygon", leisure: "dog_park", name: "Half Mapped Dog Park" }, 72_003);
    osm.relation([{ type: "way", ref: south, role: "" }], { type: "route", route: "foot", leisure: "park", name: "Park Walk" }, 72_004);
    return osm;
  }

  const areaListings = () =>
    handle.sql<{ source_id: string; walk_type: string; full_title: string; lng: number; lat: number }[]>`
      SELECT source_id, walk_type, full_title, ST_X(location::geometry) AS lng, ST_Y(location::geometry) AS lat
      FROM listings WHERE source_id LIKE 'osm:relation:%' ORDER BY source_id`;

  it("loads multipolygon parks and beaches as listings at a point inside their area, and reports the ones it cannot place", async () => {
    const geonames = join(dir, "GB.txt");
    writeFileSync(geonames, `${["2657540", "Alvechurch", "Alvechurch", "", "52.3519", "-1.9652", "P", "PPL", "GB", "", "ENG", "", "", "", "5000", "", "100", "Europe/London", "2024-01-01"].join("\t")}\n`);
    await run({ kind: "places", file: geonames, country: "GB" });

    const result = await run({ kind: "pois", file: areaExtract().write(join(dir, "areas.osm")), country: "GB" });
    expect(result.changes.listings).toEqual({ added: 2, changed: 0, removed: 0 });
    const report = readFileSync(result.reportPath ?? "", "utf8");
    expect(report).toContain("relation 72003,72003,member ways or their nodes missing from the extract");
    expect(report).not.toContain("72004");

    const [park, beach] = await areaListings();
    expect(park).toMatchObject({ source_id: "osm:relation:72001", walk_type: "dog-walk", full_title: "Lickey Lake Park, Alvechurch" });
    // Inside the park's outer ring and outside its lake (the centroid, -1.95 52.35, is in the water).
    expect(park.lng).toBeGreaterThan(-1.96);
    expect(park.lng).toBeLessThan(-1.94);
    expect(park.lat).toBeGreaterThan(52.34);
    expect(park.lat).toBeLessThan(52.36);
    const inLake = park.lng > -1.955 && park.lng < -1.945 && park.lat > 52.345 && park.lat < 52.355;
    expect(inLake).toBe(false);
    expect(beach).toMatchObject({ source_id: "osm:relation:72002", walk_type: "dog-friendly-beach", full_title: "Bittell Sands, Alvechurch" });
    expect(beach.lng).toBeGreaterThan(-1.99);
    expect(beach.lng).toBeLessThan(-1.98);
    expect(beach.lat).toBeGreaterThan(52.33);
    expect(beach.lat).toBeLessThan(52.335);
  });

  it("reads the same areas from a .osm.pbf (osmium keeps the relations' member ways) and changes nothing", async () => {
    const before = await areaListings();
    const pbf = await run({ kind: "pois", file: areaExtract().writePbf(join(dir, "areas.osm.pbf")), country: "GB" });
    expect(pbf.changes.listings).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(await areaListings()).toEqual(before);
  });
});
