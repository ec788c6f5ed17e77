import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { AppError } from "../../core/errors";
import { coordinatesLabel, looksLikeLatLng, parseLatLng } from "../units";
import { geocode, type GeocodeOptions, type GeocodeSearch, geocodeSearchCall, MAX_QUERY_LENGTH, prepareSearch } from "./forward";
import { createPlaceCache, PLACE_CACHE_ENTRIES, PLACE_CACHE_SECONDS, type PlaceCache, type PlaceCacheOptions } from "./place-cache";
import { parsePlaceRef } from "./ref";
import { formattedAddress, type GeocodeRow, listingColumnsSql, placeColumnsSql, placeJoinsSql, toGeocodeResult } from "./result";
import { reverseGeocode } from "./reverse";
import type { GeocodeResult } from "./types";
import { distinctChoices, placeChoices, placeChoicesCall } from "./choices";
import { geocodeKey } from "./normalise";
import { type KeptAnswers, keptAnswers } from "../kept-answers";
import { oncePer } from "../../kit/once-per";
import { live } from "../listing";

export { DEFAULT_GEOCODE_LIMIT, geocode, MAX_GEOCODE_LIMIT, MAX_QUERY_LENGTH, type GeocodeOptions } from "./forward";
export { reverseGeocode } from "./reverse";
export { placeChoices };
export type { GeocodeResult } from "./types";
export { parsePlaceRef, placeRefOf, PLACE_REF_PATTERN } from "./ref";

type Fragment = PendingQuery<Row[]>;

export interface ResolvedPlace {
  lat: number;
  lng: number;
  label: string;
}

/**
 * A point for a typed place: 'lat,lng' as given (labelled "lat,lng"), otherwise the geocoder's best
 * hit labelled with its address. Null when nothing matches or the coordinates are out of range.
 */
export async function resolvePlace(sql: SqlClient, text: string): Promise<ResolvedPlace | null> {
  if (looksLikeLatLng(text)) {
    const point = parseLatLng(text);
    return point ? { ...point, label: coordinatesLabel(point) } : null;
  }
  const cached = placeCaches.get(sql);
  return cached ? cached(text) : bestPlace(sql, text);
}

async function bestPlace(sql: SqlClient, text: string): Promise<ResolvedPlace | null> {
  const [best] = await geocode(sql, text, { limit: 1 });
  return best ? { lat: best.lat, lng: best.lng, label: best.formattedAddress } : null;
}

/**
 * The pools whose places found by text are kept a while (the app's, keepPlacesFound); others always ask.
 * On globalThis, as the pool is (app/db.server.ts): the server entry and the app's build each bundle
 * this module, and the pool the entry made must find its cache from the build's copy.
 */
const PLACE_CACHES = Symbol.for("pawroute.geocode.place-caches");
type PlaceCaches = WeakMap<SqlClient, PlaceCache<ResolvedPlace>>;
const placeCaches: PlaceCaches = ((globalThis as { [PLACE_CACHES]?: PlaceCaches })[PLACE_CACHES] ??= new WeakMap());

/** The pools whose place choices for a text are kept a while, as their places found (decision 0324). */
const CHOICE_CACHES = Symbol.for("pawroute.geocode.choice-caches");
type ChoiceCaches = WeakMap<SqlClient, KeptAnswers<GeocodeResult[]>>;
const choiceCaches: ChoiceCaches = ((globalThis as { [CHOICE_CACHES]?: ChoiceCaches })[CHOICE_CACHES] ??= new WeakMap());

/**
 * From now on resolvePlace on this pool keeps the places it finds (docs/decisions/0198), and
 * keptPlaceChoices the choices it finds for a text, for as long (decision 0324).
 */
export function keepPlacesFound(sql: SqlClient, options: PlaceCacheOptions): void {
  const seconds = options.seconds ?? PLACE_CACHE_SECONDS;
  if (seconds <= 0) {
    placeCaches.delete(sql);
    choiceCaches.delete(sql);
    return;
  }
  placeCaches.set(sql, createPlaceCache((text) => bestPlace(sql, text), options));
  // Keyed by the text as typed (placeChoices reads it so).
  choiceCaches.set(sql, keptAnswers<GeocodeResult[]>({ seconds, budget: options.maxEntries ?? PLACE_CACHE_ENTRIES, now: options.now }));
}

/** Choices as they are kept: frozen, since every request shares them. */
function frozenChoices(choices: GeocodeResult[]): GeocodeResult[] {
  return Object.freeze(choices.map((choice) => Object.freeze(choice))) as GeocodeResult[];
}

/**
 * placeChoices, kept a while on a pool that keeps its places found: a route results page asks for the
 * choices of both typed ends on every page, sort and filter of one search (two transactions a page).
 */
export function keptPlaceChoices(sql: SqlClient, text: string): Promise<GeocodeResult[]> {
  const cached = choiceCaches.get(sql);
  return cached ? cached(text, () => placeChoices(sql, text).then(frozenChoices)) : placeChoices(sql, text);
}

/** What a request asks of the place lookup: resolvePlace's and keptPlaceChoices's answers (decision 0347). */
export interface PlaceLookups {
  /** resolvePlace(sql, text). */
  place(text: string): Promise<ResolvedPlace | null>;
  /** keptPlaceChoices(sql, text). */
  choices(text: string): Promise<GeocodeResult[]>;
  /**
   * The lookup of a typed name (as `place` takes it) to send inside another statement, where `place` would
   * send a statement of its own for it (decision 0355): a name without a comma, not coordinates, with
   * something searchable, neither asked yet in this request nor kept by the pool (decision 0358). Null otherwise.
   */
  inStatement(text: string): PlaceInStatement | null;
}

/** A search point as SQL: its geography, and its longitude and latitude (float8). */
export interface PointSql {
  geography: Fragment;
  lng: Fragment;
  lat: Fragment;
}

/**
 * A typed name's lookup inside another statement (decision 0355): the statement placesAndChoices would send
 * for the text, as WITH entries, the best place's point read from them, and its rows as a column.
 */
export interface PlaceInStatement {
  /** WITH entries: `place_rows` (placesAndChoices's rows for the text) and `place_point` (its best place; no row when none). */
  ctes: Fragment;
  /** The best place's point, from `place_point` (NULL when nothing is found): scalar subqueries, so an index scan takes them as parameters. */
  point: PointSql;
  /** A column: the lookup's rows as JSON, in placesAndChoices's order. */
  rows: Fragment;
  /**
   * The place from that column, as `place(text)` answers it (null: nothing found); from then on the lookups
   * answer the text's place and choices from those rows, without a statement.
   */
  answer(rows: unknown): ResolvedPlace | null;
}

/**
 * One request's place lookups on a pool (decision 0347): the answers of resolvePlace and keptPlaceChoices.
 * A typed name's best place and its choices, which a results page asks for one after the other, come
 * from one statement, sent once for the request; the names asked in the same turn (a route's two ends,
 * which planRoute resolves together) share that statement (decision 0353), and a location search sends
 * it inside its own (`inStatement`, decision 0355). On a pool that keeps its places found, the kept
 * answers stand, and a name not kept is looked up so and its answers kept (decision 0358): the first
 * search for a place asks as a search with the caches off does, not once for the place and once for its
 * choices. A text with a comma (one of the geocoder's own addresses, matched apart: addressMatches) and
 * coordinates are asked as before.
 */
export function placeLookups(sql: SqlClient): PlaceLookups {
  const keptPlaces = placeCaches.get(sql);
  const keptChoices = choiceCaches.get(sql);
  // Both answers for a text, by the text as resolvePlace takes it, asked once (or read from another statement's rows).
  const ask = askedTogether((texts: string[]) => placesAndChoices(sql, texts));
  const answers = new Map<string, Promise<PlaceAndChoices>>();
  const both = (text: string) => {
    let answer = answers.get(text);
    if (!answer) answers.set(text, (answer = ask(text)));
    return answer;
  };
  const shared = (text: string) => !text.includes(",") && !looksLikeLatLng(text);
  /** A text's place and choices the request read elsewhere, kept for the requests after it (an answer kept already stands). */
  const keep = (text: string, answer: PlaceAndChoices) => {
    void keptPlaces?.(text, () => Promise.resolve(answer.place));
    void keptChoices?.(text, () => Promise.resolve(frozenChoices(answer.choices)));
  };
  return {
    place: (text) => {
      if (!shared(text)) return resolvePlace(sql, text);
      const found = () => both(text).then((answer) => answer.place);
      return keptPlaces ? keptPlaces(text, found) : found();
    },
    // placeChoices reads the text as typed; its trimmed form has the same key unless the cut at MAX_QUERY_LENGTH moves.
    choices: (text) => {
      const trimmed = text.trim();
      const same = trimmed === text || geocodeKey(text.slice(0, MAX_QUERY_LENGTH)) === geocodeKey(trimmed.slice(0, MAX_QUERY_LENGTH));
      if (!same || !shared(trimmed)) return keptPlaceChoices(sql, text);
      const found = () => both(trimmed).then((answer) => answer.choices);
      return keptChoices ? keptChoices(text, () => found().then(frozenChoices)) : found();
    },
    inStatement: (text) => {
      // A name the request or the pool has answers for (or is finding) is read from them, without a lookup.
      const search = shared(text) && !answers.has(text) && !keptPlaces?.has(text) ? prepareSearch(text, { limit: 1 }) : null;
      if (!search) return null;
      return {
        ctes: sql`
          place_rows AS MATERIALIZED (${lookupRows(sql, search, 0)}),
          place_point AS MATERIALIZED (
            SELECT lng, lat, ST_SetSRID(ST_MakePoint(lng, lat), 4326)::geography AS g FROM place_rows WHERE NOT choice ORDER BY ordinality LIMIT 1)`,
        point: { geography: sql`(SELECT g FROM place_point)`, lng: sql`(SELECT lng FROM place_point)`, lat: sql`(SELECT lat FROM place_point)` },
        rows: sql`(SELECT json_agg(r ORDER BY r.choice, r.ordinality) FROM place_rows r)`,
        answer: (rows) => {
          const answer = answerOf((rows ?? []) as LookupRow[]);
          answers.set(text, Promise.resolve(answer));
          keep(text, answer);
          return answer.place;
        },
      };
    },
  };
}

/**
 * `ask` for every text asked in the same turn of the event loop, at once (at the next microtask): the
 * texts in the order they were asked, and an answer for each, in that order.
 */
function askedTogether<A>(ask: (texts: string[]) => Promise<A[]>): (text: string) => Promise<A> {
  let waiting: { text: string; settle: { resolve: (answer: A) => void; reject: (error: unknown) => void } }[] = [];
  return (text) =>
    new Promise<A>((resolve, reject) => {
      if (waiting.length === 0) {
        queueMicrotask(() => {
          const asked = waiting;
          waiting = [];
          ask(asked.map((each) => each.text)).then(
            (answers) => asked.forEach((each, index) => each.settle.resolve(answers[index])),
            (error: unknown) => asked.forEach((each) => each.settle.reject(error)),
          );
        });
      }
      waiting.push({ text, settle: { resolve, reject } });
    });
}

/**
 * `placeLookups` for each pool a request reads from (the primary or the read replica), made on first use:
 * the search and the page's place choices share one pool's.
 */
export function requestPlaceLookups(): (sql: SqlClient) => PlaceLookups {
  return oncePer(placeLookups);
}

/** What bestPlace and placeChoices answer for one text. */
export interface PlaceAndChoices {
  place: ResolvedPlace | null;
  choices: GeocodeResult[];
}

/** A row of a text's lookup: a hit of geocode_search (`choice` false) or of geocode_place_choices, with the text's position `n`. */
type LookupRow = GeocodeRow & { n: number; choice: boolean };

/**
 * One text's lookup rows (decisions 0347, 0353): geocode_search's and geocode_place_choices's for the same
 * key, each WITH ORDINALITY (its function's order), tagged with the text's position `n`.
 */
function lookupRows(sql: SqlClient, search: GeocodeSearch, n: number): Fragment {
  return sql`
      SELECT ${n}::int AS n, false AS choice, g.* FROM ${geocodeSearchCall(sql, search)} WITH ORDINALITY g
      UNION ALL
      SELECT ${n}::int AS n, true AS choice, c.* FROM ${placeChoicesCall(sql, search.key)} WITH ORDINALITY c`;
}

/**
 * bestPlace's and placeChoices's answers for texts without a comma, in one statement (decisions 0347,
 * 0353): for each text, geocode_search's best hit and geocode_place_choices's rows for the same key,
 * each in its function's order. A text with nothing searchable ("--") finds nothing and is not asked.
 */
export async function placesAndChoices(sql: SqlClient, texts: string[]): Promise<PlaceAndChoices[]> {
  const searches = texts.map((text) => prepareSearch(text, { limit: 1 }));
  const asked = searches.flatMap((search, n) => (search ? [lookupRows(sql, search, n)] : []));
  if (asked.length === 0) return texts.map(() => ({ place: null, choices: [] }));
  const union = asked.reduce((all, rows) => sql`${all} UNION ALL ${rows}`);
  const rows = await sql<LookupRow[]>`SELECT * FROM (${union}) found ORDER BY n, choice, ordinality`;
  // Each text's rows, in one pass.
  const found = texts.map((): LookupRow[] => []);
  for (const row of rows) found[row.n].push(row);
  return found.map(answerOf);
}

/** One text's answer from its lookup rows in order: its best hit (the first of geocode_search's) and its choices. */
function answerOf(rows: LookupRow[]): PlaceAndChoices {
  let best: GeocodeRow | null = null;
  const choices: GeocodeRow[] = [];
  for (const row of rows) {
    if (row.choice) choices.push(row);
    else best ??= row;
  }
  // The place as bestPlace labels it (toGeocodeResult's lat, lng and formattedAddress), without the rest of a result.
  return { place: best ? { lat: best.lat, lng: best.lng, label: formattedAddress(best) } : null, choices: distinctChoices(choices) };
}

/**
 * The entry a place reference names ("p123" a gazetteer row, "l45" a live listing), labelled with its
 * address; null when the reference is malformed or the entry is gone.
 */
export async function placeByRef(sql: SqlClient, text: string): Promise<GeocodeResult | null> {
  const ref = parsePlaceRef(text);
  if (!ref) return null;
  const [row] =
    ref.table === "places"
      ? await sql<GeocodeRow[]>`SELECT ${placeColumnsSql(sql)} FROM places p ${placeJoinsSql(sql)} WHERE p.id = ${ref.id}`
      : await sql<GeocodeRow[]>`
          SELECT ${listingColumnsSql(sql)}
          FROM listings l JOIN countries co ON co.id = l.country_id
          WHERE l.id = ${ref.id} AND ${live(sql)}`;
  return row ? toGeocodeResult(row) : null;
}

/**
 * The spec's geocode call: a place text (forward, best first) or 'lat,lng' (reverse: the nearest town,
 * or nothing far from land). Bad input is an AppError 400 on the location field.
 */
export async function lookupLocation(sql: SqlClient, location: string, options: GeocodeOptions = {}): Promise<GeocodeResult[]> {
  const text = location.trim();
  if (text === "") throw new AppError(400, "Please enter a location", { fieldErrors: { location: "Please enter a location" } });
  if (text.length > MAX_QUERY_LENGTH) {
    throw new AppError(400, `A location is at most ${MAX_QUERY_LENGTH} characters`, { fieldErrors: { location: `Please enter at most ${MAX_QUERY_LENGTH} characters` } });
  }
  if (looksLikeLatLng(text)) {
    const point = parseLatLng(text);
    if (!point) {
      throw new AppError(400, "Coordinates must be 'latitude,longitude' with a latitude from -90 to 90 and a longitude from -180 to 180", { fieldErrors: {
        location: "Please enter a valid place or 'latitude,longitude'",
      } });
    }
    const nearest = await reverseGeocode(sql, point.lat, point.lng);
    return nearest ? [nearest] : [];
  }
  return geocode(sql, text, options);
}
