import type { SqlClient } from "../client";
import { dropForBulkLoad, restoreAfterBulkLoad } from "./bulk";
import { copyRows, pointWkt } from "./copy";
import { ADMIN1_NAMES, ADMIN2_NAMES } from "./data/admin-areas";
import { EXTRA_PLACES } from "./data/extra-places";
import type { GeoNamesPlace } from "./geonames";
import { FRANCE, UNITED_KINGDOM } from "./land";

/** A town or village of the gazetteer, as the generator uses it. */
export interface Town {
  placeId: number;
  geonameId: number;
  name: string;
  lng: number;
  lat: number;
  population: number;
  countryId: number;
  county: string;
  region: string;
}

/** Lower case without accents: the form autocomplete compares. */
export function searchForm(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

function kindOf(place: GeoNamesPlace): string {
  if (place.featureCode === "PPLC" || place.featureCode === "PPLA" || place.population >= 100_000) return "city";
  if (place.population >= 5_000 || place.featureCode === "PPLA2") return "town";
  return "village";
}

/** Loads GeoNames towns and villages into the gazetteer; place ids follow GeoNames id order. */
export async function loadTowns(sql: SqlClient, geonames: GeoNamesPlace[]): Promise<Town[]> {
  const towns: Town[] = geonames.map((p, index) => ({
    placeId: index + 1,
    geonameId: p.geonameId,
    name: p.name,
    lng: p.lng,
    lat: p.lat,
    population: p.population,
    countryId: p.countryCode === "GB" ? UNITED_KINGDOM : FRANCE,
    county: ADMIN2_NAMES[p.countryCode][p.admin2] ?? ADMIN1_NAMES[p.countryCode][p.admin1] ?? "",
    region: ADMIN1_NAMES[p.countryCode][p.admin1] ?? "",
  }));
  // Loaded without the gazetteer's secondary indexes (three GIN, two GiST) and foreign keys, made again once
  // its alternate names are set: built once over the rows, not kept up row by row and again for each update.
  const rebuild = await dropForBulkLoad(sql, ["places"]);
  await copyRows(
    sql,
    "places",
    ["id", "geonames_id", "kind", "name", "search_name", "population", "country_id", "admin1", "admin2", "location"],
    towns.map((t, i) => [t.placeId, t.geonameId, kindOf(geonames[i]), t.name, searchForm(t.name), t.population, t.countryId, t.region, t.county, pointWkt(t.lng, t.lat)]),
  );
  await sql`SELECT setval(pg_get_serial_sequence('places', 'id'), (SELECT max(id) FROM places))`;
  await loadAlternateNames(sql, geonames.map((p) => ({ geonameId: p.geonameId, names: p.alternateNames })));
  await restoreAfterBulkLoad(sql, rebuild);
  return towns;
}

/** Alternate names worth matching: Latin script (the ones visitors of GB and France type), at most 40 of 60 characters. */
export function latinAlternateNames(names: string[]): string[] {
  return names.filter((name) => name.length <= 60 && /^[\p{Script=Latin}0-9 '’.,()-]+$/u.test(name)).slice(0, 40);
}

/**
 * Sets places' alt_keys (geocode_key form, without the name's own key) from GeoNames alternate names,
 * by GeoNames id: "Newcastle" for Newcastle upon Tyne, "Saint Albans" for St Albans.
 */
export async function loadAlternateNames(sql: SqlClient, places: { geonameId: number; names: string[] }[]): Promise<void> {
  const wanted = places.map((p) => ({ id: p.geonameId, names: latinAlternateNames(p.names) })).filter((p) => p.names.length > 0);
  for (let start = 0; start < wanted.length; start += 5_000) {
    const chunk = JSON.stringify(wanted.slice(start, start + 5_000));
    await sql`
      UPDATE places p SET alt_keys = array_remove(a.keys, geocode_key(p.name))
      FROM (
        SELECT (e->>'id')::int AS geonames_id,
          ARRAY(SELECT DISTINCT geocode_key(n) FROM jsonb_array_elements_text(e->'names') n WHERE geocode_key(n) <> '' ORDER BY 1) AS keys
        FROM jsonb_array_elements(${chunk}::jsonb) e
      ) a
      WHERE p.geonames_id = a.geonames_id AND array_remove(a.keys, geocode_key(p.name)) IS DISTINCT FROM p.alt_keys`;
  }
}

/** The hand-written towns cities500 lacks (db/seed/data/extra-places.ts), after every generated row. */
export async function loadExtraPlaces(sql: SqlClient): Promise<void> {
  for (const place of EXTRA_PLACES) {
    const countryId = place.countryCode === "GB" ? UNITED_KINGDOM : FRANCE;
    await sql`
      INSERT INTO places (kind, name, search_name, population, country_id, admin1, admin2, alt_keys, location)
      VALUES (${place.kind}, ${place.name}, ${searchForm(place.name)}, ${place.population}, ${countryId}, ${place.region}, ${place.county},
        ARRAY(SELECT DISTINCT geocode_key(n) FROM unnest(${latinAlternateNames(place.alternateNames)}::text[]) n WHERE geocode_key(n) NOT IN ('', geocode_key(${place.name}))),
        ${pointWkt(place.lng, place.lat)})`;
  }
}

/** Ids of the towns that lie on Natural Earth land (a few coastal GeoNames points fall just offshore). */
export async function townsOnLand(sql: SqlClient): Promise<Set<number>> {
  const rows = await sql<{ id: number }[]>`
    SELECT p.id FROM places p
    WHERE p.kind IN ('city', 'town', 'village')
      AND EXISTS (SELECT 1 FROM land_parts lp WHERE ST_Intersects(lp.geom, p.location::geometry))`;
  return new Set(rows.map((r) => r.id));
}
