import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { ZodError } from "zod";
import { AppError, fieldErrorsOf } from "../../core/errors";
import { deepFreeze } from "../../kit/deep-freeze";
import { keptByText } from "../../kit/kept-by-text";
import { searchFiltersSchema } from "../../geo/search/filters-schema";
import { type PlaceLookups, placeRefOf, requestPlaceLookups } from "../../geo/geocode";
import { search, type SearchByKind } from "../../geo/search";
import { looksLikeLatLng } from "../../geo/units";
import type { SearchOptions } from "../../geo/search/response";
import type { CardSearchResponse } from "../../geo/search/types";
import type { Pool } from "../../db/client";
import { CURRENT_LOCATION_LABEL } from "../../geo/search/points";
import { getSessionUser } from "../auth/guards.server";
import { onReplica } from "../db.server";
import { favouriteListingIds } from "../favourites/favourites.server";
import { requestRoutingEngines } from "../geo.server";
import { facilities } from "./reference.server";
import { emptyState, parseSearchPath, rawFiltersFromUrl, searchHref, stateFromFilters, type ResultsView, type SearchState } from "./url";
import type { PlaceChoice, ResultsPageData, ResultsViewer, SearchFailure, SearchOutcome } from "./results.types";
import { packResultsPage } from "./results-transport";
import { resultsData } from "./view-model";

/** Routes of at least this long show their first page hour by hour. */
const BY_HOUR_FROM_SECONDS = 2 * 3600;

function issuesToFailure(error: ZodError, fix: SearchFailure["fix"]): SearchFailure {
  const fieldErrors = fieldErrorsOf(error.issues);
  const messages = [...new Set(error.issues.map((issue) => issue.message))];
  return { message: messages.join(". "), fieldErrors, code: null, fix };
}

/**
 * The filters of an invalid URL, as far as they can be read: the fields that failed are dropped and the
 * cross-field rules skipped, so the form can show what the visitor asked for next to the message.
 */
function bestEffort(raw: Record<string, unknown>, error: ZodError, view: ResultsView): { state: SearchState; fix: SearchFailure["fix"] } {
  const failed = new Set(error.issues.map((issue) => String(issue.path[0])));
  const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => !failed.has(key)));
  const strict = searchFiltersSchema.safeParse(rest);
  if (strict.success) {
    const state = stateFromFilters(strict.data);
    return { state, fix: { href: searchHref(state, view), label: "Search again without the parts we couldn't read" } };
  }
  const loose = searchFiltersSchema.innerType().safeParse(rest);
  const fallback = typeof raw.searchType === "string" && (raw.searchType === "route" || raw.searchType === "location") ? raw.searchType : "browse";
  return { state: loose.success ? stateFromFilters(loose.data) : emptyState(fallback), fix: null };
}

function failure(error: unknown, fix: SearchFailure["fix"] = null): { status: number; error: SearchFailure } {
  if (error instanceof AppError) {
    return { status: error.status, error: { message: error.message, fieldErrors: error.fieldErrors, code: error.code ?? null, fix } };
  }
  if (error instanceof ZodError) return { status: 400, error: issuesToFailure(error, fix) };
  throw error;
}

/**
 * Whether the request is already at the canonical URL: same path, same query pairs in the same order,
 * compared decoded (the server may re-encode the query, e.g. spaces as "+"), less the `_routes` that
 * Remix adds to client-side data requests.
 */
function isCanonical(url: URL, canonical: string): boolean {
  // Most requests are at it, as written: the same text is the same path and pairs (decision 0331).
  if (url.pathname + url.search === canonical) return true;
  const wanted = new URL(canonical, url.origin);
  if (wanted.pathname !== url.pathname) return false;
  const pairs = (params: URLSearchParams) => JSON.stringify([...params].filter(([key]) => key !== "_routes"));
  return pairs(wanted.searchParams) === pairs(url.searchParams);
}

/**
 * A results URL's filters as read and parsed, once for each path and query as written (decision 0333): the
 * schema's parse cost about 40 µs of every results page, for an answer that depends on that text alone.
 * Parsed filters are kept frozen (nothing downstream changes them); at most 500,000 characters of URLs and
 * answers. Only called with a path `parseSearchPath` reads.
 */
const keptFilters = keptByText(
  (pathAndQuery: string) => {
    const url = new URL(pathAndQuery, "http://localhost");
    const raw = rawFiltersFromUrl(parseSearchPath(url.pathname)!, url.searchParams);
    const parsed = searchFiltersSchema.safeParse(raw);
    return { raw, parsed: parsed.success ? { success: true as const, data: deepFreeze(parsed.data) } : parsed };
  },
  500_000,
  () => 1_000,
);

/**
 * The loader of a results list route module: `resultsLoader(searchRoute)` for a kind's own module, and
 * `resultsLoader()` for /search-results, which picks the kind from the filters (and redirects to its URL).
 */
export function resultsLoader(searchByKind?: SearchByKind) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { status, page } = await loadResultsPage(request, "list", searchByKind);
    // The cards travel packed; the page renders from `page` itself (app/search/results-transport.ts).
    return data(packResultsPage(page), { status });
  };
}

/**
 * A results page's loader: reads the URL, sends a non-canonical one to its canonical form (so a search
 * has one shareable URL), runs the search and returns what the page shows, with the HTTP status.
 * Unknown paths are a 404; bad filters and failed searches are 4xx pages that say what is wrong.
 * `searchByKind`: the search of the route module's kind (geo/search/<kind>.ts); the map pages and
 * /search-results, which serve every kind, pick it from the filters.
 */
export async function loadResultsPage(request: Request, view: ResultsView, searchByKind: SearchByKind = search): Promise<{ status: number; page: ResultsPageData }> {
  const url = new URL(request.url);
  const path = parseSearchPath(url.pathname);
  if (!path || path.view !== view) throw new AppError(404, "Not found");

  const [facilityList, viewer] = await Promise.all([facilities(), viewerOf(request)]);
  const facilityOptions = facilityList.map(({ id, name }) => ({ id, name }));
  const pageData = (state: SearchState, outcome: SearchOutcome, choices: PlaceChoice[] = []): ResultsPageData => ({
    view,
    state,
    listHref: searchHref(state, "list"),
    mapHref: searchHref(state, "map"),
    outcome,
    facilities: facilityOptions,
    viewer,
    choices,
  });
  const { raw, parsed } = keptFilters(url.pathname + url.search);
  if (!parsed.success) {
    const { state, fix } = bestEffort(raw, parsed.error, view);
    const { status, error } = failure(parsed.error, fix);
    return { status, page: pageData(state, { kind: "error", error }) };
  }
  const filters = parsed.data;

  let state = stateFromFilters(filters);
  const named = filters.road !== undefined && filters.roadSlug === undefined;
  if (!named && !isCanonical(url, searchHref(state, view))) throw redirect(searchHref(state, view));

  try {
    // Search reads go to the read replica when one is configured (DATABASE_REPLICA_URL).
    // One engine per pool for this request: a drive asked twice in it is worked out once (decision 0324).
    const engineOf = requestRoutingEngines();
    // One place lookup per pool for this request: a typed place's choices come with the place (decision 0347).
    const placesOf = requestPlaceLookups();
    // A route's first page by hour (decision 0245), when the list shows it: read with the drive's stops (decision 0356).
    const byHour: SearchOptions["byHour"] = view === "list" ? { fromSeconds: BY_HOUR_FROM_SECONDS } : undefined;
    // The page's listings read as their cards show them (decision 0341).
    const response = await onReplica((pool) => searchByKind(pool, engineOf(pool), filters, { read: "card", places: placesOf(pool), byHour }));
    if (response.road && (state.road?.slug !== response.road.slug || state.road.country !== response.road.country)) {
      state = { ...state, searchType: "browse", road: { slug: response.road.slug, country: response.road.country } };
      throw redirect(searchHref(state, view));
    }
    const { pagination } = response;
    if (response.results.length === 0 && pagination.total > 0) {
      const last = { ...state, page: pagination.totalPages };
      const error = { message: `There is no page ${state.page} of these results: there are ${pagination.totalPages}.`, fieldErrors: {}, code: "page-out-of-range", fix: { href: searchHref(last, view), label: "Go to the last page" } };
      return { status: 404, page: pageData(state, { kind: "error", error }) };
    }
    const driveHours = response.driveHours ?? null;
    return { status: 200, page: { ...pageData(state, { kind: "results", results: resultsData(response) }, await choicesFor(state, response, view, placesOf)), driveHours } };
  } catch (error) {
    if (error instanceof Response) throw error;
    const { status, error: shown } = failure(error);
    return { status, page: pageData(state, { kind: "error", error: shown }) };
  }
}

/**
 * The place fields typed without a chosen suggestion (no JavaScript, or Enter before the list) whose
 * name is several places: each with its places, the one searched first, each a link to the same search
 * from exactly that place (its reference), so the visitor is asked rather than silently given one.
 */
async function choicesFor(state: SearchState, response: CardSearchResponse, view: ResultsView, placesOf: (pool: Pool) => PlaceLookups): Promise<PlaceChoice[]> {
  const fields: { field: PlaceChoice["field"]; typed: string; id: string; label: string | undefined }[] =
    state.searchType === "route"
      ? [
          { field: "from", typed: state.from, id: state.fromId, label: response.route?.from.label },
          { field: "to", typed: state.to, id: state.toId, label: response.route?.to.label },
        ]
      : state.searchType === "location"
        ? [{ field: "location", typed: state.location, id: state.locationId, label: response.point?.label }]
        : [];
  const asked = fields.filter(({ typed, id }) => typed.trim() !== "" && id === "" && typed !== CURRENT_LOCATION_LABEL && !looksLikeLatLng(typed));
  if (asked.length === 0) return [];
  const found = await onReplica((pool) => Promise.all(asked.map(({ typed }) => placesOf(pool).choices(typed))));
  return asked.flatMap(({ field, typed, label }, index) => {
    const places = found[index];
    if (places.length === 0) return [];
    const idField = field === "from" ? "fromId" : field === "to" ? "toId" : "locationId";
    const options = places.map((place) => ({
      label: place.formattedAddress,
      href: searchHref({ ...state, [field]: place.formattedAddress, [idField]: placeRefOf(place), page: 1 }, view),
      taken: place.formattedAddress === label,
    }));
    return [{ field, typed, options }];
  });
}

async function viewerOf(request: Request): Promise<ResultsViewer> {
  const user = await getSessionUser(request);
  return user ? { member: true, favouriteIds: await favouriteListingIds(user.id, null) } : { member: false, favouriteIds: [] };
}
