import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { boxAround, radiusMetres } from "./bounds";
import type { GeocodeResult } from "./types";

/** One geocoder hit as the forward and reverse queries select it. */
export interface GeocodeRow {
  kind: string;
  id: number;
  name: string;
  lat: number;
  lng: number;
  population: number;
  town: string | null;
  county: string | null;
  postcode: string | null;
  country_id: number;
  country_slug: string;
  country_name: string;
  /** The road's line extent, for kind road. */
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  url: string | null;
}

/**
 * The columns of a gazetteer hit, for `places p` joined with placeJoinsSql: the view geocode_places
 * (migration 0046) says once, for these queries and the geocoding functions, what each is (a junction's
 * town is the junction's own; a road has none; a postcode is named by its code and its town is the place
 * it serves).
 */
export function placeColumnsSql(sql: SqlClient): PendingQuery<Row[]> {
  return sql`
    h.kind, h.id, h.name, h.lat, h.lng, h.population, h.town, h.county, h.postcode,
    h.country_id, h.country_slug, h.country_name, h.west, h.south, h.east, h.north, h.url`;
}

/** The hit of each `places p` row, `h` (geocode_places), for placeColumnsSql. */
export function placeJoinsSql(sql: SqlClient): PendingQuery<Row[]> {
  return sql`JOIN geocode_places h ON h.id = p.id`;
}

/** The columns of a listing's hit, for `listings l` joined with `countries co`. */
export function listingColumnsSql(sql: SqlClient): PendingQuery<Row[]> {
  return sql`
    'listing'::text AS kind, l.id, l.title AS name,
    ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng,
    0 AS population, nullif(l.town, '') AS town, nullif(l.county, '') AS county, nullif(l.postcode, '') AS postcode,
    l.country_id, co.slug AS country_slug, co.name AS country_name,
    NULL::float8 AS west, NULL::float8 AS south, NULL::float8 AS east, NULL::float8 AS north,
    listing_url(l.walk_type, l.slug) AS url`;
}

export function toGeocodeResult(row: GeocodeRow): GeocodeResult {
  const result: GeocodeResult = {
    lat: row.lat,
    lng: row.lng,
    bounds: boundsOf(row),
    formattedAddress: formattedAddress(row),
    address: {
      postal_town: row.town || null,
      administrative_area_level_2: row.county || null,
      postal_code: row.postcode || null,
      country: { id: row.country_id, slug: row.country_slug },
    },
    kind: row.kind,
    id: row.id,
    population: row.population,
  };
  if (row.url) result.url = row.url;
  return result;
}

function boundsOf(row: GeocodeRow): GeocodeResult["bounds"] {
  if (row.west !== null && row.south !== null && row.east !== null && row.north !== null) {
    return [row.west, row.south, row.east, row.north];
  }
  return boxAround(row.lat, row.lng, radiusMetres(row.kind, row.population));
}

/** "Penrith, Cumbria, United Kingdom"; a part already said is left out ("Paris, France", not "Paris, Paris, France"). */
export function formattedAddress(row: Pick<GeocodeRow, "kind" | "name" | "town" | "county" | "postcode" | "country_name">): string {
  // Listing titles may already name their town ("Four Paws Kitchen, Penrith"): compare comma parts.
  const parts = addressParts(row).flatMap((part) => (part ?? "").split(","));
  const kept: string[] = [];
  for (const part of parts) {
    const text = part.trim();
    if (text === "" || kept.some((k) => k.toLowerCase() === text.toLowerCase())) continue;
    kept.push(text);
  }
  return kept.join(", ");
}

function addressParts(row: Pick<GeocodeRow, "kind" | "name" | "town" | "county" | "postcode" | "country_name">): (string | null)[] {
  switch (row.kind) {
    case "road":
      return [row.name, row.country_name];
    case "listing":
      return [row.name, row.town, row.county, row.country_name];
    case "postcode":
      return [row.postcode, row.town, row.county, row.country_name];
    default:
      return [row.name, row.county, row.country_name];
  }
}
