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
 * `resolve` with its answers kept per text for `seconds`, up to `maxEntries` texts. Requests for a text
 * already being looked up wait for that one answer. "Not found" and failures are not kept, so a place
 * or listing added since is found on the next search.
 */
export function createPlaceCache<T extends object>(
  resolve: (text: string) => Promise<T | null>,
  { seconds = PLACE_CACHE_SECONDS, maxEntries = PLACE_CACHE_ENTRIES, now = Date.now }: PlaceCacheOptions = {},
): (text: string) => Promise<T | null> {
  if (seconds <= 0) return resolve;
  const kept = keptAnswers<T | null>({ seconds, budget: maxEntries, keep: (place) => place !== null, now });
  return (text) => kept(text.trim(), () => resolve(text).then((place) => (place ? Object.freeze(place) : null)));
}
