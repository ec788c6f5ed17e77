// The search filters' values: types, sorts, limits and caps. Plain constants with no imports, so that
// the zod schema (filters-schema.ts) and the helpers that read its types (filters.ts) both import them
// without importing each other.

/** The spec's search types. "road" is browse-by-road under its own name. */
export const SEARCH_TYPES = ["browse", "location", "route", "road"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SORTS = ["popularity", "distance_away", "distance_in", "junction", "name"] as const;
export type Sort = (typeof SORTS)[number];

export const LISTING_TYPE_IDS = [1, 2, 3, 4, 5] as const;

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** Miles: the default radius when a place has no area, and the default route corridor. */
export const DEFAULT_DISTANCE_MILES = 5;
export const MAX_DISTANCE_MILES = 100;
/** Miles for the nearby listings of a listing page. */
export const NEARBY_DISTANCE_MILES = 0.3;
export const NEARBY_LIMIT = 3;
/** Miles: with nothing of the same type within 0.3 miles, how far a listing page looks for places of any type. */
export const NEARBY_FALLBACK_MILES = 5;
/** Counting stops here: the spec shows totals above 1000 as "over N,000". */
export const COUNT_CAP = 10_000;
/**
 * A location search counts up to this many: in a city a 5-mile circle holds thousands of listings, and
 * counting them all was most of the search's time. Past it the total is "over 1,000" (decision 0172).
 */
export const LOCATION_COUNT_CAP = 1_000;
export const MAP_POINTS_CAP = 5_000;
/** Route searches can start at most this many hours into the drive. */
export const MAX_START_HOURS = 48;

/** The default sort of each search type. */
export const DEFAULT_SORT: Record<SearchType, Sort> = {
  browse: "popularity",
  road: "junction",
  location: "distance_away",
  route: "distance_in",
};

/** Sorts that make sense for each search type. */
export const ALLOWED_SORTS: Record<SearchType, readonly Sort[]> = {
  browse: ["popularity", "name"],
  road: ["junction", "popularity", "name"],
  location: ["distance_away", "popularity", "name"],
  route: ["distance_in", "distance_away", "popularity", "name"],
};
