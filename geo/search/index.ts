// Search, by kind: each kind is its own module (browse.ts, road.ts, location.ts, route.ts); the results
// pages' route modules call theirs directly. `search` picks one from the filters, for the JSON API
// (/api/locations/search/{type}), the map pages and the /search-results entry (decision 0306).
import type { SqlClient } from "../../db/client";
import type { RoutingEngine } from "../routing/port";
import { searchBrowse } from "./browse";
import type { SearchFilters } from "./filters";
import { searchFiltersSchema } from "./filters-schema";
import { searchLocation } from "./location";
import type { SearchOptions } from "./response";
import { searchRoad } from "./road";
import { searchRoute } from "./route";
import type { ListingRead, SearchResponseOf } from "./types";

/** Parses raw filters (query string or JSON) with the shared schema; throws ZodError for bad input. */
export function parseFilters(raw: unknown): SearchFilters {
  return searchFiltersSchema.parse(raw);
}

/** One kind of search: every kind takes the same arguments and answers the spec's search response (with its listings read as `options.read` says). */
export type SearchByKind = <R extends ListingRead = "full">(sql: SqlClient, engine: RoutingEngine, filters: SearchFilters, options?: SearchOptions<R>) => Promise<SearchResponseOf<R>>;

/**
 * Runs one search of the kind the filters say: browse, browse by road, location or route corridor.
 * `viewerId` is the signed-in member whose favourites each result's `location.isFavourite` says (none: false).
 */
export function search<R extends ListingRead = "full">(sql: SqlClient, engine: RoutingEngine, filters: SearchFilters, options: SearchOptions<R> = {}): Promise<SearchResponseOf<R>> {
  const byKind: SearchByKind = filters.searchType === "location" ? searchLocation : filters.searchType === "route" ? searchRoute : filters.searchType === "road" ? searchRoad : searchBrowse;
  return byKind(sql, engine, filters, options);
}
