import type { SqlClient } from "../../db/client";
import { geocodeKey, postcodeKey } from "./normalise";
import { type GeocodeRow, listingColumnsSql, placeColumnsSql, placeJoinsSql, toGeocodeResult } from "./result";
import type { GeocodeResult } from "./types";
import { live } from "../listing";

/** More entries than this never share one name in the gazetteer; the cap only bounds a pathological query. */
const ADDRESS_CANDIDATES = 200;

/**
 * Entries whose formattedAddress is exactly `text` (in geocode_key form), the best known first: what
 * the geocoder answers when a visitor sends back one of its own suggestions ("Bath, Bath and North
 * East Somerset, United Kingdom"). The first comma parts name the entry (a listing title may hold
 * commas itself); each candidate's address is then built as the suggestions build it and compared.
 * Empty for text without a comma, which is never an address the geocoder wrote.
 */
export async function addressMatches(sql: SqlClient, text: string, country: string | null = null): Promise<GeocodeResult[]> {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length < 2 || parts.some((part) => part === "")) return [];
  const wanted = geocodeKey(text);
  const nameKeys = parts.slice(0, -1).map((_, index) => geocodeKey(parts.slice(0, index + 1).join(", "))).filter((key) => key !== "");
  const firstKey = geocodeKey(parts[0]);
  if (firstKey === "" || nameKeys.length === 0) return [];
  // Every word of the first part is a whole word of the entry's search name: the GIN index narrows to a few rows.
  const words = firstKey.split(" ").join(" & ");
  const postcode = postcodeKey(parts[0]);
  const inCountry = country === null ? sql`` : sql`AND co.slug = ${country}`;
  const placeInCountry = country === null ? sql`` : sql`AND h.country_slug = ${country}`;
  const rows = await sql<GeocodeRow[]>`
    SELECT * FROM (
      SELECT ${placeColumnsSql(sql)}, (CASE p.kind WHEN 'city' THEN 3 WHEN 'town' THEN 2 ELSE 1 END) AS rank, p.population AS weight
      FROM places p
      ${placeJoinsSql(sql)}
      WHERE to_tsvector('simple'::regconfig, geocode_key(p.search_name)) @@ to_tsquery('simple'::regconfig, ${words})
        AND geocode_key(p.name) = ANY(${nameKeys}::text[]) ${placeInCountry}
      UNION ALL
      SELECT ${listingColumnsSql(sql)}, 0 AS rank, l.popularity AS weight
      FROM listings l
      JOIN countries co ON co.id = l.country_id
      WHERE ${live(sql)} AND geocode_key(l.title) = ANY(${nameKeys}::text[]) ${inCountry}
      ${
        postcode === null
          ? sql``
          : sql`UNION ALL
      SELECT 'postcode'::text AS kind, p.id, p.postcode AS name,
        ST_Y(p.location::geometry) AS lat, ST_X(p.location::geometry) AS lng,
        0 AS population, p.name AS town, p.admin2 AS county, p.postcode,
        p.country_id, co.slug AS country_slug, co.name AS country_name,
        NULL::float8 AS west, NULL::float8 AS south, NULL::float8 AS east, NULL::float8 AS north, NULL::text AS url, 0 AS rank, 0 AS weight
      FROM places p
      JOIN countries co ON co.id = p.country_id
      WHERE p.postcode IS NOT NULL AND replace(lower(p.postcode), ' ', '') = ${postcode} ${inCountry}`
      }
    ) hits
    ORDER BY rank DESC, weight DESC, id
    LIMIT ${ADDRESS_CANDIDATES}`;
  return rows.map(toGeocodeResult).filter((result) => geocodeKey(result.formattedAddress) === wanted);
}
