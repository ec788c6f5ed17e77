import type { SearchFilters, SearchFiltersInput } from "./filters-schema";

export type { SearchFilters, SearchFiltersInput } from "./filters-schema";

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

/** The spec's query-string names (kebab-case and bracket arrays) mapped to the schema's. */
const QUERY_NAMES: Record<string, keyof SearchFiltersInput> = {
  "search-type": "searchType",
  "geo-location": "geoLocation",
  "location-id": "locationId",
  "from-id": "fromId",
  "to-id": "toId",
  "road-slug": "roadSlug",
  "road-country": "roadCountry",
  "start-hours": "startHours",
};

/**
 * Reads filters from URLSearchParams: `types[]=1&types[]=2`, indexed `types[0]=1&types[1]=2` (PHP's and
 * qs's form, in index order), `types=1,2` and kebab-case names all work.
 */
export function filtersFromSearchParams(params: URLSearchParams, defaults: Record<string, unknown> = {}): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...defaults };
  const lists = new Map<string, { index: number; values: string[] }[]>();
  for (const key of new Set(params.keys())) {
    const bracket = /^(.+)\[(\d{0,4})\]$/.exec(key);
    const bare = bracket ? bracket[1] : key;
    const name = QUERY_NAMES[bare] ?? bare;
    const values = params.getAll(key);
    if (bracket || name === "types" || name === "facilities") {
      const parts = lists.get(name) ?? [];
      parts.push({ index: bracket && bracket[2] !== "" ? Number(bracket[2]) : -1, values: values.flatMap((v) => v.split(",")).filter(Boolean) });
      lists.set(name, parts);
    } else raw[name] = values[values.length - 1];
  }
  for (const [name, parts] of lists) raw[name] = parts.sort((a, b) => a.index - b.index).flatMap((part) => part.values);
  return raw;
}

/** The filters that choose which kinds of listing a search shows. */
export type KindFilters = Pick<SearchFilters, "types" | "allWalks" | "pubWalks" | "beachWalks" | "accommodation" | "dogServices">;

/** The walk-type path values of the member businesses that are accommodation and dog services. */
export const BUSINESS_KINDS = { accommodation: "dog-friendly-accommodation", dogServices: "dog-services" } as const;

/** Whether any type, walk or business filter is set (none: every kind of listing). */
export function hasKindFilter(f: KindFilters): boolean {
  return f.types.length > 0 || f.allWalks || f.pubWalks || f.beachWalks || f.accommodation || f.dogServices;
}

/** Walk filters: which walks are wanted, or null when walks are not part of the search. */
export function walkFilter(f: KindFilters): "all" | { pub: boolean; beach: boolean } | null {
  if (f.pubWalks || f.beachWalks) return { pub: f.pubWalks, beach: f.beachWalks };
  if (f.allWalks || !hasKindFilter(f) || f.types.includes(1)) return "all";
  return null;
}

/** Business filters: the member businesses' walk-type values wanted, or null for every member business (or none). */
export function businessKinds(f: KindFilters): string[] | null {
  const kinds = [...(f.accommodation ? [BUSINESS_KINDS.accommodation] : []), ...(f.dogServices ? [BUSINESS_KINDS.dogServices] : [])];
  return kinds.length > 0 ? kinds : null;
}

/** Business-only mode: member businesses only (type 4, or accommodation or services) with no walk filters. */
export function isBusinessOnly(f: KindFilters): boolean {
  const noWalks = !f.allWalks && !f.pubWalks && !f.beachWalks;
  const onlyBusinessType = f.types.every((type) => type === 4);
  return noWalks && onlyBusinessType && (f.types.length === 1 || businessKinds(f) !== null);
}
