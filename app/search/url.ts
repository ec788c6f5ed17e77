import {
  ALLOWED_SORTS,
  DEFAULT_DISTANCE_MILES,
  DEFAULT_LIMIT,
  DEFAULT_SORT,
  SORTS,
  filtersFromSearchParams,
  type SearchFilters,
  type SearchType,
  type Sort,
} from "../../geo/search/filters";
import { isJunctionSlug, junctionSlug } from "../../geo/junction-numbers";
import { CURRENT_LOCATION_LABEL } from "./constants";
import { isSegmentName, segmentFilters, segmentFor, type SegmentName } from "./segments";

/**
 * The search URL scheme (spec §2): /{browse|location|route}[/{segment}], /browse/road/{country}/{road-slug}[/{segment}],
 * the same under /map, and /search-results and /map-search-results with the type in the query. Filters
 * go in the query string with bracket arrays; defaults and page 1 are left out, so one search has one URL.
 */

export const PAGE_SEARCH_TYPES = ["browse", "location", "route"] as const;
export type PageSearchType = (typeof PAGE_SEARCH_TYPES)[number];
export type ResultsView = "list" | "map";

export interface RoadRef {
  country: string;
  slug: string;
}

export interface SearchPath {
  view: ResultsView;
  /** The type the path names; null for /search-results and /map-search-results. */
  searchType: PageSearchType | null;
  road: RoadRef | null;
  /** A junction of the road (/browse/road/{country}/{road}/junction-{number}); null for the whole road. */
  junction: string | null;
  segment: SegmentName | null;
}

/** The place fields of a search form (usePlaceFields), their chosen suggestions and the current location. */
export interface PlaceState {
  from: string;
  to: string;
  location: string;
  /** 'lat,lng' of the visitor's current location. */
  geoLocation: string;
  /** The chosen suggestion of each place field (a place reference such as "p123"); "" when the text was typed. */
  fromId: string;
  toId: string;
  locationId: string;
}

/** What to look for: listing types, walk and business filters, facilities (the filter panels and the motorway pickers). */
export interface TypeFilterState {
  types: number[];
  facilities: number[];
  allWalks: boolean;
  pubWalks: boolean;
  beachWalks: boolean;
  /** Member businesses that are accommodation or dog services only. */
  accommodation: boolean;
  dogServices: boolean;
}

/** The type filters of a state, parsed filters or a form's values, and nothing else. */
export function typeFiltersOf(source: TypeFilterState): TypeFilterState {
  const { types, facilities, allWalks, pubWalks, beachWalks, accommodation, dogServices } = source;
  return { types, facilities, allWalks, pubWalks, beachWalks, accommodation, dogServices };
}

/** Everything a search page's form and URL hold. */
export interface SearchState extends PlaceState, TypeFilterState {
  searchType: PageSearchType;
  /** Browse by road when set (browse only). */
  road: RoadRef | null;
  /** One junction of the road as its slug ("40", "23a", "t1", "6.1"); "" for the whole road. */
  junction: string;
  /** Country slug for browsing without a road; "" for both countries. */
  country: string;
  /** null: the search type's default. */
  sort: Sort | null;
  /** Miles; null: the search type's default. */
  distance: number | null;
  page: number;
  limit: number;
  /** Route searches: hours into the drive the results start from; null: the start. */
  startHours: number | null;
}

const SLUG = /^[a-z0-9_-]+$/;
/** The path segment of one junction of a road: junction-40, junction-23a, junction-t1, junction-6.1. */
export const JUNCTION_PREFIX = "junction-";

/** The results page of one junction of a road (the junction badge's link). */
export function junctionHref(road: RoadRef, junctionNumber: string): string {
  return `/browse/road/${road.country}/${road.slug}/${JUNCTION_PREFIX}${junctionSlug(junctionNumber)}`;
}

function isPageSearchType(value: string | undefined): value is PageSearchType {
  return PAGE_SEARCH_TYPES.some((type) => type === value);
}

function decodeSegments(pathname: string): string[] | null {
  try {
    return pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** Reads a search page's path; null when it is not one (an unknown segment, a malformed road), which is a 404. */
export function parseSearchPath(pathname: string): SearchPath | null {
  const parts = decodeSegments(pathname);
  if (!parts || parts.length === 0) return null;
  let view: ResultsView = "list";
  let searchType: PageSearchType | null = null;
  let rest: string[];
  if (parts[0] === "search-results" || parts[0] === "map-search-results") {
    view = parts[0] === "map-search-results" ? "map" : "list";
    rest = parts.slice(1);
  } else {
    const typed = parts[0] === "map" ? parts.slice(1) : parts;
    view = parts[0] === "map" ? "map" : "list";
    if (!isPageSearchType(typed[0])) return null;
    searchType = typed[0];
    rest = typed.slice(1);
  }
  let road: RoadRef | null = null;
  let junction: string | null = null;
  if (searchType === "browse" && rest[0] === "road") {
    const [, country, slug] = rest;
    if (!country || !slug || !SLUG.test(country) || !SLUG.test(slug)) return null;
    road = { country, slug };
    rest = rest.slice(3);
    // "junction-T1" as typed or linked from elsewhere: read in lower case; the canonical URL says "junction-t1".
    const number = rest[0]?.startsWith(JUNCTION_PREFIX) ? rest[0].slice(JUNCTION_PREFIX.length).toLowerCase() : null;
    if (number !== null) {
      if (!isJunctionSlug(number)) return null;
      junction = number;
      rest = rest.slice(1);
    }
  }
  if (rest.length > 1) return null;
  if (rest.length === 1 && !isSegmentName(rest[0])) return null;
  const segment = rest.length === 1 && isSegmentName(rest[0]) ? rest[0] : null;
  return { view, searchType, road, junction, segment };
}

const TYPE_KEYS = ["types", "allWalks", "pubWalks", "beachWalks", "accommodation", "dogServices"] as const;
/** Names the pages never take from a URL: they are the API's. */
const API_ONLY = ["includeMapPoints", "depth", "direct"];

/** A query-string flag as the schema reads it. */
export function truthy(value: unknown): boolean {
  return value === true || value === "true" || value === "1" || value === "on";
}

/**
 * The raw filters of a search page: the query string over what the path says. The segment stands
 * for the type filters only when the query names none. Two harmless slips fall back to defaults
 * instead of failing: a sort that the search type does not offer, and allWalks ticked together with
 * a narrower walk filter (the narrower one wins, as ticking it in the form would).
 */
export function rawFiltersFromUrl(path: SearchPath, params: URLSearchParams): Record<string, unknown> {
  const raw = filtersFromSearchParams(params);
  for (const key of API_ONLY) delete raw[key];
  raw.searchType ??= path.searchType ?? "browse";
  if (path.road && raw.roadSlug === undefined && raw.road === undefined) {
    raw.roadSlug = path.road.slug;
    raw.roadCountry = path.road.country;
    if (path.junction && raw.junction === undefined) raw.junction = path.junction;
  }
  if (path.segment && TYPE_KEYS.every((key) => raw[key] === undefined)) Object.assign(raw, segmentFilters(path.segment));
  if (truthy(raw.allWalks) && (truthy(raw.pubWalks) || truthy(raw.beachWalks))) delete raw.allWalks;
  const type = typeof raw.searchType === "string" ? raw.searchType : "";
  const effective = type === "browse" && (raw.roadSlug || raw.road) ? "road" : type;
  // Browsing with a road is the engine's road search, whose sorts (junction order) the schema checks.
  if (effective === "road") raw.searchType = "road";
  const sort = raw.sort;
  if (isSearchType(effective) && SORTS.some((s) => s === sort) && !ALLOWED_SORTS[effective].some((s) => s === sort)) delete raw.sort;
  return raw;
}

function isSearchType(value: string): value is SearchType {
  return value === "road" || isPageSearchType(value);
}

/** The form and URL state of parsed filters. */
export function stateFromFilters(f: SearchFilters): SearchState {
  const road = (f.searchType === "browse" || f.searchType === "road") && f.roadSlug ? { slug: f.roadSlug, country: f.roadCountry ?? f.country ?? "" } : null;
  const searchType: PageSearchType = f.searchType === "road" ? "browse" : f.searchType;
  return {
    searchType,
    road: road && road.country ? road : null,
    junction: road && road.country ? (f.junction ?? "") : "",
    country: searchType === "browse" && !road ? (f.country ?? "") : "",
    from: f.from ?? "",
    to: f.to ?? "",
    location: f.location ?? "",
    geoLocation: f.geoLocation ?? "",
    fromId: f.fromId ?? "",
    toId: f.toId ?? "",
    locationId: f.locationId ?? "",
    ...typeFiltersOf(f),
    sort: f.sort ?? null,
    distance: f.distance ?? null,
    page: f.page,
    limit: f.limit,
    startHours: f.searchType === "route" && f.startHours ? f.startHours : null,
  };
}

/** The engine's search type for a state: browsing with a road is browse by road. */
export function effectiveSearchType(state: Pick<SearchState, "searchType" | "road">): SearchType {
  return state.searchType === "browse" && state.road ? "road" : state.searchType;
}

export function defaultSort(state: Pick<SearchState, "searchType" | "road">): Sort {
  return DEFAULT_SORT[effectiveSearchType(state)];
}

/** Whether the state's coordinates belong to what the visitor asked for (a place field says 'Your current location'). */
function usesGeoLocation(state: SearchState): boolean {
  if (!state.geoLocation) return false;
  if (state.searchType === "location") return state.location === "" || state.location === CURRENT_LOCATION_LABEL;
  if (state.searchType === "route") return state.from === CURRENT_LOCATION_LABEL || state.to === CURRENT_LOCATION_LABEL;
  return false;
}

/** The query pairs of a state, defaults left out; `withTypes` false when the path's segment says them. */
function queryPairs(state: SearchState, withTypes: boolean): [string, string][] {
  const pairs: [string, string][] = [];
  if (state.searchType === "route") {
    if (state.from) pairs.push(["from", state.from]);
    if (state.from && state.fromId) pairs.push(["from-id", state.fromId]);
    if (state.to) pairs.push(["to", state.to]);
    if (state.to && state.toId) pairs.push(["to-id", state.toId]);
  }
  if (state.searchType === "location" && state.location) pairs.push(["location", state.location]);
  if (state.searchType === "location" && state.location && state.locationId) pairs.push(["location-id", state.locationId]);
  if (usesGeoLocation(state)) pairs.push(["geo-location", state.geoLocation]);
  if (state.searchType === "browse" && !state.road && state.country) pairs.push(["country", state.country]);
  if (withTypes) {
    for (const type of state.types) pairs.push(["types[]", String(type)]);
    if (state.allWalks) pairs.push(["allWalks", "true"]);
    if (state.pubWalks) pairs.push(["pubWalks", "true"]);
    if (state.beachWalks) pairs.push(["beachWalks", "true"]);
    if (state.accommodation) pairs.push(["accommodation", "true"]);
    if (state.dogServices) pairs.push(["dogServices", "true"]);
  }
  for (const facility of state.facilities) pairs.push(["facilities[]", String(facility)]);
  if (state.sort && state.sort !== defaultSort(state)) pairs.push(["sort", state.sort]);
  const distance = canonicalDistance(state);
  if (distance !== null) pairs.push(["distance", String(distance)]);
  if (state.searchType === "route" && state.startHours) pairs.push(["start-hours", String(state.startHours)]);
  if (state.limit !== DEFAULT_LIMIT) pairs.push(["limit", String(state.limit)]);
  if (state.page > 1) pairs.push(["page", String(state.page)]);
  return pairs;
}

/** Distance in the URL: location and route leave out the 5-mile default; browse by road keeps a set limit; browse has none. */
function canonicalDistance(state: SearchState): number | null {
  if (state.distance === null) return null;
  if (state.searchType === "browse") return state.road ? state.distance : null;
  return state.distance === DEFAULT_DISTANCE_MILES ? null : state.distance;
}

/** Bracket arrays stay readable ("types[]=1"); values are percent-encoded. */
export function encodeQuery(pairs: [string, string][]): string {
  return pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
}

/** The one URL of a search: its path (with a segment when one says the type filters) and the query. */
export function searchHref(state: SearchState, view: ResultsView = "list"): string {
  const segment = segmentFor(state);
  const road = state.searchType === "browse" && state.road ? `/road/${state.road.country}/${state.road.slug}${state.junction ? `/${JUNCTION_PREFIX}${state.junction}` : ""}` : "";
  const path = `${view === "map" ? "/map" : ""}/${state.searchType}${road}${segment ? `/${segment}` : ""}`;
  const query = encodeQuery(queryPairs(state, segment === null));
  return query ? `${path}?${query}` : path;
}

/** Spec §9: the depth the pages ask the search API for. */
const SEARCH_DEPTH = 11;

/** The JSON API's URL for the same search (live updates and the map modal). */
export function apiSearchHref(state: SearchState, options: { includeMapPoints?: boolean } = {}): string {
  const pairs = queryPairs(state, true);
  if (state.searchType === "browse" && state.road) {
    pairs.unshift(["road-slug", state.road.slug], ["road-country", state.road.country], ...(state.junction ? [["junction", state.junction] as [string, string]] : []));
  }
  if (options.includeMapPoints) pairs.push(["includeMapPoints", "true"]);
  pairs.push(["depth", String(SEARCH_DEPTH)]);
  return `/api/locations/search/${effectiveSearchType(state)}?${encodeQuery(pairs)}`;
}

/** A state with some fields changed; any change but the page goes back to page 1. */
export function withChanges(state: SearchState, changes: Partial<SearchState>): SearchState {
  return { ...state, page: 1, ...changes };
}

/** The state of a fresh search of one type. */
export function emptyState(searchType: PageSearchType): SearchState {
  return {
    searchType,
    road: null,
    junction: "",
    country: "",
    from: "",
    to: "",
    location: "",
    geoLocation: "",
    fromId: "",
    toId: "",
    locationId: "",
    types: [],
    facilities: [],
    allWalks: false,
    pubWalks: false,
    beachWalks: false,
    accommodation: false,
    dogServices: false,
    sort: null,
    distance: null,
    page: 1,
    limit: DEFAULT_LIMIT,
    startHours: null,
  };
}
