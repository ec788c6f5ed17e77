// Loaded on demand by validate.ts (it pulls in zod): see there.
import { searchFiltersSchema } from "../../geo/search/filters-schema";
import { effectiveSearchType, typeFiltersOf, type SearchState } from "./url";
import { fieldErrorsOf } from "../../core/errors";

/** The schema's input for a form state (the engine's names, not the query string's). */
export function filtersInput(state: SearchState): Record<string, unknown> {
  return {
    searchType: effectiveSearchType(state),
    from: state.searchType === "route" ? state.from : undefined,
    to: state.searchType === "route" ? state.to : undefined,
    location: state.searchType === "location" ? state.location : undefined,
    geoLocation: state.geoLocation || undefined,
    fromId: state.searchType === "route" ? state.fromId : undefined,
    toId: state.searchType === "route" ? state.toId : undefined,
    locationId: state.searchType === "location" ? state.locationId : undefined,
    roadSlug: state.road?.slug,
    roadCountry: state.road?.country,
    junction: state.road ? state.junction : undefined,
    country: state.country || undefined,
    ...typeFiltersOf(state),
    sort: state.sort ?? undefined,
    distance: state.distance ?? undefined,
    page: state.page,
    limit: state.limit,
  };
}

/**
 * Checks a search before it runs with the same zod schema as the server (spec §5); inputs of the other
 * search types are not sent, so they never fail. Field name → message; empty when valid.
 */
export function validateSearch(state: SearchState): Record<string, string> {
  const result = searchFiltersSchema.safeParse(filtersInput(state));
  if (result.success) return {};
  return fieldErrorsOf(result.error.issues);
}
