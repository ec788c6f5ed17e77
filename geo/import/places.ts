import { createReadStream, statSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Pool, SqlClient } from "../../db/client";
import { copyRows } from "../../db/seed/copy";
import { ADMIN1_NAMES, ADMIN2_NAMES } from "../../db/seed/data/admin-areas";
import { latinAlternateNames, searchForm } from "../../db/seed/places";
import { isPbf, openOsm, readOsmXml } from "./osm-xml";
import type { Progress } from "./progress";
import type { Rejections } from "./report";
import { FRANCE, UNITED_KINGDOM } from "./roads-stage";
import { applyStage, staged, type ImportChanges } from "./stage";

const COUNTRY_IDS = { GB: UNITED_KINGDOM, FR: FRANCE } as const;

/** A text[] literal with every element quoted (names hold spaces, parentheses and apostrophes). */
const arrayLiteral = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/** City, town or village, as the demo gazetteer classifies GeoNames places (docs/decisions/0007). */
export function placeKind(featureCode: string, population: number): string {
  if (featureCode === "PPLC" || featureCode === "PPLA" || population >= 100_000) return "city";
  if (population >= 5_000 || featureCode === "PPLA2") return "town";
  return "village";
}

/** The OSM tags whose values are other names of a place (";" separates several), besides `name`. */
export const OSM_NAME_TAGS = ["alt_name", "old_name", "official_name", "short_name", "loc_name", "name:en", "name:fr"] as const;

/** An OpenStreetMap place node is taken for the gazetteer town or village of its name within this distance. */
const OSM_PLACE_METRES = 10_000;

const isOsm = (path: string) => isPbf(path) || path.toLowerCase().endsWith(".osm");

/**
 * The other names of an OpenStreetMap extract's places (place=city|town|village|hamlet|suburb nodes:
 * alt_name, old_name, official_name, short_name, loc_name, name:en, name:fr), staged for the gazetteer
 * place of the same name (its name or one of its other names) within 10 km. A place node with no such
 * town goes to the report: OSM names only add to the GeoNames places, so load those first.
 */
async function stageOsmPlaceNames(sql: Pool, path: string, progress: Progress, rejected: Rejections): Promise<number> {
  const S = staged("place_osm_names");
  await sql.unsafe(`CREATE UNLOGGED TABLE ${S} (osm_id bigint PRIMARY KEY, name text, names text[], place_id integer, location geography(Point, 4326))`);
  const rows: (string | number)[][] = [];
  let features = 0;
  const { stream, totalBytes, finished } = openOsm(path, ["n/place=city,town,village,hamlet,suburb"]);
  progress.phase("Reading OpenStreetMap place names", totalBytes, "features");
  await readOsmXml(stream, {
    node(id, lon, lat, tags) {
      features++;
      if (!tags || !["city", "town", "village", "hamlet", "suburb"].includes(tags.place ?? "")) return;
      const name = (tags.name ?? "").trim();
      if (!name || !Number.isFinite(lon) || !Number.isFinite(lat)) return;
      const names = latinAlternateNames([...new Set(OSM_NAME_TAGS.flatMap((key) => (tags[key] ?? "").split(";")).map((n) => n.trim()).filter(Boolean))]);
      if (names.length === 0) return;
      rows.push([id, name, arrayLiteral(names), `SRID=4326;POINT(${lon} ${lat})`]);
    },
    way() {
      features++;
    },
    progress(bytes) {
      progress.update(bytes, features);
    },
  });
  await finished;
  await copyRows(sql, S, ["osm_id", "name", "names", "location"], rows);
  await sql.unsafe(`
    UPDATE ${S} s SET place_id = (
      SELECT p.id FROM places p
      WHERE p.kind IN ('city', 'town', 'village') AND ST_DWithin(p.location, s.location, ${OSM_PLACE_METRES})
        AND (geocode_key(p.name) = geocode_key(s.name) OR p.alt_keys @> ARRAY[geocode_key(s.name)])
      ORDER BY p.location <-> s.location, p.id LIMIT 1)`);
  for (const row of await sql.unsafe<{ osm_id: string; name: string }[]>(`SELECT osm_id::text, name FROM ${S} WHERE place_id IS NULL ORDER BY osm_id`)) {
    rejected.add(`node ${row.osm_id}`, row.osm_id, `no town or village called ${row.name} within ${OSM_PLACE_METRES / 1000} km (import the GeoNames places first)`);
  }
  progress.update(totalBytes ?? 0, features);
  progress.end();
  return features;
}

/**
 * A GeoNames dump (the 19-column tab-separated layout of allCountries.txt, GB.txt, FR.txt or
 * cities500.txt): populated places (feature class P) of the United Kingdom and France, keyed by
 * their GeoNames id. Other countries and feature classes are skipped; malformed rows are rejected.
 */
export async function stagePlaces(sql: Pool, path: string, country: number | null, progress: Progress, rejected: Rejections): Promise<number> {
  if (isOsm(path)) return stageOsmPlaceNames(sql, path, progress, rejected);
  await sql.unsafe(`CREATE UNLOGGED TABLE ${staged("places")} (geonames_id integer PRIMARY KEY, kind text, name text, search_name text, population integer, country_id integer, admin1 text, admin2 text, alt_names text[], alt_keys text[], location geography(Point, 4326))`);
  const total = statSync(path).size;
  progress.phase("Reading GeoNames places", total, "rows");
  const rows: (string | number | null)[][] = [];
  const seen = new Set<number>();
  let line = 0;
  let bytes = 0;
  let features = 0;
  const flush = async () => {
    await copyRows(sql, staged("places"), ["geonames_id", "kind", "name", "search_name", "population", "country_id", "admin1", "admin2", "alt_names", "location"], rows);
    rows.length = 0;
  };
  for await (const text of createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity })) {
    line++;
    bytes += Buffer.byteLength(text) + 1;
    if (text.trim() === "" || text.startsWith("#")) continue;
    features++;
    const f = text.split("\t");
    const where = `line ${line}`;
    if (f.length < 15) {
      rejected.add(where, f[0], `expected the 19 GeoNames columns, found ${f.length}`);
      continue;
    }
    const code = f[8] as "GB" | "FR";
    if (code !== "GB" && code !== "FR") continue;
    if (country !== null && COUNTRY_IDS[code] !== country) continue;
    if (f[6] !== "P") continue;
    const id = Number(f[0]);
    const lat = Number(f[4]);
    const lng = Number(f[5]);
    const population = f[14] === "" ? 0 : Number(f[14]);
    const name = f[1].trim();
    if (!/^\d{1,10}$/.test(f[0]) || id > 2_147_483_647) rejected.add(where, f[0], "geonameid is not a whole number");
    else if (seen.has(id)) rejected.add(where, f[0], "the same geonameid appears twice");
    else if (!name || name.length > 200) rejected.add(where, f[0], "name missing or longer than 200 characters");
    else if (f[4].trim() === "" || f[5].trim() === "" || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) rejected.add(where, f[0], "latitude or longitude missing or out of range");
    else if (!Number.isInteger(population) || population < 0 || population > 100_000_000) rejected.add(where, f[0], "population is not a whole number");
    else {
      seen.add(id);
      const admin1 = ADMIN1_NAMES[code][f[10] ?? ""] ?? null;
      const admin2 = ADMIN2_NAMES[code][f[11] ?? ""] ?? admin1;
      // Column 4: GeoNames' alternate names ("Saint Albans", "Newcastle", old and foreign names), kept in Latin script.
      const alternates = latinAlternateNames([f[2] ?? "", ...(f[3] ?? "").split(",")].map((n) => n.trim()).filter(Boolean));
      rows.push([id, placeKind(f[7], population), name, searchForm(name), population, COUNTRY_IDS[code], admin1 ?? "", admin2 ?? "", arrayLiteral(alternates), `SRID=4326;POINT(${lng} ${lat})`]);
      if (rows.length >= 20_000) await flush();
    }
    if (line % 5_000 === 0) progress.update(bytes, features);
  }
  await flush();
  // The names as the geocoder keys them (geocode_key, migration 0031), without the name's own key:
  // what place search matches "St Albans", "Saint-Avé" and a place's other names against.
  await sql.unsafe(`
    UPDATE ${staged("places")} SET alt_keys = ARRAY(
      SELECT DISTINCT geocode_key(n) FROM unnest(alt_names) n WHERE geocode_key(n) NOT IN ('', geocode_key(name)) ORDER BY 1)`);
  progress.update(total, features);
  progress.end();
  return features;
}

/** Towns and villages of the countries in the file (or --country), by GeoNames id, with their other names' keys. */
export async function applyPlaces(tx: SqlClient, country: number | null): Promise<ImportChanges> {
  const [{ osm }] = await tx.unsafe<{ osm: boolean }[]>(`SELECT to_regclass('${staged("place_osm_names")}') IS NOT NULL AS osm`);
  if (osm) return applyOsmPlaceNames(tx, country);
  const countries = country !== null ? [country] : (await tx.unsafe<{ country_id: number }[]>(`SELECT DISTINCT country_id FROM ${staged("places")}`)).map((r) => r.country_id);
  const scope = countries.length ? `t.geonames_id IS NOT NULL AND t.country_id IN (${countries.map(Number).join(", ")})` : "false";
  const places = await applyStage(tx, {
    table: "places",
    stage: staged("places"),
    key: ["geonames_id"],
    columns: ["kind", "name", "search_name", "population", "country_id", "admin1", "admin2", "alt_keys", "location"],
    scope,
  });
  return { places };
}

/**
 * Adds an OpenStreetMap extract's place names to the alt_keys of the places they were matched to (in
 * --country, when given). Only adds: a GeoNames re-import sets alt_keys from GeoNames again, so import the
 * OSM names after it. The same extract twice changes nothing.
 */
async function applyOsmPlaceNames(tx: SqlClient, country: number | null): Promise<ImportChanges> {
  const rows = await tx.unsafe(`
    WITH wanted AS (
      SELECT s.place_id, array_agg(DISTINCT k) AS keys
      FROM ${staged("place_osm_names")} s CROSS JOIN LATERAL unnest(s.names) n CROSS JOIN LATERAL geocode_key(n) k
      WHERE s.place_id IS NOT NULL AND k <> ''
      GROUP BY s.place_id
    )
    UPDATE places p SET alt_keys = ARRAY(SELECT DISTINCT k FROM unnest(p.alt_keys || w.keys) k WHERE k <> geocode_key(p.name) ORDER BY 1)
    FROM wanted w
    WHERE p.id = w.place_id ${country !== null ? `AND p.country_id = ${Number(country)}` : ""}
      AND NOT p.alt_keys @> array_remove(w.keys, geocode_key(p.name))
    RETURNING p.id`);
  return { "places (other names from OpenStreetMap)": { added: 0, changed: rows.length, removed: 0 } };
}
