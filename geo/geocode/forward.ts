import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { addressMatches } from "./address";
import { geocodeKey, postcodeKey, prefixUpperBound, wordPrefixQuery } from "./normalise";
import { type GeocodeRow, placeColumnsSql, placeJoinsSql, toGeocodeResult } from "./result";
import type { GeocodeResult } from "./types";
import { live } from "../listing";

export const DEFAULT_GEOCODE_LIMIT = 5;
export const MAX_GEOCODE_LIMIT = 10;
/** Longest query text the geocoder accepts. */
export const MAX_QUERY_LENGTH = 100;

export interface GeocodeOptions {
  /** 1 to 10; default 5. */
  limit?: number;
  /** A country slug (united-kingdom, france): only hits in that country. */
  country?: string;
}

/** A query as the geocoding statement takes it: its normal forms and the options. */
export interface GeocodeSearch {
  key: string;
  upperBound: string;
  words: string;
  postcode: string | null;
  limit: number;
  country: string | null;
}

// Candidates each index branch contributes before ranking; ranking then computes keys for at most ~200 rows.
const CANDIDATES = { exact: 20, prefix: 40, words: 40, fuzzy: 20, listings: 20, postcodes: 10 } as const;
/** Keys this short match places by prefix only: word, listing and typo matches of one to three letters are noise. */
const SHORT_KEY_LENGTH = 3;

/**
 * Autocomplete and place search over the gazetteer (towns, roads, junctions, postcodes) and live
 * listings' titles. Best first: exact name, then the query as the name's first words, as whole words
 * anywhere, as a prefix, as a word prefix, then typo-tolerant trigram matches; within that, by kind
 * (city, town, road, junction, village, listing) and population (docs/decisions/0007).
 */
export async function geocode(sql: SqlClient, query: string, options: GeocodeOptions = {}): Promise<GeocodeResult[]> {
  const search = prepareSearch(query, options);
  if (!search) return [];
  // One of the geocoder's own addresses sent back (a chosen suggestion) finds that entry first.
  const [exact, rows] = await Promise.all([addressMatches(sql, query.slice(0, MAX_QUERY_LENGTH), search.country), withGenericPlan(sql, (client) => geocodeQuery(client, search))]);
  const seen = new Set(exact.map((hit) => `${hit.kind}-${hit.id}`));
  const rest = rows.map(toGeocodeResult).filter((hit) => !seen.has(`${hit.kind}-${hit.id}`));
  return [...exact, ...rest].slice(0, search.limit);
}

/**
 * Runs the geocoding statement under its generic plan. With parameters as constants, planning it cost
 * more than running it (its pg_trgm, text-search and prefix-range estimates); the generic plan, made
 * once per connection, gives the same rows sooner (decision 0180). Inside
 * a caller's transaction (the importer) the statement runs as it is: SET LOCAL would outlive it there.
 */
export async function withGenericPlan<T extends readonly object[]>(sql: SqlClient, statement: (client: SqlClient) => PendingQuery<T>): Promise<T> {
  if (!("begin" in sql)) return statement(sql);
  const [, rows] = await sql.begin((tx) => [tx`SET LOCAL plan_cache_mode = force_generic_plan`, statement(tx)] as const);
  return rows;
}

/** The query's normal forms, or null when nothing searchable is left ("--", "!"). */
export function prepareSearch(query: string, options: GeocodeOptions = {}): GeocodeSearch | null {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  const key = geocodeKey(text);
  if (key === "") return null;
  return {
    key,
    upperBound: prefixUpperBound(key),
    words: wordPrefixQuery(key),
    postcode: postcodeKey(text),
    limit: clampLimit(options.limit),
    country: options.country ?? null,
  };
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_GEOCODE_LIMIT;
  return Math.min(MAX_GEOCODE_LIMIT, Math.max(1, Math.trunc(limit)));
}

/**
 * One statement. Each CTE reads one index for a bounded number of candidates: places_search_key (exact
 * and prefix), places_search_words (word prefixes), listings_title_key (title prefix, in index order,
 * so a common word costs the same with a million listings as with a thousand) and, only when those
 * find no exact name and fewer hits than the limit, places_search_name_trgm for typos (a word of the
 * name at pg_trgm's 0.6, else the whole name at 0.3). Then the few candidates are ranked.
 */
export function geocodeQuery(sql: SqlClient, search: GeocodeSearch): PendingQuery<GeocodeRow[]> {
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

/**
 * An exact match on another name the place is known by ranks just under an exact match on its name, so
 * the better known place wins ("Newcastle": Newcastle upon Tyne, 300,000, over Newcastle, County Down, 7,444).
 */
export const ALT_NAME_TIER = 4.9;

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
export function placeImportanceSql(sql: SqlClient): PendingQuery<Row[]> {
  return sql`((CASE p.kind WHEN 'city' THEN 0.8 WHEN 'town' THEN 0.6 WHEN 'road' THEN 0.5 WHEN 'junction' THEN 0.4 ELSE 0.2 END)
    + 0.1 * log(greatest(p.population, 0) + 1))::float8`;
}

function listingImportanceSql(sql: SqlClient): PendingQuery<Row[]> {
  return sql`(0.05 * log(greatest(l.popularity, 0) + 1))::float8`;
}

function listingColumnsSql(sql: SqlClient): PendingQuery<Row[]> {
  return sql`
    'listing'::text AS kind, l.id, l.title AS name,
    ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng,
    0 AS population, nullif(l.town, '') AS town, nullif(l.county, '') AS county, nullif(l.postcode, '') AS postcode,
    l.country_id, co.slug AS country_slug, co.name AS country_name,
    NULL::float8 AS west, NULL::float8 AS south, NULL::float8 AS east, NULL::float8 AS north,
    listing_url(l.walk_type, l.slug) AS url`;
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
