import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { addressMatches } from "./address";
import { geocodeKey, postcodeKey, prefixUpperBound, wordPrefixQuery } from "./normalise";
import { type GeocodeRow, toGeocodeResult } from "./result";
import type { GeocodeResult } from "./types";

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
  const [exact, rows] = await Promise.all([addressMatches(sql, query.slice(0, MAX_QUERY_LENGTH), search.country), geocodeQuery(sql, search)]);
  const seen = new Set(exact.map((hit) => `${hit.kind}-${hit.id}`));
  const rest = rows.map(toGeocodeResult).filter((hit) => !seen.has(`${hit.kind}-${hit.id}`));
  return [...exact, ...rest].slice(0, search.limit);
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
 * The geocoding statement, one call of the SQL function geocode_search (migration 0046). Each CTE reads
 * one index for a bounded number of candidates: places_search_key (exact and prefix; a key of one to three
 * letters places_search_key_major, towns, cities, roads and junctions only), places_search_words (word
 * prefixes), listings_title_key (title prefix, in index order, so a common word costs the same with a
 * million listings as with a thousand), places_postcode_key for a key shaped like a postcode and, only
 * when those find no exact name and fewer hits than the limit, places_search_name_trgm for typos (a word
 * of the name at pg_trgm's 0.6, else the whole name at 0.3). Then the few candidates are ranked.
 *
 * The function runs the statement under its generic plan (its own `SET plan_cache_mode`): planning it for
 * the values cost more than running it (decision 0180), and one call is one statement and one round trip,
 * in or out of a caller's transaction (decision 0328).
 */
export function geocodeQuery(sql: SqlClient, search: GeocodeSearch): PendingQuery<GeocodeRow[]> {
  return sql<GeocodeRow[]>`SELECT * FROM ${geocodeSearchCall(sql, search)}`;
}

/** The call of geocode_search for a query, for `geocodeQuery` or beside a name's place choices (decision 0347). */
export function geocodeSearchCall(sql: SqlClient, search: GeocodeSearch): PendingQuery<Row[]> {
  const { key, postcode } = search;
  const short = key.length <= SHORT_KEY_LENGTH;
  return sql`geocode_search(${key}::text, ${search.upperBound}::text, ${search.words}::text, ${postcode}::text,
      ${postcode === null ? null : prefixUpperBound(postcode)}::text, ${search.limit}::int, ${search.country}::text, ${short}::boolean)`;
}
