// What every kind of search shares: the filters it starts from and the spec's search response it ends
// with (the page's listings, roads, junctions, pagination). Each kind is its own module beside this one:
// browse.ts, road.ts, location.ts, route.ts (docs/decisions/0306-search-by-kind.md).
import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import type { PlaceLookups } from "../geocode";
import { type Listing, type ListingCard, type ListingCardRow, type ListingRow, cardSummary, listingCardsById, listingsById, locationSummary, toListing } from "../listing";
import { metresToMiles, round } from "../units";
import { DEFAULT_SORT, type SearchFilters, type SearchType, type Sort, isBusinessOnly } from "./filters";
import { roadsAndJunctionsOf } from "./hydrate";
import { type AssembledPage, listingFilterSql } from "./query";
import type { CardResult, JunctionSummary, ListingRead, RoadSummary, SearchArea, SearchResponse, SearchResponseOf, SearchResult } from "./types";

type Fragment = PendingQuery<Row[]>;

export interface SearchOptions<R extends ListingRead = ListingRead> {
  /** A listing left out (a listing page's nearby places). */
  exclude?: number;
  /** The signed-in member whose favourites each result's `location.isFavourite` says (none: false). */
  viewerId?: number | null;
  /**
   * "card": the page's listings read as their result cards show them (decision 0341), for the results
   * pages; each result's location is a CardLocation. The JSON API reads the whole Location (the default).
   */
  read?: R;
  /**
   * The request's place lookups on this pool (geo/geocode placeLookups, decision 0347): a page that asks for a
   * typed place's choices after the search finds them with its place. Without them, resolvePlace.
   */
  places?: PlaceLookups;
  /**
   * A route results list's first page by hour (decision 0245): given, searchRoute's response has
   * `driveHours`, the listings at each hour of the drive for the default list (page 1, from the start, by
   * distance along) of a drive of at least `fromSeconds`, read with the drive's stops (decision 0356);
   * otherwise null.
   */
  byHour?: { fromSeconds: number };
}

/** What a kind of search adds to the response besides its page. */
export interface SearchContext {
  road: RoadSummary | null;
  area: SearchArea | null;
  point: SearchResponse["point"];
  route: SearchResponse["route"];
  junctions: JunctionSummary[];
  normalPoints: SearchResponse["normalPoints"];
  distance: number | null;
}

export interface SearchStart {
  searchType: SearchType;
  sort: Sort;
  paging: { sort: Sort; page: number; limit: number; includeMapPoints: boolean; viewerId: number | null; read: ListingRead };
  /** The listing filters, on listings `l`. */
  where: Fragment;
  context: SearchContext;
}

/** The sort, paging and listing filters of a search of `searchType`, and an empty context. */
export function startSearch(sql: SqlClient, searchType: SearchType, filters: SearchFilters, options: SearchOptions): SearchStart {
  const sort = filters.sort ?? DEFAULT_SORT[searchType];
  return {
    searchType,
    sort,
    paging: { sort, page: filters.page, limit: filters.limit, includeMapPoints: filters.includeMapPoints, viewerId: options.viewerId ?? null, read: options.read ?? "full" },
    where: listingFilterSql(sql, filters, options.exclude),
    context: { road: null, area: null, point: null, route: null, junctions: [], normalPoints: [], distance: null },
  };
}


/** A page's listings by id, as a search reads them: whole (the JSON API) or as their cards show them. */
export type PageListings = Map<number, Listing> | Map<number, ListingCard>;

/** The page's listings by id, read as `options.read` says (a route's page measured in the app reads them apart). */
export function readPageListings(sql: SqlClient, ids: number[], options: Pick<SearchOptions, "read" | "viewerId">): Promise<PageListings> {
  return options.read === "card" ? listingCardsById(sql, ids) : listingsById(sql, ids, options.viewerId ?? null);
}

/**
 * The spec's search response for a page of results, its listings read as `options.read` says: read with
 * the page, already read (`listed`: a route's page, as soon as it was certain), or here.
 */
export async function searchResponse<R extends ListingRead>(sql: SqlClient, filters: SearchFilters, start: SearchStart, page: AssembledPage & { listed?: PageListings }, options: SearchOptions<R>): Promise<SearchResponseOf<R>> {
  const { searchType, sort, context: base } = start;
  const card = options.read === "card";
  // The page's listings with their galleries, roads and junctions: read with the page, or (a route's
  // page, measured in the app) in one more statement, beside the walk's counting when it can be (decision 0357).
  const listings: PageListings = page.listings
    ? card
      ? new Map((page.listings as ListingCardRow[]).map((row) => [row.id, toListing(row)]))
      : new Map((page.listings as ListingRow[]).map((row) => [row.id, toListing(row)]))
    : (page.listed ?? (await readPageListings(sql, page.rows.map((r) => r.id), options)));
  const seen = roadsAndJunctionsOf(listings.values());
  const junctionById = new Map((base.junctions.length ? base.junctions : seen.junctions).map((j) => [j.id, j]));

  const results: (SearchResult | CardResult)[] = [];
  for (const row of page.rows) {
    const listing = listings.get(row.id);
    if (!listing) continue;
    results.push({
      distance: row.distance_m === null ? null : round(metresToMiles(row.distance_m), 3),
      distanceIn: row.distance_in_m === null ? null : round(metresToMiles(row.distance_in_m), 3),
      durationIn: row.duration_in_s === null ? null : Math.round(row.duration_in_s),
      location: card ? cardSummary(listing) : locationSummary(listing as Listing),
      road: listing.road,
      junction: row.junction_id === null ? null : (junctionById.get(row.junction_id) ?? null),
      referencePoint: row.ref_lat === null || row.ref_lng === null ? null : { lat: round(row.ref_lat, 6), lng: round(row.ref_lng, 6) },
      url: listing.url,
    });
  }

  return {
    results,
    pagination: {
      page: filters.page,
      limit: filters.limit,
      total: page.total,
      totalPages: Math.max(1, Math.ceil(page.total / filters.limit)),
      totalIsCapped: page.totalIsCapped,
    },
    query: { ...filters, searchType, sort, distance: base.distance, businessOnly: isBusinessOnly(filters) },
    road: base.road,
    area: base.area,
    point: base.point,
    route: base.route,
    motorways: base.road ? [base.road] : seen.roads,
    junctions: base.junctions.length ? base.junctions : [...junctionById.values()],
    normalPoints: base.normalPoints,
    mapPoints: page.mapPoints,
  } as SearchResponseOf<R>;
}
