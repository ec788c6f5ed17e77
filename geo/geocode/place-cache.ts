import { keptAnswers } from "../kept-answers";

// A search for a place typed as text ("London", "Leeds") asks the gazetteer for the same point on every
// page, sort, filter and map of that search, and many visitors type the same towns. Working it out
// took three round trips and a few milliseconds of the database's CPU a search, two for a route
// (decision 0198). A process keeps the places it found for a short while.

/** Seconds a place found for a text is kept by default. */
export const PLACE_CACHE_SECONDS = 60;
/** Texts kept at once per pool, least recently used out first. */
export const PLACE_CACHE_ENTRIES = 2_000;

export interface PlaceCacheOptions {
  /** How long a place is kept; 0 asks the gazetteer every time. */
  seconds?: number;
  maxEntries?: number;
  /** The clock (tests). */
  now?: () => number;
}

/**
 * A place found for a text, kept: `cache(text)` is `resolve(text)`'s answer, or `cache(text, find)` the
 * answer of another way of finding the same place (a request's lookup, decision 0358), kept per text.
 * `has(text)`: whether an answer is kept for it.
 */
export type PlaceCache<T> = ((text: string, find?: () => Promise<T | null>) => Promise<T | null>) & { has(text: string): boolean };

/**
 * `resolve` with its answers kept per text for `seconds`, up to `maxEntries` texts. Requests for a text
 * already being looked up wait for that one answer. "Not found" and failures are not kept, so a place
 * or listing added since is found on the next search.
 */
export function createPlaceCache<T extends object>(
  resolve: (text: string) => Promise<T | null>,
  { seconds = PLACE_CACHE_SECONDS, maxEntries = PLACE_CACHE_ENTRIES, now = Date.now }: PlaceCacheOptions = {},
): PlaceCache<T> {
  const kept = keptAnswers<T | null>({ seconds, budget: maxEntries, keep: (place) => place !== null, now });
  return Object.assign(
    (text: string, find = () => resolve(text)) => kept(text.trim(), () => find().then((place) => (place ? Object.freeze(place) : null))),
    { has: (text: string) => kept.has(text.trim()) },
  );
}
