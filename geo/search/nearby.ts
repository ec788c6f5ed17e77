import type { SqlClient } from "../../db/client";
import type { RoutingEngine } from "../routing/port";
import { NEARBY_DISTANCE_MILES, NEARBY_FALLBACK_MILES, NEARBY_LIMIT, type SearchFilters } from "./filters";
import { parseFilters, search } from "./index";
import type { SearchResult } from "./types";

export interface NearbyPlaces {
  /** "same-type": up to three of the listing's type within 0.3 miles (spec §7); "any-type": none were, so the nearest of any type. */
  kind: "same-type" | "any-type";
  results: SearchResult[];
}

/**
 * The filters of a search around a point, by distance and types. They are parsed with the shared
 * schema once per distance and types (a parse costs as much as a good share of a listing page's queries)
 * and copied with the listing's point: the schema only trims a location, which "lat,lng" never needs.
 */
const templates = new Map<string, Readonly<SearchFilters>>();
function filtersAround(lat: number, lng: number, miles: number, types: number[]): SearchFilters {
  const key = `${miles}:${types.join(",")}`;
  let template = templates.get(key);
  if (!template) {
    template = Object.freeze(parseFilters({ searchType: "location", location: "0,0", distance: miles, types, sort: "distance_away", direct: true, limit: NEARBY_LIMIT }));
    templates.set(key, template);
  }
  return { ...template, location: `${lat},${lng}` };
}

/** A location search around the listing (itself left out), nearest first. */
function around(sql: SqlClient, engine: RoutingEngine, listing: { id: number; lat: number; lng: number }, miles: number, types: number[]) {
  return search(sql, engine, filtersAround(listing.lat, listing.lng, miles, types), { exclude: listing.id });
}

/**
 * A listing page's nearby places: the same type within 0.3 miles; when there is none, the nearest
 * places of any type within NEARBY_FALLBACK_MILES (docs/decisions/0135), so the page still offers somewhere to go.
 */
export async function nearbyPlaces(sql: SqlClient, engine: RoutingEngine, listing: { id: number; lat: number; lng: number; typeId: number }): Promise<NearbyPlaces> {
  const same = await around(sql, engine, listing, NEARBY_DISTANCE_MILES, [listing.typeId]);
  if (same.results.length > 0) return { kind: "same-type", results: same.results };
  const any = await around(sql, engine, listing, NEARBY_FALLBACK_MILES, []);
  return { kind: "any-type", results: any.results };
}
