import { z } from "zod";
import { parseDatabaseId } from "../../app/ids";
import { PLACE_REF_PATTERN } from "../geocode/ref";

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

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");

const intList = (name: string, allowed?: readonly number[]) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .optional()
    .transform((v, ctx) => {
      const raw = v === undefined || v === "" ? [] : Array.isArray(v) ? v : String(v).split(",");
      const out: number[] = [];
      for (const item of raw) {
        const n = parseDatabaseId(typeof item === "number" ? item : item.trim());
        if (n === null || (allowed && !allowed.includes(n))) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${name} must be a list of ${allowed ? allowed.join(", ") : "ids"}` });
          return z.NEVER;
        }
        if (!out.includes(n)) out.push(n);
      }
      return out.sort((a, b) => a - b);
    });

/** A junction number as the URL says it: digits and an optional letter. */
export const JUNCTION_NUMBER = /^[0-9]{1,4}[a-z]?$/;

const placeRef = (name: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().trim().regex(PLACE_REF_PATTERN, `${name} must be a place reference such as p123 or l45`).optional(),
  );

const positiveInt = (name: string, max: number) =>
  z.coerce
    .number({ invalid_type_error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`);

/**
 * The spec's search filters, as they arrive from a query string or JSON (strings and arrays).
 * Shared by the JSON API, the results pages and the browser.
 */
export const searchFiltersSchema = z
  .object({
    searchType: z.enum(SEARCH_TYPES, { message: "search-type must be browse, location, route or road" }),
    from: z.string().trim().max(200, "from is too long").optional(),
    to: z.string().trim().max(200, "to is too long").optional(),
    location: z.string().trim().max(200, "location is too long").optional(),
    geoLocation: z.string().trim().max(60).optional(),
    /** The chosen suggestion of each place field (a place reference, geo/geocode/ref.ts); an empty value is none. */
    locationId: placeRef("location-id"),
    fromId: placeRef("from-id"),
    toId: placeRef("to-id"),
    road: z.string().trim().max(80).optional(),
    /** One junction of the road (browse by road): its number, "40" or "23a". */
    junction: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string().trim().toLowerCase().regex(JUNCTION_NUMBER, "junction must be a junction number such as 40 or 23a").optional(),
    ),
    roadSlug: z.string().trim().max(80).optional(),
    country: z.string().trim().max(40).optional(),
    roadCountry: z.string().trim().max(40).optional(),
    types: intList("types", LISTING_TYPE_IDS),
    facilities: intList("facilities"),
    sort: z.enum(SORTS, { message: `sort must be one of ${SORTS.join(", ")}` }).optional(),
    distance: z.coerce
      .number({ invalid_type_error: "distance must be a number of miles" })
      .positive("distance must be more than 0 miles")
      .max(MAX_DISTANCE_MILES, `distance must be at most ${MAX_DISTANCE_MILES} miles`)
      .optional(),
    /** Route searches: results from this many hours into the drive (long routes: page one is not only the start). */
    startHours: z.coerce
      .number({ invalid_type_error: "start-hours must be a number of hours" })
      .min(0, "start-hours must be 0 or more")
      .max(MAX_START_HOURS, `start-hours must be at most ${MAX_START_HOURS}`)
      .optional(),
    allWalks: flag,
    pubWalks: flag,
    beachWalks: flag,
    /** Member businesses that are dog-friendly accommodation or dog services (docs/decisions/0136). */
    accommodation: flag,
    dogServices: flag,
    page: positiveInt("page", 100_000).default(1),
    limit: positiveInt("limit", MAX_LIMIT).default(DEFAULT_LIMIT),
    depth: z.coerce.number().int().min(0).max(20).optional(),
    includeMapPoints: flag,
    /** Nearby mode: no road or junction look-ups, just listings by distance. */
    direct: flag,
  })
  .superRefine((f, ctx) => {
    if (f.allWalks && (f.pubWalks || f.beachWalks)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["allWalks"], message: "allWalks cannot be combined with pubWalks or beachWalks" });
    }
    // A browse with a road is browse-by-road, with its sorts.
    const effectiveType = f.searchType === "browse" && (f.road || f.roadSlug) ? "road" : f.searchType;
    if (f.sort && !ALLOWED_SORTS[effectiveType].includes(f.sort)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["sort"], message: `sort ${f.sort} is not available for a ${effectiveType} search` });
    }
    if (f.searchType === "route") {
      if (!f.from) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["from"], message: "Please enter where you are travelling from" });
      if (!f.to) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "Please enter where you are travelling to" });
    }
    if (f.searchType === "location" && !f.location && !f.geoLocation) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["location"], message: "Please enter a location" });
    }
    if (f.searchType === "road" && !f.road && !f.roadSlug) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["road"], message: "Please select a road" });
    }
  });

export type SearchFilters = z.output<typeof searchFiltersSchema>;
export type SearchFiltersInput = z.input<typeof searchFiltersSchema>;

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

/** Reads filters from URLSearchParams: `types[]=1&types[]=2`, `types=1,2` and kebab-case names all work. */
export function filtersFromSearchParams(params: URLSearchParams, defaults: Record<string, unknown> = {}): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...defaults };
  for (const key of new Set(params.keys())) {
    const bare = key.endsWith("[]") ? key.slice(0, -2) : key;
    const name = QUERY_NAMES[bare] ?? bare;
    const values = params.getAll(key);
    raw[name] = key.endsWith("[]") || name === "types" || name === "facilities" ? values.flatMap((v) => v.split(",")).filter(Boolean) : values[values.length - 1];
  }
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
