import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { junctionHref, parseSearchPath, rawFiltersFromUrl } from "../../app/search/url";
import { connect, type DatabaseHandle } from "../../db/client";
import { runImport, type ImportOptions } from "../../geo/import";
import { describePeakMemory } from "../../geo/import/memory";
import { createProgress } from "../../geo/import/progress";
import { describeChanges } from "../../geo/import/stage";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { parseFilters, search } from "../../geo/search";
import { createScratchDatabase, migrateDatabase } from "../support/database";
import { OsmBuilder } from "../support/osm-builder";

// What real OpenStreetMap extracts hold and the demo data does not (issue 47): junctions signed T1 or
// 6.1, French refs written "A 7". A scratch database; each extract is written by hand here.
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let handle: DatabaseHandle;
let dir: string;
const silent = createProgress({ silent: true });
const run = (options: Omit<ImportOptions, "progress">) => runImport(handle.sql, { progress: silent, ...options });

beforeAll(async () => {
  scratch = await createScratchDatabase("pawroute_import_real");
  handle = connect(scratch.url, { max: 4 });
  await migrateDatabase(handle);
  dir = mkdtempSync(join(tmpdir(), "pawroute-import-real-"));
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The junction page of a road as a visitor reaches it: the path, the filters it makes, the search. */
async function junctionPage(country: string, slug: string, number: string) {
  const href = junctionHref({ country, slug }, number);
  const path = parseSearchPath(href);
  if (!path) return { href, status: 404, junctions: [] as string[], results: 0 };
  const response = await search(handle.sql, createPgRoutingEngine(handle.sql), parseFilters(rawFiltersFromUrl(path, new URLSearchParams())));
  return { href, status: 200, junction: response.query.junction, junctions: response.junctions.map((j) => j.number), results: response.results.length };
}

/**
 * The M6 Toll signed T1-T4 and a motorway with junction 12a (Midlands); "4x4" is no junction number.
 * `without12a`: the same extract after junction 12a was taken out of OSM.
 */
function britishExtract({ without12a = false } = {}): OsmBuilder {
  const osm = new OsmBuilder();
  const toll = osm.line(-1.75, 52.5, -2.05, 52.7, 6, (i) => (i % 2 === 0 ? { highway: "motorway_junction", ref: `T${i / 2 + 1}` } : undefined));
  osm.way(toll, { highway: "motorway", ref: "M6 Toll", oneway: "yes" });
  const m42Junctions: Record<number, Record<string, string>> = { 3: { highway: "motorway_junction", ref: "4x4" } };
  if (!without12a) m42Junctions[1] = { highway: "motorway_junction", ref: "12a", name: "Hopwood" };
  const m42 = osm.line(-1.7, 52.3, -1.3, 52.3, 4, (i) => m42Junctions[i]);
  osm.way(m42, { highway: "motorway", ref: "M42", oneway: "yes" });
  osm.way([toll[0], m42[0]], { highway: "motorway_link", oneway: "yes" });
  return osm;
}

/** The A7 as OSM writes French refs ("A 7"), with exits 6.1 and 12. */
function frenchExtract(): OsmBuilder {
  const osm = new OsmBuilder(50_000);
  const a7 = osm.line(4.84, 45.75, 4.86, 45.3, 4, (i) => (i === 1 ? { highway: "motorway_junction", ref: "6.1" } : i === 3 ? { highway: "motorway_junction", ref: "12" } : undefined));
  osm.way(a7, { highway: "motorway", ref: "A 7", oneway: "yes" });
  return osm;
}

describe("junction numbers as they are signed", () => {
  it("imports T1 and 12a, reachable as junction-t1 and junction-12a, and reports a ref that is no junction number", async () => {
    const result = await run({ kind: "osm", file: britishExtract().write(join(dir, "gb.osm")), country: "GB" });
    const junctions = await handle.sql<{ road: string; slug: string; number: string }[]>`
      SELECT r.name AS road, r.slug, j.number FROM junctions j JOIN roads r ON r.id = j.road_id ORDER BY r.name, j.position`;
    expect(junctions).toEqual([
      { road: "M42", slug: "m42", number: "12a" },
      { road: "M6 Toll", slug: "m6-toll", number: "T1" },
      { road: "M6 Toll", slug: "m6-toll", number: "T2" },
      { road: "M6 Toll", slug: "m6-toll", number: "T3" },
      { road: "M6 Toll", slug: "m6-toll", number: "T4" },
    ]);
    // CSV doubles the quotes round the ref.
    expect(readFileSync(result.reportPath ?? "", "utf8")).toContain('junction ref ""4x4"" is not a junction number such as 40, 23a, T1 or 6.1');

    const t1 = await junctionPage("united-kingdom", "m6-toll", "T1");
    expect(t1).toMatchObject({ href: "/browse/road/united-kingdom/m6-toll/junction-t1", status: 200, junction: "t1" });
    expect(t1.junctions).toEqual(["T1", "T2", "T3", "T4"]);
    expect(await junctionPage("united-kingdom", "m42", "12a")).toMatchObject({ href: "/browse/road/united-kingdom/m42/junction-12a", status: 200, junction: "12a" });
    // As typed in upper case, the API and the path read it the same way.
    expect(parseFilters({ searchType: "road", roadSlug: "m6-toll", roadCountry: "united-kingdom", junction: "T1" }).junction).toBe("t1");
    expect(parseSearchPath("/browse/road/united-kingdom/m6-toll/junction-T1")?.junction).toBe("t1");
  });

  it('makes the French "A 7" the road A7 (slug a7) with its exit 6.1 reachable', async () => {
    await run({ kind: "osm", file: frenchExtract().write(join(dir, "fr.osm")), country: "FR" });
    const [road] = await handle.sql<{ name: string; slug: string; numbers: string[] }[]>`
      SELECT r.name, r.slug, array_agg(j.number ORDER BY j.position) AS numbers FROM roads r JOIN junctions j ON j.road_id = r.id WHERE r.country_id = 75 GROUP BY r.id`;
    expect(road).toEqual({ name: "A7", slug: "a7", numbers: ["6.1", "12"] });
    expect(await junctionPage("france", "a7", "6.1")).toMatchObject({ href: "/browse/road/france/a7/junction-6.1", status: 200, junction: "6.1" });
    // The routing graph names the road as signed too ("onto the A7").
    const names = await handle.sql<{ name: string }[]>`SELECT DISTINCT name FROM routing_edges WHERE road_class = 'autoroute'`;
    expect(names.map((n) => n.name)).toEqual(["A7"]);
  });
});

describe("the import report", () => {
  const links = (changes: Record<string, { added: number; changed: number; removed: number }>) => changes["listings (nearest road and junction)"];

  it("counts the listings that gained a road and junction when they are loaded", async () => {
    await run({ kind: "osm", file: britishExtract().write(join(dir, "gb.osm")), country: "GB" });
    const mapping = join(dir, "mapping.json");
    writeFileSync(mapping, JSON.stringify({ source: "acme", columns: { id: "Ref", title: "Name", type: "Type", description: "About", address: "Street", country: "Country", lat: "Lat", lng: "Lng" } }));
    const csv = join(dir, "listings.csv");
    writeFileSync(
      csv,
      [
        "Ref,Name,Type,About,Street,Country,Lat,Lng",
        "1,By junction 12a,dog-walk,A walk,Lane,GB,52.31,-1.6",
        "2,By junction T1,dog-walk,A walk,Lane,GB,52.49,-1.76",
        "3,Far from any junction,dog-walk,A walk,Lane,GB,51.5,-3.5",
      ].join("\n"),
    );
    const loaded = await run({ kind: "listings", file: csv, mapping });
    expect(loaded.changes.listings).toEqual({ added: 3, changed: 0, removed: 0 });
    expect(links(loaded.changes)).toEqual({ added: 2, changed: 0, removed: 0 });
  });

  it("counts the listings whose junction a re-import removed (cleared by ON DELETE SET NULL), in the dry run and the real run alike", async () => {
    const file = britishExtract({ without12a: true }).write(join(dir, "gb-without-12a.osm"));
    const dry = await run({ kind: "osm", file, country: "GB", dryRun: true });
    expect(dry.changes.junctions).toEqual({ added: 0, changed: 0, removed: 1 });
    expect(links(dry.changes)).toEqual({ added: 0, changed: 0, removed: 1 });
    const real = await run({ kind: "osm", file, country: "GB" });
    expect(real.changes).toEqual(dry.changes);
    const [listing] = await handle.sql<{ junction_id: number | null; road_id: number | null }[]>`SELECT junction_id, road_id FROM listings WHERE source_id = 'acme:1'`;
    expect(listing).toEqual({ junction_id: null, road_id: null });
    expect(describeChanges(real.changes)).toContain("listings (nearest road and junction): 0 gained one, 0 changed, 1 lost theirs");

    // Put back: the listing gains it again (a new junction row, so a new id).
    const back = await run({ kind: "osm", file: join(dir, "gb.osm"), country: "GB" });
    expect(links(back.changes)).toEqual({ added: 1, changed: 0, removed: 0 });
  });

  it("includes osmium's memory in the peak memory of a .osm.pbf import", async () => {
    const result = await run({ kind: "osm", file: britishExtract().writePbf(join(dir, "gb.osm.pbf")), country: "GB" });
    for (const change of Object.values(result.changes)) expect(change).toEqual({ added: 0, changed: 0, removed: 0 });
    const osmium = result.memory.children.find((child) => child.label === "osmium");
    expect(osmium?.mb).toBeGreaterThan(0);
    expect(describePeakMemory(result.memory)).toMatch(new RegExp(`^Peak memory: [0-9,]+ MB at most \\(importer [0-9,]+ MB, osmium ${osmium?.mb} MB\\)\\.$`));
  });
});

/**
 * Points of interest round Alvechurch as OSM has them: no descriptions, few addresses. One of each
 * kind the directory lists, a building drawn as a way, and what must not load (no name, dog=no).
 */
function poiExtract({ variant = 1 } = {}): OsmBuilder {
  const osm = new OsmBuilder(90_000);
  osm.node(-1.951, 52.351, { amenity: "cafe", name: "The Dog and Bone Café", cuisine: "coffee_shop;cake", opening_hours: "Mo-Sa 08:00-17:00", dog: "yes", "addr:housenumber": "12", "addr:street": "High Street", "addr:city": "Alvechurch", "addr:postcode": "B48 7LD", wheelchair: "yes" }, 90_001);
  if (variant === 1) osm.node(-1.955, 52.353, { amenity: "pub", name: "The Red Lion", food: "yes", dog: "yes", beer_garden: "yes" }, 90_002);
  else osm.node(-1.955, 52.353, { amenity: "pub", name: "The Red Lion Inn", food: "yes", dog: "yes", beer_garden: "yes" }, 90_002);
  osm.node(-1.96, 52.34, { amenity: "veterinary", name: "Alvechurch Vets" }, 90_003);
  osm.node(-1.962, 52.345, { shop: "pet", name: "Paws Pet Supplies" }, 90_004);
  osm.node(-1.97, 52.36, { leisure: "dog_park", name: "Barnt Green Dog Park" }, 90_005);
  if (variant === 1) osm.node(-1.958, 52.352, { tourism: "camp_site", name: "Lickey Hills Campsite" }, 90_006);
  osm.node(-1.952, 52.3515, { amenity: "pub", name: "The Swan", dog: "no" }, 90_007);
  osm.node(-1.953, 52.3516, { leisure: "park" }, 90_008);
  osm.node(-1.954, 52.3517, { highway: "bus_stop", name: "High Street" }, 90_009);
  const house = [osm.node(-1.94, 52.35), osm.node(-1.939, 52.35), osm.node(-1.939, 52.351), osm.node(-1.94, 52.351)];
  osm.way([...house, house[0]], { building: "yes", tourism: "guest_house", name: "Rose Cottage B&B", dog: "yes", stars: "4" }, 91_001);
  const beach = [osm.node(-1.98, 52.33), osm.node(-1.97, 52.33), osm.node(-1.97, 52.34), osm.node(-1.98, 52.34)];
  osm.way([...beach, beach[0]], { natural: "beach", name: "Upper Bittell Beach", surface: "sand", dog: "leashed" }, 91_002);
  return osm;
}

describe("listings from OpenStreetMap points of interest", () => {
  async function osmListings() {
    return handle.sql<{ source_id: string; walk_type: string; title: string; full_title: string; description: string; address: string; town: string; postcode: string; facilities: string[]; versions: number }[]>`
      SELECT l.source_id, l.walk_type, l.title, l.full_title, l.description, l.address, l.town, l.postcode,
             coalesce((SELECT array_agg(f.slug ORDER BY f.id) FROM facilities f WHERE f.id = ANY(l.facility_ids)), '{}') AS facilities,
             (SELECT count(*)::int FROM listing_versions v WHERE v.listing_id = l.id) AS versions
      FROM listings l WHERE l.source_id LIKE 'osm:%' ORDER BY l.source_id`;
  }

  it("loads cafés, pubs, vets, pet shops, dog parks, campsites, guest houses and beaches as listings of their type, described from their tags", async () => {
    const geonames = join(dir, "GB.txt");
    writeFileSync(geonames, `${["2657540", "Alvechurch", "Alvechurch", "", "52.3519", "-1.9652", "P", "PPL", "GB", "", "ENG", "", "", "", "5000", "", "100", "Europe/London", "2024-01-01"].join("\t")}\n`);
    await run({ kind: "places", file: geonames, country: "GB" });

    const result = await run({ kind: "pois", file: poiExtract().write(join(dir, "pois.osm")), country: "GB" });
    expect(result.changes.listings).toEqual({ added: 8, changed: 0, removed: 0 });
    const report = readFileSync(result.reportPath ?? "", "utf8");
    expect(report).toContain("node 90007,90007,dog=no: dogs are not welcome");
    expect(report).toContain("node 90008,90008,park without a name");
    expect(result.rejected).toBe(2);

    const rows = await osmListings();
    expect(rows.map((r) => [r.source_id, r.walk_type, r.full_title])).toEqual([
      ["osm:node:90001", "dog-friendly-pub", "The Dog and Bone Café, Alvechurch"],
      ["osm:node:90002", "dog-friendly-pub", "The Red Lion, Alvechurch"],
      ["osm:node:90003", "vet", "Alvechurch Vets, Alvechurch"],
      ["osm:node:90004", "dog-services", "Paws Pet Supplies, Alvechurch"],
      ["osm:node:90005", "dog-walk", "Barnt Green Dog Park, Alvechurch"],
      ["osm:node:90006", "dog-friendly-accommodation", "Lickey Hills Campsite, Alvechurch"],
      ["osm:way:91001", "dog-friendly-accommodation", "Rose Cottage B&B, Alvechurch"],
      ["osm:way:91002", "dog-friendly-beach", "Upper Bittell Beach, Alvechurch"],
    ]);
    const cafe = rows[0];
    expect(cafe).toMatchObject({ address: "12 High Street", town: "Alvechurch", postcode: "B48 7LD", facilities: ["food", "dogs-inside", "step-free"], versions: 1 });
    expect(cafe.description).toBe(
      "Café in Alvechurch. Dogs welcome. Cuisine: coffee shop, cake. Opening hours: Mo-Sa 08:00-17:00. Wheelchair accessible. Details from OpenStreetMap (© OpenStreetMap contributors, ODbL).",
    );
    // Without addr:* tags the nearest town is the address.
    expect(rows[1]).toMatchObject({ address: "Alvechurch", town: "Alvechurch", facilities: ["food", "dogs-inside"] });
    expect(rows[1].description).toContain("Pub in Alvechurch. Dogs welcome. Serves food. Beer garden.");
    expect(rows[4].facilities).toEqual(["off-lead"]);
    expect(rows[7].description).toContain("Beach in Alvechurch. Dogs welcome on a lead. Surface: sand.");
    // The guest house drawn as a way sits at its middle.
    const [house] = await handle.sql<{ lng: number; lat: number }[]>`SELECT ST_X(location::geometry) AS lng, ST_Y(location::geometry) AS lat FROM listings WHERE source_id = 'osm:way:91001'`;
    expect(house.lng).toBeCloseTo(-1.9395, 4);
    expect(house.lat).toBeCloseTo(52.3505, 4);
  });

  it("changes nothing on a re-import, as .osm or .osm.pbf, and follows OSM's changes by OSM id", async () => {
    const before = await osmListings();
    const again = await run({ kind: "pois", file: join(dir, "pois.osm"), country: "GB" });
    expect(again.changes.listings).toEqual({ added: 0, changed: 0, removed: 0 });
    const pbf = await run({ kind: "pois", file: poiExtract().writePbf(join(dir, "pois.osm.pbf")), country: "GB" });
    expect(pbf.changes.listings).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(await osmListings()).toEqual(before);

    // The pub renamed, the campsite gone: one changed (a new version), one removed; the others untouched.
    const next = await run({ kind: "pois", file: poiExtract({ variant: 2 }).write(join(dir, "pois2.osm")), country: "GB" });
    expect(next.changes.listings).toEqual({ added: 0, changed: 1, removed: 1 });
    const after = await osmListings();
    expect(after.find((r) => r.source_id === "osm:node:90002")).toMatchObject({ title: "The Red Lion Inn", versions: 2 });
    expect(after.some((r) => r.source_id === "osm:node:90006")).toBe(false);
    // A French import of points of interest would not touch these.
    const french = await run({ kind: "pois", file: new OsmBuilder(99_000).write(join(dir, "empty.osm")), country: "FR" });
    expect(french.changes.listings).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(await osmListings()).toHaveLength(7);
  });

  it("loads an Overpass GeoJSON export through a listings mapping with osmTags, building what OSM lacks", async () => {
    const mapping = join(dir, "overpass-mapping.json");
    writeFileSync(mapping, JSON.stringify({ source: "overpass", osmTags: true, columns: { id: "@id", title: "name" } }));
    const file = join(dir, "overpass.geojson");
    const feature = (id: string, properties: Record<string, string>, lng: number, lat: number) => ({ type: "Feature", properties: { "@id": id, ...properties }, geometry: { type: "Point", coordinates: [lng, lat] } });
    writeFileSync(
      file,
      JSON.stringify({
        type: "FeatureCollection",
        features: [
          feature("node/1", { amenity: "cafe", name: "Bark & Brew", dog: "yes", opening_hours: "Sa-Su 09:00-16:00" }, -1.95, 52.352),
          feature("node/2", { shop: "pet", name: "Fur Real" }, -1.956, 52.349),
          feature("node/3", { amenity: "pub", name: "No Dogs Arms", dog: "no" }, -1.956, 52.349),
        ],
      }),
    );
    const result = await run({ kind: "listings", file, mapping, country: "GB" });
    expect(result.changes.listings).toEqual({ added: 2, changed: 0, removed: 0 });
    expect(result.rejected).toBe(1);
    const [cafe] = await handle.sql<{ walk_type: string; address: string; description: string }[]>`SELECT walk_type, address, description FROM listings WHERE source_id = 'overpass:node/1'`;
    expect(cafe).toEqual({ walk_type: "dog-friendly-pub", address: "Alvechurch", description: "Café in Alvechurch. Dogs welcome. Opening hours: Sa-Su 09:00-16:00. Details from OpenStreetMap (© OpenStreetMap contributors, ODbL)." });
  });
});
