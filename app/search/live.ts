import type { SearchResponse } from "../../geo/search/types";
import { GEO_LOCATION_MISSING } from "./constants";
import type { SearchFailure, SearchOutcome } from "./results.types";
import { apiSearchHref, type SearchState } from "./url";
import { resultsData } from "./view-model";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The shape checks the pages rely on; the API is ours, so this guards against a proxy's error page, not against the schema. */
export function isSearchResponse(value: unknown): value is SearchResponse {
  return isRecord(value) && Array.isArray(value.results) && isRecord(value.pagination) && isRecord(value.query) && Array.isArray(value.mapPoints);
}

/** The API's error body ({ message, fieldErrors, code }) as the pages show it. */
export function failureFrom(value: unknown, status: number): SearchFailure {
  const body = isRecord(value) ? value : {};
  const fieldErrors: Record<string, string> = {};
  if (isRecord(body.fieldErrors)) for (const [key, message] of Object.entries(body.fieldErrors)) if (typeof message === "string") fieldErrors[key] = message;
  return {
    message: typeof body.message === "string" ? body.message : `Sorry, the search failed (${status}). Please try again.`,
    fieldErrors,
    code: typeof body.code === "string" ? body.code : null,
    fix: null,
  };
}

export type SearchAnswer = { response: SearchResponse } | { error: SearchFailure };

/** One call of the JSON search API: the response, or the failure it reports. Throws only when aborted or offline. */
export async function fetchSearch(href: string, signal: AbortSignal): Promise<SearchAnswer> {
  const answer = await fetch(href, { signal, headers: { Accept: "application/json" } });
  const body: unknown = await answer.json().catch(() => null);
  if (answer.ok && isSearchResponse(body)) return { response: body };
  return { error: failureFrom(body, answer.status) };
}

export interface LiveSearchDeps {
  fetchSearch: (href: string, signal: AbortSignal) => Promise<SearchAnswer>;
  /** The browser's position as 'lat,lng', or null when it cannot be had. */
  position: () => Promise<string | null>;
}

/**
 * Runs a search through the API; when the server says the geo-location is missing (a current-location
 * search without coordinates), asks for the position and retries once (spec §4).
 */
export async function searchWithRetry(state: SearchState, deps: LiveSearchDeps, signal: AbortSignal): Promise<{ state: SearchState; outcome: SearchOutcome }> {
  let searched = state;
  let answer = await deps.fetchSearch(apiSearchHref(searched), signal);
  if ("error" in answer && answer.error.code === GEO_LOCATION_MISSING) {
    const geoLocation = await deps.position();
    if (geoLocation && !signal.aborted) {
      searched = { ...state, geoLocation };
      answer = await deps.fetchSearch(apiSearchHref(searched), signal);
    }
  }
  return { state: searched, outcome: "error" in answer ? { kind: "error", error: answer.error } : { kind: "results", results: resultsData(answer.response) } };
}
