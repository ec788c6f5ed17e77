// The geocoder's statements as geo/geocode/forward.ts and choices.ts built them before migration 0046
// (decision 0328), kept word for word as the reference the functions geocode_search and
// geocode_place_choices are compared with (tests/integration/geocode-functions.test.ts). Not used by the app.
import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import type { GeocodeSearch } from "../../geo/geocode/forward";
import { prefixUpperBound } from "../../geo/geocode/normalise";
import { type GeocodeRow, listingColumnsSql, placeColumnsSql, placeJoinsSql } from "../../geo/geocode/result";
import { live } from "../../geo/listing";

const CANDIDATES = { exact: 20, prefix: 40, words: 40, fuzzy: 20, listings: 20, postcodes: 10 } as const;
const SHORT_KEY_LENGTH = 3;
const ALT_NAME_TIER = 4.9;

/** The statement under its generic plan, as decision 0180 ran it: a transaction that sets plan_cache_mode first. */
export async function withGenericPlan<T extends readonly object[]>(sql: SqlClient, statement: (client: SqlClient) => PendingQuery<T>): Promise<T> {
  if (!("begin" in sql)) return statement(sql);
  const [, rows] = await sql.begin((tx) => [tx`SET LOCAL plan_cache_mode = force_generic_plan`, statement(tx)] as const);
  return rows;
}

/** placeChoices' statement before migration 0046 (MAX_PLACE_CHOICES rows). */
export function placeChoicesQuery0180(client: SqlClient, key: string, limit: number): PendingQuery<GeocodeRow[]> {
  return client<GeocodeRow[]>`
      SELECT ${placeColumnsSql(client)}
      FROM places p
      ${placeJoinsSql(client)}
      WHERE p.kind IN ('city', 'town', 'village')
        AND (geocode_key(p.search_name) = ${key} OR (p.alt_keys <> '{}' AND p.alt_keys @> ARRAY[${key}::text]))
      ORDER BY (CASE WHEN geocode_key(p.name) = ${key} THEN 5 ELSE ${ALT_NAME_TIER}::float8 END) + ${placeImportanceSql(client)} DESC, p.id
      LIMIT ${limit}`;
}

/**
 * One statement. Each CTE reads one index for a bounded number of candidates: places_search_key (exact
 * and prefix), places_search_words (word prefixes), listings_title_key (title prefix, in index order,
 * so a common word costs the same with a million listings as with a thousand) and, only when those
 * find no exact name and fewer hits than the limit, places_search_name_trgm for typos (a word of the
 * name at pg_trgm's 0.6, else the whole name at 0.3). Then the few candidates are ranked.
 */
export function geocodeQuery0180(sql: SqlClient, search: GeocodeSearch): PendingQuery<GeocodeRow[]> {
  const { key } = search;
  const inCountry = (alias: "p" | "l") => inCountrySql(sql, alias, search.country);
  const short = key.length <= SHORT_KEY_LENGTH;
  // A one-to-three letter query offers towns, cities, roads and junctions by prefix, and exact names
  // (a listing called "Säm" included).
  const prefixKinds = short ? sql`AND p.kind <> 'village'` : sql``;
  const longOnly = short ? sql`AND false` : sql``;
  const oneWordOnly = key.includes(" ") ? sql`AND false` : sql``;
  const listingTitle = short ? sql`geocode_key(l.title) = ${key}` : sql`geocode_key(l.title) ~>=~ ${key} AND geocode_key(l.title) ~<~ ${search.upperBound}`;
  // A query shaped like a postcode ("CA11", "75001") means that code: a typo match ("M6 Junction 11") is noise.
  const typos = search.postcode === null ? sql`` : sql`AND false`;
  return sql<GeocodeRow[]>`
    WITH place_exact AS (
      SELECT p.id FROM places p
      WHERE geocode_key(p.search_name) = ${key} ${inCountry("p")}
      LIMIT ${CANDIDATES.exact}
    ), place_alt AS (
      -- Another name the place is known by ("Newcastle" for Newcastle upon Tyne): index places_alt_keys.
      SELECT p.id FROM places p
      WHERE p.alt_keys <> '{}' AND p.alt_keys @> ARRAY[${key}::text] ${inCountry("p")}
      LIMIT ${CANDIDATES.exact}
    ), place_prefix AS (
      SELECT p.id FROM places p
      WHERE geocode_key(p.search_name) ~>=~ ${key} AND geocode_key(p.search_name) ~<~ ${search.upperBound} ${prefixKinds} ${inCountry("p")}
      ORDER BY ${placeImportanceSql(sql)} DESC
      LIMIT ${CANDIDATES.prefix}
    ), place_words AS (
      SELECT p.id FROM places p
      WHERE to_tsvector('simple'::regconfig, geocode_key(p.search_name)) @@ to_tsquery('simple'::regconfig, ${search.words}) ${longOnly} ${inCountry("p")}
      ORDER BY ${placeImportanceSql(sql)} DESC
      LIMIT ${CANDIDATES.words}
    ), listing_prefix AS (
      -- USING ~<~ is the index's own (text_pattern_ops) order: an index scan that stops at the limit.
      SELECT l.id FROM listings l
      WHERE ${live(sql)} AND ${listingTitle} ${inCountry("l")}
      ORDER BY geocode_key(l.title) USING ~<~
      LIMIT ${CANDIDATES.listings}
    ), found AS (
      SELECT id FROM place_exact UNION SELECT id FROM place_alt UNION SELECT id FROM place_prefix UNION SELECT id FROM place_words
    ), too_few AS (
      SELECT NOT EXISTS (SELECT 1 FROM place_exact) AND NOT EXISTS (SELECT 1 FROM place_alt)
        AND (SELECT count(*) FROM found) + (SELECT count(*) FROM listing_prefix) < ${search.limit} ${typos} AS yes
    ), place_fuzzy_words AS (
      SELECT p.id FROM places p
      WHERE (SELECT yes FROM too_few) AND ${key} <% p.search_name ${longOnly} ${inCountry("p")}
      ORDER BY word_similarity(${key}, p.search_name) DESC
      LIMIT ${CANDIDATES.fuzzy}
    ), place_fuzzy_name AS (
      -- A typo costs a short word too many trigrams for 0.6 ("penrth"): then the whole name at 0.3.
      SELECT p.id FROM places p
      WHERE (SELECT yes FROM too_few) AND NOT EXISTS (SELECT 1 FROM place_fuzzy_words)
        AND ${key} % p.search_name ${oneWordOnly} ${longOnly} ${inCountry("p")}
      ORDER BY similarity(${key}, p.search_name) DESC
      LIMIT ${CANDIDATES.fuzzy}
    ), hits AS (
      ${placeHitsSql(sql, key)}
      UNION ALL
      ${listingHitsSql(sql, key)}
      ${postcodeHitsSql(sql, search)}
    )
    SELECT kind, id, name, lat, lng, population, town, county, postcode, country_id, country_slug, country_name,
           west, south, east, north, url
    FROM hits
    ORDER BY score DESC, id
    LIMIT ${search.limit}`;
}

/** The candidate places with their score. Keys are computed once per candidate (OFFSET 0 keeps the subquery). */
function placeHitsSql(sql: SqlClient, key: string): PendingQuery<Row[]> {
  return sql`
    SELECT ${placeColumnsSql(sql)},
      greatest(${tierSql(sql, key)}, CASE WHEN p.alt_keys @> ARRAY[${key}::text] THEN ${ALT_NAME_TIER}::float8 ELSE 0 END) + ${placeImportanceSql(sql)} AS score
    FROM (SELECT id FROM found UNION SELECT id FROM place_fuzzy_words UNION SELECT id FROM place_fuzzy_name) c
    JOIN places p ON p.id = c.id
    ${placeJoinsSql(sql)}
    CROSS JOIN LATERAL (SELECT geocode_key(p.name) AS name_key, geocode_key(p.search_name) AS search_key OFFSET 0) k`;
}

function listingHitsSql(sql: SqlClient, key: string): PendingQuery<Row[]> {
  return sql`
    SELECT ${listingColumnsSql(sql)}, ${tierSql(sql, key)} + ${listingImportanceSql(sql)} AS score
    FROM listing_prefix c
    JOIN listings l ON l.id = c.id
    JOIN countries co ON co.id = l.country_id
    CROSS JOIN LATERAL (SELECT title_key AS name_key, title_key AS search_key FROM (SELECT geocode_key(l.title) AS title_key OFFSET 0) t) k`;
}

/** How well the query matches `k.name_key` / `k.search_key`: 5 exact down to under 2 for typos. */
function tierSql(sql: SqlClient, key: string): PendingQuery<Row[]> {
  return sql`(CASE
    WHEN k.name_key = ${key} THEN 5
    WHEN starts_with(k.name_key, ${key} || ' ') OR starts_with(k.search_key, ${key} || ' ') THEN 4.5
    WHEN strpos(' ' || k.search_key || ' ', ' ' || ${key} || ' ') > 0 THEN 4
    WHEN starts_with(k.search_key, ${key}) THEN 3
    WHEN strpos(' ' || k.search_key, ' ' || ${key}) > 0 THEN 2
    ELSE 2 * greatest(similarity(${key}, k.search_key), word_similarity(${key}, k.search_key))
  END)::float8`;
}

/**
 * What a place is worth beside the match: its kind, then its size. A city's weight can lift it over a
 * village one tier up ("Stoke" offers Stoke-on-Trent before the hamlet of Stoke), never two.
 */
function placeImportanceSql(sql: SqlClient): PendingQuery<Row[]> {
  return sql`((CASE p.kind WHEN 'city' THEN 0.8 WHEN 'town' THEN 0.6 WHEN 'road' THEN 0.5 WHEN 'junction' THEN 0.4 ELSE 0.2 END)
    + 0.1 * log(greatest(p.population, 0) + 1))::float8`;
}

function listingImportanceSql(sql: SqlClient): PendingQuery<Row[]> {
  return sql`(0.05 * log(greatest(l.popularity, 0) + 1))::float8`;
}

/**
 * Postcodes that equal or start with the query's postcode form (index places_postcode_key): the code
 * itself first, then the codes it begins, in code order ("CA11", then "CA11 0AA", "CA11 7JQ"). An exact
 * code ranks between a road and a junction of the same name ("M1": the motorway, then Manchester's M1).
 */
function postcodeHitsSql(sql: SqlClient, search: GeocodeSearch): PendingQuery<Row[]> {
  if (search.postcode === null) return sql``;
  const inCountry = inCountrySql(sql, "p", search.country);
  const code = sql`replace(lower(p.postcode), ' ', '')`;
  return sql`
    UNION ALL
    SELECT ${placeColumnsSql(sql)},
      (CASE WHEN ${code} = ${search.postcode} THEN 5 ELSE 3 END + 0.45)::float8 AS score
    FROM (
      (SELECT p.id FROM places p
       WHERE p.postcode IS NOT NULL AND ${code} = ${search.postcode} ${inCountry}
       LIMIT ${CANDIDATES.postcodes})
      UNION
      (SELECT p.id FROM places p
       WHERE p.postcode IS NOT NULL AND ${code} ~>=~ ${search.postcode} AND ${code} ~<~ ${prefixUpperBound(search.postcode)} ${inCountry}
       ORDER BY ${code} USING ~<~
       LIMIT ${CANDIDATES.postcodes})
    ) c
    JOIN places p ON p.id = c.id
    ${placeJoinsSql(sql)}`;
}

/** Only hits in the country with this slug; `alias` is places (p) or listings (l). */
function inCountrySql(sql: SqlClient, alias: "p" | "l", country: string | null): PendingQuery<Row[]> {
  if (country === null) return sql``;
  const countryId = sql`(SELECT id FROM countries WHERE slug = ${country})`;
  return alias === "p" ? sql`AND p.country_id = ${countryId}` : sql`AND l.country_id = ${countryId}`;
}
