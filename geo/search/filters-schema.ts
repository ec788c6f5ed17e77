// The search filters' zod schema, apart from filters.ts so that a page importing the constants does not load
// zod: the browser loads this module only when a search form is first used (app/search/validate.ts).
import { z } from "zod";
import { parseDatabaseId } from "../../core/ids";
import { PLACE_REF_PATTERN } from "../geocode/ref";
import { isJunctionSlug, JUNCTION_NUMBER_HINT } from "../junction-numbers";
import { ALLOWED_SORTS, DEFAULT_LIMIT, LISTING_TYPE_IDS, MAX_DISTANCE_MILES, MAX_LIMIT, MAX_START_HOURS, SEARCH_TYPES, SORTS } from "./filter-values";

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
    /** One junction of the road (browse by road): its number as signed, read in lower case ("40", "23a", "t1", "6.1"). */
    junction: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string().trim().toLowerCase().refine(isJunctionSlug, `junction must be ${JUNCTION_NUMBER_HINT}`).optional(),
    ),
    roadSlug: z.string().trim().max(80).optional(),
    country: z.string().trim().max(40).optional(),
    roadCountry: z.string().trim().max(40).optional(),
    types: intList("types", LISTING_TYPE_IDS),
    facilities: intList("facilities"),
    sort: z.enum(SORTS, { message: `sort must be one of ${SORTS.join(", ")}` }).optional(),
    // Empty is no distance: the forms' "Automatic" (location) and "Any distance" (road) options, sent without JavaScript.
    distance: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce
        .number({ invalid_type_error: "distance must be a number of miles" })
        .positive("distance must be more than 0 miles")
        .max(MAX_DISTANCE_MILES, `distance must be at most ${MAX_DISTANCE_MILES} miles`)
        .optional(),
    ),
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
