import type { SqlClient } from "../client";
import { LISTING_STATUS } from "../schema/listings";
import { dropForBulkLoad, restoreAfterBulkLoad } from "./bulk";
import { copyRows, pointWkt, type Cell } from "./copy";
import { destination } from "./geometry";
import { FRANCE } from "./land";
import type { Town } from "./places";
import type { Random } from "./random";
import type { SeedJunction, SeedRoad } from "./roads";
import * as words from "./words";

type Anchor = "junction" | "town" | "coast";

interface Blueprint {
  typeId: number;
  walkType: string;
  hasPub: boolean;
  hasBeach: boolean;
  anchor: Anchor;
  weight: number;
  /** Offset from the anchor, metres. */
  offset: [number, number];
  facilities: number[];
}

const WALK_FACILITIES = [1, 2, 3, 4, 5, 6, 7, 13, 14];
const PUB_FACILITIES = [1, 3, 8, 9, 10, 11, 12, 14];
const BEACH_FACILITIES = [1, 2, 4, 7, 8, 9];
const BUSINESS_FACILITIES = [1, 3, 10, 11, 12];

/** What the demo directory holds, by share of the listings. */
export const BLUEPRINTS: Blueprint[] = [
  { typeId: 1, walkType: "dog-walk", hasPub: false, hasBeach: false, anchor: "junction", weight: 22, offset: [400, 4000], facilities: WALK_FACILITIES },
  { typeId: 1, walkType: "dog-walk", hasPub: true, hasBeach: false, anchor: "junction", weight: 6, offset: [300, 3500], facilities: WALK_FACILITIES },
  { typeId: 1, walkType: "dog-walk", hasPub: false, hasBeach: false, anchor: "town", weight: 10, offset: [300, 3500], facilities: WALK_FACILITIES },
  { typeId: 1, walkType: "dog-walk", hasPub: true, hasBeach: false, anchor: "town", weight: 2, offset: [200, 2500], facilities: WALK_FACILITIES },
  { typeId: 1, walkType: "dog-walk", hasPub: false, hasBeach: true, anchor: "coast", weight: 4, offset: [0, 3000], facilities: WALK_FACILITIES },
  { typeId: 2, walkType: "dog-friendly-pub", hasPub: false, hasBeach: false, anchor: "junction", weight: 9, offset: [200, 3000], facilities: PUB_FACILITIES },
  { typeId: 2, walkType: "dog-friendly-pub", hasPub: false, hasBeach: false, anchor: "town", weight: 12, offset: [50, 1500], facilities: PUB_FACILITIES },
  { typeId: 3, walkType: "dog-friendly-beach", hasPub: false, hasBeach: false, anchor: "coast", weight: 8, offset: [0, 3000], facilities: BEACH_FACILITIES },
  { typeId: 4, walkType: "member-business", hasPub: false, hasBeach: false, anchor: "town", weight: 5, offset: [50, 1500], facilities: BUSINESS_FACILITIES },
  { typeId: 4, walkType: "dog-friendly-accommodation", hasPub: false, hasBeach: false, anchor: "town", weight: 5, offset: [100, 3000], facilities: BUSINESS_FACILITIES },
  { typeId: 4, walkType: "dog-services", hasPub: false, hasBeach: false, anchor: "town", weight: 4, offset: [50, 1500], facilities: BUSINESS_FACILITIES },
  { typeId: 5, walkType: "vet", hasPub: false, hasBeach: false, anchor: "town", weight: 11, offset: [50, 1500], facilities: [1, 12] },
];

export interface SeedListing {
  id: number;
  blueprint: Blueprint;
  slug: string;
  title: string;
  fullTitle: string;
  description: string;
  address: string;
  town: Town;
  junction: SeedJunction | null;
  roadName: string | null;
  facilityIds: number[];
  free: boolean;
  status: number;
  popularity: number;
  /** Candidate positions, tried in order until one is on land (the anchor itself always is). */
  candidates: [number, number][];
}

export interface Anchors {
  junctions: { junction: SeedJunction; roadName: string }[];
  towns: Town[];
  townWeights: number[];
  coast: Town[];
  coastWeights: number[];
}

function cumulative(weights: number[]): number[] {
  let total = 0;
  return weights.map((w) => (total += w));
}

export function anchorsFrom(roads: SeedRoad[], towns: Town[], onLand: Set<number>, coastal: Set<number>): Anchors {
  const landTowns = towns.filter((t) => onLand.has(t.placeId));
  const coastTowns = landTowns.filter((t) => coastal.has(t.placeId));
  const weight = (t: Town) => 1 + Math.sqrt(t.population);
  return {
    junctions: roads.flatMap((r) => r.junctions.filter((j) => onLand.has(j.town.placeId)).map((junction) => ({ junction, roadName: r.name }))),
    towns: landTowns,
    townWeights: cumulative(landTowns.map(weight)),
    coast: coastTowns,
    coastWeights: cumulative(coastTowns.map(weight)),
  };
}

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "");
}

/** The title with its county after a comma, unless the title already ends with it ("near Plymouth, Plymouth"). */
export function withCounty(title: string, county: string): string {
  return county && title.toLowerCase().endsWith(county.toLowerCase()) ? title : `${title}, ${county}`;
}

function nameFor(rng: Random, bp: Blueprint, town: Town, junction: { junction: SeedJunction; roadName: string } | null): { title: string; fullTitle: string } {
  const french = town.countryId === FRANCE;
  const county = town.county || town.region;
  const near = junction ? `${junction.roadName} ${junction.junction.expandedName}` : null;
  switch (bp.typeId) {
    case 1: {
      const feature = rng.pick(french ? words.FRENCH_WALK_FEATURES : words.WALK_FEATURES);
      const kind = bp.hasPub ? "dog walk and pub" : bp.hasBeach ? "beach dog walk" : "dog walk";
      const title = near ? `${near} ${feature} ${kind}` : `${feature} ${kind} near ${town.name}`;
      return { title, fullTitle: withCounty(title, county) };
    }
    case 2: {
      const name = french
        ? rng.pick(words.FRENCH_PUB_NAMES)
        : rng.chance(0.25)
          ? rng.pick(words.CAFE_NAMES)
          : `The ${rng.pick(words.PUB_FIRST)} ${rng.pick(words.PUB_SECOND)}`;
      const title = near ? `${name}, near ${near}` : `${name}, ${town.name}`;
      return { title, fullTitle: withCounty(title, county) };
    }
    case 3: {
      const title = french ? `Plage de ${town.name}` : `${town.name} ${rng.pick(words.BEACH_WORDS)}`;
      return { title, fullTitle: `${title} dog-friendly beach, ${county}` };
    }
    case 4: {
      const pool = bp.walkType === "dog-friendly-accommodation" ? words.ACCOMMODATION_NAMES : bp.walkType === "dog-services" ? words.SERVICES_NAMES : words.BUSINESS_NAMES;
      const title = `${town.name} ${rng.pick(pool)}`;
      return { title, fullTitle: withCounty(title, county) };
    }
    default: {
      const title = french ? `Clinique vétérinaire de ${town.name}` : rng.chance(0.5) ? `${town.name} Veterinary Centre` : `${rng.pick(words.VET_SURNAMES)} & ${rng.pick(words.VET_SURNAMES)} Vets, ${town.name}`;
      return { title, fullTitle: withCounty(title, county) };
    }
  }
}

function describe(rng: Random, bp: Blueprint, town: Town, near: string | null): string {
  const where = near ? `just off ${near} near ${town.name}` : `in ${town.name}`;
  const length = `${rng.int(1, 6)}.${rng.int(0, 9)}-mile`;
  const feature = rng.pick(words.WALK_FEATURES).toLowerCase();
  const opener = rng.pick(words.DESCRIPTION_OPENERS[bp.typeId]).replace("{where}", where).replace("{length}", length).replace("{feature}", feature);
  const middle = rng.sample(words.DESCRIPTION_MIDDLES, rng.int(1, 2)).join(" ");
  return `<p>${opener}</p><p>${middle}</p><p>${rng.pick(words.DESCRIPTION_CLOSERS)}</p>`;
}

function statusFor(rng: Random): number {
  const r = rng.float();
  if (r < 0.96) return LISTING_STATUS.live;
  if (r < 0.98) return LISTING_STATUS.submitted;
  if (r < 0.992) return LISTING_STATUS.draft;
  return LISTING_STATUS.denied;
}

/** Generates `count` listings one at a time (a million fit in a stream, not in memory); the same seed gives the same listings. */
export function* generateListings(rng: Random, count: number, anchors: Anchors): Generator<SeedListing> {
  const weights = cumulative(BLUEPRINTS.map((b) => b.weight));
  const slugs = new Set<string>();
  const nextSuffix = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const bp = BLUEPRINTS[rng.weightedIndex(weights)];
    const junction = bp.anchor === "junction" && anchors.junctions.length ? rng.pick(anchors.junctions) : null;
    const town = junction
      ? junction.junction.town
      : bp.anchor === "coast" && anchors.coast.length
        ? anchors.coast[rng.weightedIndex(anchors.coastWeights)]
        : anchors.towns[rng.weightedIndex(anchors.townWeights)];
    const { title, fullTitle } = nameFor(rng, bp, town, junction);
    const near = junction ? `the ${junction.roadName} (${junction.junction.expandedName})` : null;

    // A taken slug gets the first free "-2", "-3"…; the next number to try is kept per base, since a
    // common title ("The Red Lion, …") would otherwise try every number before it each time.
    const base = slugify(title);
    let slug = base;
    if (slugs.has(slug)) {
      let n = nextSuffix.get(base) ?? 2;
      while (slugs.has(`${base}-${n}`)) n++;
      slug = `${base}-${n}`;
      nextSuffix.set(base, n + 1);
    }
    slugs.add(slug);

    const metres = rng.between(bp.offset[0], bp.offset[1]);
    const bearing = rng.between(0, 360);
    const candidates: [number, number][] = [1, 0.5, 0.25].map((f) => destination(town.lng, town.lat, metres * f, bearing));
    const streets = town.countryId === FRANCE ? words.FR_STREETS : words.GB_STREETS;
    yield {
      id: i + 1,
      blueprint: bp,
      slug,
      title,
      fullTitle,
      description: describe(rng, bp, town, near),
      address: bp.typeId === 1 || bp.typeId === 3 ? `Car park off ${rng.pick(streets)}` : `${rng.int(1, 120)} ${rng.pick(streets)}`,
      town,
      junction: junction?.junction ?? null,
      roadName: junction?.roadName ?? null,
      facilityIds: rng.sample(bp.facilities, rng.int(1, Math.min(5, bp.facilities.length))).sort((a, b) => a - b),
      free: !rng.chance(0.12),
      status: statusFor(rng),
      popularity: Math.floor(1000 * rng.float() ** 3),
      candidates,
    };
  }
}

/** The staging table's row for each listing; reports every 50,000 listings staged. */
function* stagingRows(listings: Iterable<SeedListing>, onStaged: (staged: number) => void): Generator<Cell[]> {
  let staged = 0;
  for (const l of listings) {
    yield [
      l.id,
      l.slug,
      l.blueprint.typeId,
      l.blueprint.walkType,
      l.title,
      l.fullTitle,
      l.description,
      l.address,
      l.town.name,
      l.town.county,
      l.town.countryId,
      l.junction?.roadId ?? null,
      l.junction?.id ?? null,
      l.facilityIds,
      l.blueprint.hasPub,
      l.blueprint.hasBeach,
      l.free,
      l.status,
      l.popularity,
      l.blueprint.anchor === "coast",
      pointWkt(l.town.lng, l.town.lat),
      ...l.candidates.map(([lng, lat]) => pointWkt(lng, lat)),
    ];
    if (++staged % 50_000 === 0) onStaged(staged);
  }
  onStaged(staged);
}

/** From this many listings on, the load drops and rebuilds the secondary indexes and foreign keys (docs/decisions/0081, 0188). */
export const BULK_LISTINGS = 50_000;

/** The tables a big load writes: their secondary indexes and foreign keys are dropped for it and made again after. */
const BULK_TABLES = ["listings", "listing_versions"];

/**
 * Writes listings through a staging table, then places each on land in one statement: the first
 * candidate on land, else the anchor town. Beaches go to the nearest coast and step inland.
 */
export async function loadListings(sql: SqlClient, listings: Iterable<SeedListing>, total: number, onProgress?: (done: number) => void): Promise<void> {
  await sql`
    CREATE TEMP TABLE seed_listings (
      id integer, slug text, type_id smallint, walk_type text, title text, full_title text, description text,
      address text, town text, county text, country_id integer, road_id integer, junction_id integer,
      facility_ids smallint[], has_pub boolean, has_beach boolean, free boolean, status smallint, popularity integer,
      coastal boolean, anchor geometry, c1 geometry, c2 geometry, c3 geometry
    ) ON COMMIT DROP`;
  // One COPY for all of them, fed as they are generated: PostgreSQL parses one batch while the next is made.
  await copyRows(
    sql,
    "seed_listings",
    ["id", "slug", "type_id", "walk_type", "title", "full_title", "description", "address", "town", "county", "country_id", "road_id", "junction_id", "facility_ids", "has_pub", "has_beach", "free", "status", "popularity", "coastal", "anchor", "c1", "c2", "c3"],
    stagingRows(listings, (staged) => onProgress?.(staged / 2)),
  );

  await sql`
    CREATE TEMP TABLE seed_locations ON COMMIT DROP AS
    WITH placed AS (
      SELECT s.id, s.coastal, s.anchor, s.c1, s.c2, s.c3,
        CASE WHEN s.coastal THEN ARRAY[
          (SELECT ST_ClosestPoint(cp.geom, s.c1) FROM coastline_parts cp WHERE cp.country_id = s.country_id ORDER BY cp.geom <-> s.c1 LIMIT 1),
          (SELECT ST_ClosestPoint(cp.geom, s.anchor) FROM coastline_parts cp WHERE cp.country_id = s.country_id ORDER BY cp.geom <-> s.anchor LIMIT 1)
        ] END AS coasts
      FROM seed_listings s
    ),
    tries AS (
      SELECT id, anchor, CASE WHEN coastal THEN ARRAY(
          SELECT ST_Project(coast::geography, step, ST_Azimuth(coast, anchor))::geometry
          FROM unnest(coasts) WITH ORDINALITY AS c(coast, ci), unnest(ARRAY[150, 60, 400, 25]) WITH ORDINALITY AS st(step, si)
          WHERE coast IS NOT NULL AND NOT ST_Equals(coast, anchor)
          ORDER BY ci, si)
        ELSE ARRAY[c1, c2, c3] END AS candidates
      FROM placed
    )
    SELECT t.id, coalesce((
      SELECT c FROM unnest(t.candidates) WITH ORDINALITY AS u(c, n)
      WHERE EXISTS (SELECT 1 FROM land_parts lp WHERE ST_Intersects(lp.geom, u.c))
      ORDER BY n LIMIT 1
    ), t.anchor) AS geom
    FROM tries t`;

  // A big load (the benchmark's million) goes in without the secondary indexes, the foreign keys and the
  // per-row junction-distance trigger (the INSERT computes it the same way); the indexes and keys are made after.
  const bulk = total >= BULK_LISTINGS;
  const rebuild = bulk ? await dropForBulkLoad(sql, BULK_TABLES) : [];
  if (bulk) await sql`ALTER TABLE listings DISABLE TRIGGER listings_junction_distance`;
  // Each listing's first version id is reserved here, so the listings are written once: a later UPDATE
  // setting current_version_id would rewrite every row (and undo the geohash order below). The ids follow
  // the same geohash order, so the versions a search reads for its cards' galleries share pages too.
  const [{ first }] = await sql<{ first: string }[]>`SELECT nextval(pg_get_serial_sequence('listing_versions', 'id')) AS first`;
  await sql`
    INSERT INTO listings (id, slug, type_id, walk_type, title, full_title, description, address, town, county, country_id,
      road_id, junction_id, junction_distance_m, facility_ids, has_pub, has_beach, free, status, popularity, location, current_version_id, created_at, updated_at)
    SELECT s.id, s.slug, s.type_id, s.walk_type, s.title, s.full_title, s.description, s.address, s.town, s.county, s.country_id,
      s.road_id, s.junction_id, ST_Distance(l.geom::geography, j.geom::geography, false), s.facility_ids, s.has_pub, s.has_beach, s.free, s.status, s.popularity, l.geom::geography,
      ${first}::int + row_number() OVER (ORDER BY ST_GeoHash(l.geom, 8), s.id)::int - 1,
      timestamptz '2026-01-01' + make_interval(mins => s.id), timestamptz '2026-01-01' + make_interval(mins => s.id)
    FROM seed_listings s JOIN seed_locations l USING (id) LEFT JOIN junctions j ON j.id = s.junction_id
    -- Stored in geohash order so that listings near each other share pages: area searches read few pages.
    ORDER BY ST_GeoHash(l.geom, 8), s.id`;
  onProgress?.(total * 0.8);

  await sql`
    INSERT INTO listing_versions (id, listing_id, version, status, data, created_at)
    SELECT current_version_id, id, 1, status, jsonb_build_object(
      'title', title, 'fullTitle', full_title, 'description', description, 'address', address, 'town', town,
      'county', county, 'postcode', postcode, 'country', country_id, 'type', type_id, 'walkType', walk_type,
      'facilities', facility_ids, 'has_pub', has_pub, 'has_beach', has_beach, 'free', free,
      'lat', ST_Y(location::geometry), 'lng', ST_X(location::geometry)), created_at
    FROM listings WHERE current_version_id >= ${first}::int ORDER BY current_version_id`;
  if (bulk) {
    await sql`ALTER TABLE listings ENABLE TRIGGER listings_junction_distance`;
    await restoreAfterBulkLoad(sql, rebuild);
  }
  await sql`SELECT setval(pg_get_serial_sequence('listings', 'id'), (SELECT max(id) FROM listings))`;
  await sql`SELECT setval(pg_get_serial_sequence('listing_versions', 'id'), (SELECT max(id) FROM listing_versions))`;
  onProgress?.(total);
}
