import type { SqlClient } from "../client";
import { copyRows, pointWkt } from "./copy";
import { ADMIN1_NAMES, ADMIN2_NAMES } from "./data/admin-areas";
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
  await copyRows(
    sql,
    "places",
    ["id", "geonames_id", "kind", "name", "search_name", "population", "country_id", "admin1", "admin2", "location"],
    towns.map((t, i) => [t.placeId, t.geonameId, kindOf(geonames[i]), t.name, searchForm(t.name), t.population, t.countryId, t.region, t.county, pointWkt(t.lng, t.lat)]),
  );
  await sql`SELECT setval(pg_get_serial_sequence('places', 'id'), (SELECT max(id) FROM places))`;
  return towns;
}

/** Ids of the towns that lie on Natural Earth land (a few coastal GeoNames points fall just offshore). */
export async function townsOnLand(sql: SqlClient): Promise<Set<number>> {
  const rows = await sql<{ id: number }[]>`
    SELECT p.id FROM places p
    WHERE p.kind IN ('city', 'town', 'village')
      AND EXISTS (SELECT 1 FROM land_parts lp WHERE ST_Intersects(lp.geom, p.location::geometry))`;
  return new Set(rows.map((r) => r.id));
}
