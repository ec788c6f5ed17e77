import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { z } from "zod";
import { listingFormSchema } from "../../core/listing-form";
import { isWalkTypePath, WALK_TYPES } from "../../core/walk-types";
import type { Pool, SqlClient } from "../../db/client";
import { copyRows } from "../../db/seed/copy";
import { geocode, reverseGeocode } from "../geocode";
import { listingRoads, snapshotListingLinks } from "./derived";
import { addressOf, describeFromTags, dogsRefused, facilitySlugsFromTags, poiKind, postcodeOf, townOf } from "./osm-tags";
import type { Progress } from "./progress";
import type { Rejections } from "./report";
import { FRANCE, UNITED_KINGDOM } from "./roads-stage";
import { applyStage, staged, type ImportChanges } from "./stage";

const FIELDS = ["id", "title", "type", "description", "address", "town", "county", "postcode", "country", "lat", "lng", "facilities", "has_pub", "has_beach"] as const;

/** The column mapping file: which column of the file holds each field, and how values translate. */
export const mappingSchema = z
  .object({
    /** Names the operator's data set: source ids are "<source>:<id>", and a re-import replaces that source's listings. */
    source: z.string().regex(/^[a-z0-9-]{1,30}$/, "source must be 1-30 lower-case letters, digits or hyphens"),
    columns: z.object(Object.fromEntries(FIELDS.map((f) => [f, z.string().min(1).max(80).optional()])) as Record<(typeof FIELDS)[number], z.ZodOptional<z.ZodString>>),
    /** The file's type values → walk-type paths (dog-walk, dog-friendly-pub, …); paths themselves always work. */
    types: z.record(z.string(), z.string()).default({}),
    /** The file's facility names → facility ids; facility names and slugs of the directory always work. */
    facilities: z.record(z.string(), z.number().int().positive()).default({}),
    /** Between facilities in one cell. */
    separator: z.string().min(1).max(3).default(";"),
    /**
     * The rows are OpenStreetMap features (an Overpass GeoJSON export: tags as properties): a row without
     * a description gets one built from its tags (cuisine, opening_hours, dog, …), without an address
     * the nearest town's name, and its facilities from the tags as well (geo/import/osm-tags.ts).
     */
    osmTags: z.boolean().default(false),
  })
  .strict()
  .refine((m) => m.columns.id && m.columns.title && (m.columns.type || m.osmTags), "columns must name at least id, title and type (or osmTags: true, whose tags give the type)");
export type ListingMapping = z.infer<typeof mappingSchema>;

type Row = Record<string, unknown>;

function readRows(path: string): { rows: Row[]; geometry: ([number, number] | null)[] } {
  const text = readFileSync(path, "utf8");
  if (/\.(geo)?json$/i.test(path)) {
    const collection = JSON.parse(text) as { type?: string; features?: { properties?: Row | null; geometry?: { type?: string; coordinates?: unknown } | null }[] };
    if (collection.type !== "FeatureCollection" || !Array.isArray(collection.features)) throw new Error(`${path} is not a GeoJSON FeatureCollection`);
    return {
      rows: collection.features.map((f) => f.properties ?? {}),
      geometry: collection.features.map((f) => {
        const c = f.geometry?.type === "Point" ? f.geometry.coordinates : null;
        return Array.isArray(c) && typeof c[0] === "number" && typeof c[1] === "number" ? [c[0], c[1]] : null;
      }),
    };
  }
  const rows = parse(text, { columns: true, skip_empty_lines: true, bom: true, trim: true, relax_column_count: true }) as Row[];
  return { rows, geometry: rows.map(() => null) };
}

const cell = (row: Row, column: string | undefined): string => {
  if (!column) return "";
  const v = row[column];
  return v === undefined || v === null ? "" : String(v).trim();
};

function countryOf(value: string, fallback: number | null): number | null {
  const v = value.trim().toLowerCase();
  if (v === "") return fallback;
  if (["gb", "uk", "united kingdom", "great britain", "england", "scotland", "wales", "northern ireland", String(UNITED_KINGDOM)].includes(v)) return UNITED_KINGDOM;
  if (["fr", "france", String(FRANCE)].includes(v)) return FRANCE;
  return -1;
}

/** The slug a new listing gets from its title (applyListings adds a suffix when it is taken). */
export function listingSlug(title: string): string {
  return (
    title
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 80) || "listing"
  );
}

const yes = (v: string) => ["1", "yes", "true", "y", "on"].includes(v.toLowerCase());

/**
 * Listings from CSV or GeoJSON with a column mapping. Each row is checked with the listing form's
 * own schema (title, type, description, address, country, location and their messages) and its
 * facilities against the directory's list; rows without coordinates are placed by the project's
 * geocoder (postcode, else town, else address). Rejected rows go to the report; the rest load.
 */
export async function stageListings(sql: Pool, path: string, options: { mapping?: string; country: number | null }, progress: Progress, rejected: Rejections): Promise<number> {
  if (!options.mapping) throw new Error("listings imports need --mapping <file.json> (which column holds each field; see --help)");
  let mapping: ListingMapping;
  try {
    mapping = mappingSchema.parse(JSON.parse(readFileSync(options.mapping, "utf8")));
  } catch (error) {
    const message = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join(".") || "mapping"}: ${i.message}`).join("; ") : error instanceof Error ? error.message : String(error);
    throw new Error(`The mapping file ${options.mapping} is not valid: ${message}`);
  }
  const { rows, geometry } = readRows(path);
  const facilities = await sql<{ id: number; name: string; slug: string }[]>`SELECT id, name, slug FROM facilities`;
  const facilityByName = new Map<string, number>();
  for (const f of facilities) {
    facilityByName.set(f.name.toLowerCase(), f.id);
    facilityByName.set(f.slug.toLowerCase(), f.id);
    facilityByName.set(String(f.id), f.id);
  }
  for (const [name, id] of Object.entries(mapping.facilities)) facilityByName.set(name.toLowerCase(), id);
  const knownFacility = new Set(facilities.map((f) => f.id));

  await createListingStage(sql, { source: mapping.source, country: null });
  progress.phase("Checking listings", rows.length, "rows");
  const out: (string | number | boolean | number[] | null)[][] = [];
  const seen = new Set<string>();
  const c = mapping.columns;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const where = /\.(geo)?json$/i.test(path) ? `feature ${i + 1}` : `line ${i + 2}`;
    const id = cell(row, c.id);
    progress.update(i + 1);
    if (!id || id.length > 80) {
      rejected.add(where, id, "id missing or longer than 80 characters");
      continue;
    }
    if (seen.has(id)) {
      rejected.add(where, id, "the same id appears twice in the file");
      continue;
    }
    const typeValue = cell(row, c.type);
    const kind = mapping.osmTags ? poiKind(row) : null;
    if (mapping.osmTags && dogsRefused(row)) {
      rejected.add(where, id, `dog=${String(row.dog)}: dogs are not welcome`);
      continue;
    }
    const walkType = isWalkTypePath(typeValue) ? typeValue : (mapping.types[typeValue] ?? kind?.walkType ?? "");
    const country = countryOf(cell(row, c.country), options.country);
    const facilityNames = cell(row, c.facilities)
      .split(mapping.separator)
      .map((f) => f.trim())
      .filter(Boolean);
    const unknown = facilityNames.filter((f) => !knownFacility.has(facilityByName.get(f.toLowerCase()) ?? -1));
    if (unknown.length) {
      rejected.add(where, id, `unknown facilities: ${unknown.join(", ")}`);
      continue;
    }
    let lat = cell(row, c.lat);
    let lng = cell(row, c.lng);
    const point = geometry[i];
    if (point && !lat && !lng) [lng, lat] = [String(point[0]), String(point[1])];
    let address = cell(row, c.address) || (mapping.osmTags ? addressOf(row) : "");
    let town = cell(row, c.town) || (mapping.osmTags ? townOf(row) : "");
    const postcode = cell(row, c.postcode) || (mapping.osmTags ? postcodeOf(row) : "");
    if (!lat && !lng && country !== null && country > 0) {
      const countrySlug = country === FRANCE ? "france" : "united-kingdom";
      for (const query of [postcode, town, address].filter(Boolean)) {
        const [hit] = await geocode(sql, query.slice(0, 100), { limit: 1, country: countrySlug });
        if (hit) {
          lat = String(hit.lat);
          lng = String(hit.lng);
          break;
        }
      }
    }
    let description = cell(row, c.description);
    const facilityIds = facilityNames.map((f) => String(facilityByName.get(f.toLowerCase())));
    if (mapping.osmTags) {
      // OSM rarely has a description or an address: the nearest town stands for the address, the tags for the description.
      const nearest = (!address || !town) && lat && lng ? await reverseGeocode(sql, Number(lat), Number(lng)).catch(() => null) : null;
      town ||= nearest?.address.postal_town ?? "";
      address ||= town;
      const label = kind?.label ?? (isWalkTypePath(walkType) ? WALK_TYPES[walkType].label : "Place");
      description ||= describeFromTags(row, label, town);
      for (const slug of facilitySlugsFromTags(row, kind)) facilityIds.push(String(facilityByName.get(slug)));
    }
    const form = listingFormSchema.safeParse({
      intent: "submit",
      walkType,
      title: cell(row, c.title),
      description,
      descriptionFormat: "text",
      address,
      town,
      county: cell(row, c.county),
      postcode,
      country: country === null || country < 0 ? "" : String(country),
      lat,
      lng,
      facilities: facilityIds,
      has_pub: yes(cell(row, c.has_pub)) ? "on" : undefined,
      has_beach: yes(cell(row, c.has_beach)) ? "on" : undefined,
    });
    if (!form.success) {
      const why = form.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      if (!lat && !lng && (address || town || postcode)) why.push("the address could not be geocoded");
      rejected.add(where, id, why.join("; "));
      continue;
    }
    seen.add(id);
    const f = form.data;
    const type = WALK_TYPES[f.walkType as keyof typeof WALK_TYPES];
    out.push([
      `${mapping.source}:${id}`,
      listingSlug(f.title),
      type.typeId,
      f.walkType,
      f.title,
      f.title,
      f.description,
      f.address,
      f.town,
      f.county,
      f.postcode,
      Number(f.country),
      [...new Set(f.facilities)].sort((a, b) => a - b),
      type.typeId === 2 || f.has_pub,
      type.typeId === 3 || f.has_beach,
      true,
      2,
      0,
      `SRID=4326;POINT(${Number(f.lng)} ${Number(f.lat)})`,
    ]);
  }
  progress.end();
  await copyRows(sql, staged("listings"), [...LISTING_STAGE_COLUMNS], out);
  return rows.length;
}

/** The staged listings' columns, in the order the importers write them. */
export const LISTING_STAGE_COLUMNS = ["source_id", "slug", "type_id", "walk_type", "title", "full_title", "description", "address", "town", "county", "postcode", "country_id", "facility_ids", "has_pub", "has_beach", "free", "status", "popularity", "location"] as const;

/** Each walk-type path's listing type id. */
export const WALK_TYPE_IDS = Object.fromEntries(Object.entries(WALK_TYPES).map(([path, type]) => [path, type.typeId])) as Record<keyof typeof WALK_TYPES, number>;

/**
 * The staging table of listings and which live listings the import owns: the source's (source ids
 * "<source>:…"), within one country when `country` is given (OSM points of interest: a French extract
 * replaces the French ones only).
 */
export async function createListingStage(sql: Pool, owner: { source: string; country: number | null }): Promise<void> {
  if (!/^[a-z0-9-]{1,30}$/.test(owner.source)) throw new Error(`source "${owner.source}" must be 1-30 lower-case letters, digits or hyphens`);
  await sql.unsafe(`
    CREATE UNLOGGED TABLE ${staged("listings")} (
      source_id text PRIMARY KEY, slug text, type_id smallint, walk_type text, title text, full_title text, description text,
      address text, town text, county text, postcode text, country_id integer, facility_ids smallint[], has_pub boolean,
      has_beach boolean, free boolean, status smallint, popularity integer, location geography(Point, 4326))`);
  await sql.unsafe(`CREATE TABLE ${staged("listing_source")} (source text NOT NULL, country_id integer)`);
  await sql.unsafe(`INSERT INTO ${staged("listing_source")} (source, country_id) VALUES ($1, $2)`, [owner.source, owner.country]);
}

/** The source's listings by source id; new ones get a free slug; each change is a new version. */
export async function applyListings(tx: SqlClient): Promise<ImportChanges> {
  const S = staged("listings");
  const [{ source, country_id: country }] = await tx.unsafe<{ source: string; country_id: number | null }[]>(`SELECT source, country_id FROM ${staged("listing_source")}`);
  // Checked by createListingStage: lower-case letters, digits and hyphens, and a whole number.
  const owned = `t.source_id LIKE '${source}:%'${country === null ? "" : ` AND t.country_id = ${Number(country)}`}`;
  await snapshotListingLinks(tx, owned.replace(/\bt\./g, "l."));
  // A new listing whose slug is taken (or repeated in the file) gets a stable suffix from its source id.
  // Repeats are numbered in one pass (a self-join on the unindexed stage took minutes at 50,000 rows).
  await tx.unsafe(`
    UPDATE ${S} s SET slug = left(s.slug, 80) || '-' || substr(md5(s.source_id), 1, 6)
    FROM (SELECT source_id, row_number() OVER (PARTITION BY slug ORDER BY source_id) AS n FROM ${S}) o
    WHERE o.source_id = s.source_id
      AND NOT EXISTS (SELECT 1 FROM listings l WHERE l.source_id = s.source_id)
      AND (o.n > 1 OR EXISTS (SELECT 1 FROM listings l WHERE l.slug = s.slug))`);
  const listings = await applyStage(tx, {
    table: "listings",
    stage: S,
    key: ["source_id"],
    columns: ["type_id", "walk_type", "title", "full_title", "description", "address", "town", "county", "postcode", "country_id", "facility_ids", "has_pub", "has_beach", "location"],
    insertOnly: ["slug", "free", "status", "popularity"],
    scope: owned,
  });
  const data = `jsonb_build_object('title', l.title, 'fullTitle', l.full_title, 'description', l.description, 'address', l.address, 'town', l.town,
      'county', l.county, 'postcode', l.postcode, 'country', l.country_id, 'type', l.type_id, 'walkType', l.walk_type,
      'facilities', l.facility_ids, 'has_pub', l.has_pub, 'has_beach', l.has_beach, 'free', l.free,
      'lat', ST_Y(l.location::geometry), 'lng', ST_X(l.location::geometry))`;
  await tx.unsafe(`
    INSERT INTO listing_versions (listing_id, version, status, data)
    SELECT l.id, coalesce((SELECT max(v.version) FROM listing_versions v WHERE v.listing_id = l.id), 0) + 1, l.status, ${data}
    FROM listings l
    WHERE l.source_id LIKE '${source}:%'
      AND (l.current_version_id IS NULL OR (SELECT v.data FROM listing_versions v WHERE v.id = l.current_version_id) IS DISTINCT FROM ${data})`);
  await tx.unsafe(`
    UPDATE listings l SET current_version_id = v.id, updated_at = now()
    FROM (SELECT DISTINCT ON (listing_id) listing_id, id FROM listing_versions ORDER BY listing_id, version DESC) v
    WHERE v.listing_id = l.id AND l.source_id LIKE '${source}:%' AND l.current_version_id IS DISTINCT FROM v.id`);
  const roads = await listingRoads(tx, { source });
  return { listings, ...roads };
}
