import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { AppError } from "../../core/errors";
import { metresAfterSeconds, pointAtMetres } from "../routing/measures";
import type { Route, RoutingEngine } from "../routing/port";
import { stopsAndHours } from "../trip/hours";
import { metresToMiles, milesToMetres } from "../units";
import { COUNT_CAP, DEFAULT_DISTANCE_MILES, MAP_POINTS_CAP, type SearchFilters, type Sort } from "./filters";
import type { AssembledPage, PageRow } from "./query";
import type { PlaceLookups } from "../geocode";
import { CURRENT_LOCATION_LABEL, resolveSearchPoint, type SearchPoint } from "./points";
import { type PageListings, readPageListings, type SearchOptions, searchResponse, startSearch } from "./response";
import { Arcs, unitVector } from "./sphere";
import type { ListingRead, RouteSummary, SearchResponseOf } from "./types";

/** Corridor pieces are at most this long, so each piece's bounding box stays small for the index. */
export const PIECE_METRES = 5_000;
/** The route is simplified (Douglas–Peucker) to within this many metres before it is cut into pieces. */
export const SIMPLIFY_METRES = 10;
/** The first batch of the walk covers this much of the route; the next ones are sized by `countingBatchMetres`. */
const BATCH_FIRST_METRES = 2_000;
export const BATCH_MAX_METRES = 160_000;
/**
 * Once the page is certain, the walk goes on counting while it has seen fewer than this many
 * listings; past it the total is a lower bound ("over N") and the walk stops.
 */
export const EXACT_COUNT_BUDGET = 1_000;
/** Map points come from this many evenly spread points along the whole route (fewer on a short route). */
const MAP_SAMPLE_POINTS = 200;
const SAME_PLACE_METRES = 100;
const EARTH_RADIUS = 6_371_008.8;
const RADIANS = Math.PI / 180;

export interface RoutePieces {
  x0: number[];
  y0: number[];
  x1: number[];
  y1: number[];
  m0: number[];
  m1: number[];
  s0: number[];
  s1: number[];
}

export interface RoutePlan {
  route: Route;
  summary: RouteSummary;
  corridorMetres: number;
  pieces: RoutePieces;
}

function haversine(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance in metres from p to the segment a–b in a local frame (a degree of longitude scaled by cos(latitude)). */
function localSegmentDistance(p: [number, number], a: [number, number], b: [number, number]): number {
  const k = Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
  const ax = a[0] * k;
  const bx = b[0] * k;
  const px = p[0] * k;
  const dx = bx - ax;
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(px - (ax + t * dx), p[1] - (a[1] + t * dy)) * 111_195;
}

/**
 * The route's vertices that Douglas–Peucker keeps at `tolerance` metres. Points that lie on a
 * straight stretch go, so a geometry with 20,000 vertices (OSRM's overview=full) costs what its
 * shape needs, and a densified copy of a route simplifies to the same vertices as the route.
 */
export function simplifiedIndices(coordinates: [number, number][], tolerance = SIMPLIFY_METRES): number[] {
  const n = coordinates.length;
  if (n <= 2) return coordinates.map((_, i) => i);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length) {
    const [i, j] = stack.pop() as [number, number];
    let worst = -1;
    let at = -1;
    for (let k = i + 1; k < j; k++) {
      const d = localSegmentDistance(coordinates[k], coordinates[i], coordinates[j]);
      if (d > worst) {
        worst = d;
        at = k;
      }
    }
    if (at >= 0 && worst > tolerance) {
      keep[at] = 1;
      stack.push([i, at], [at, j]);
    }
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(i);
  return out;
}

/**
 * Cuts the (simplified) route into short straight pieces, each carrying the route's distance and
 * time at its ends, so the corridor query tests listings against small pieces (index-friendly) and
 * locates them along the route without per-hit work on the whole line.
 */
export function routePieces(route: Route): RoutePieces {
  const out: RoutePieces = { x0: [], y0: [], x1: [], y1: [], m0: [], m1: [], s0: [], s1: [] };
  const kept = simplifiedIndices(route.coordinates);
  for (let v = 1; v < kept.length; v++) {
    const a = route.coordinates[kept[v - 1]];
    const b = route.coordinates[kept[v]];
    const ma = route.measures[kept[v - 1]];
    const mb = route.measures[kept[v]];
    const parts = Math.max(1, Math.ceil(haversine(a, b) / PIECE_METRES));
    for (let k = 0; k < parts; k++) {
      const t0 = k / parts;
      const t1 = (k + 1) / parts;
      out.x0.push(a[0] + (b[0] - a[0]) * t0);
      out.y0.push(a[1] + (b[1] - a[1]) * t0);
      out.x1.push(a[0] + (b[0] - a[0]) * t1);
      out.y1.push(a[1] + (b[1] - a[1]) * t1);
      out.m0.push(ma.metres + (mb.metres - ma.metres) * t0);
      out.m1.push(ma.metres + (mb.metres - ma.metres) * t1);
      out.s0.push(ma.seconds + (mb.seconds - ma.seconds) * t0);
      out.s1.push(ma.seconds + (mb.seconds - ma.seconds) * t1);
    }
  }
  return out;
}

/**
 * Each kept route's pieces. A route the route cache keeps (decision 0181) is one frozen object for every
 * page that drives it, so its simplification and pieces are worked out once while it is kept, as its
 * stops are (decision 0329), and go with it; frozen too, so no page can change them for the next. So are
 * what the corridor walk derives from them (`arcsOf`, `framesOf`, `boundsOf`, keyed by the pieces): the
 * walk itself and its statements are the page's own (decision 0334). A route not kept is cut every time.
 */
const piecesOfKeptRoutes = new WeakMap<Route, RoutePieces>();

function planPieces(route: Route): RoutePieces {
  if (!Object.isFrozen(route)) return routePieces(route);
  let pieces = piecesOfKeptRoutes.get(route);
  if (!pieces) {
    const cut = routePieces(route);
    for (const values of Object.values(cut)) Object.freeze(values);
    pieces = Object.freeze(cut);
    piecesOfKeptRoutes.set(route, pieces);
  }
  return pieces;
}

/** A plan for a route the caller already has (tests, benchmarks, the routing engine's answer). */
export function planFromRoute(route: Route, corridorMetres: number, ends?: { from: RouteSummary["from"]; to: RouteSummary["to"] }): RoutePlan {
  const first = route.coordinates[0];
  const last = route.coordinates[route.coordinates.length - 1];
  return {
    route,
    corridorMetres,
    pieces: planPieces(route),
    summary: {
      distance: Math.round(metresToMiles(route.distanceMetres) * 10) / 10,
      duration: Math.round(route.durationSeconds),
      from: ends?.from ?? { lat: first[1], lng: first[0], label: "Start" },
      to: ends?.to ?? { lat: last[1], lng: last[0], label: "End" },
      geometry: { type: "LineString", coordinates: route.coordinates },
      corridorMetres,
      connectors: route.connectors.map((c) => ({ from: c.from, to: c.to, metres: Math.round(c.metres) })),
      startHours: 0,
      stops: [],
    },
  };
}

/** Resolves from and to (through the request's place lookups when given: decision 0347), asks the routing engine for the drive, and prepares the corridor. */
export async function planRoute(sql: SqlClient, engine: RoutingEngine, filters: Pick<SearchFilters, "from" | "to" | "geoLocation">, corridorMetres: number, places?: PlaceLookups): Promise<RoutePlan> {
  // The current-location option fills whichever field the visitor chose; its coordinates come in geo-location.
  const geoLocationFor = (text?: string) => (text?.trim() === CURRENT_LOCATION_LABEL ? filters.geoLocation : undefined);
  // Both ends at once; a failure reports the start's problem first, as before.
  const [fromResult, toResult] = await Promise.allSettled([
    resolveSearchPoint(sql, { location: filters.from, geoLocation: geoLocationFor(filters.from), field: "from", places }),
    resolveSearchPoint(sql, { location: filters.to, geoLocation: geoLocationFor(filters.to), field: "to", places }),
  ]);
  if (fromResult.status === "rejected") throw fromResult.reason;
  if (toResult.status === "rejected") throw toResult.reason;
  const from = fromResult.value;
  const to = toResult.value;
  if (haversine([from.lng, from.lat], [to.lng, to.lat]) < SAME_PLACE_METRES) {
    throw new AppError(422, "Your start and destination are the same place. Please choose two different places.", { fieldErrors: { to: "Please choose a different destination" } });
  }
  const route = await engine.route(from, to);
  if (!route) throw new AppError(422, "Sorry, we couldn't find a route between those places.", { fieldErrors: { to: "We couldn't find a route to this place" } });
  return planFromRoute(route, corridorMetres, { from, to });
}

/**
 * The listings a batch of pieces of the route could hold: every listing (matching the filters) in the
 * index boxes of the pieces grown by the corridor's width, read once each with its point. Which of
 * them lie inside the corridor, their nearest piece and their distance along the route are worked out
 * in the app (`measure`, decision 0203): a dense city's first kilometres are thousands of listings,
 * and PostGIS measuring each against each piece cost more than reading them.
 *
 * Pieces close together (a city's first kilometres, where the route turns every few hundred metres)
 * share one box, found by one index probe; pieces spread out probe the index one by one, and a
 * listing in several of their boxes is read once. `popularity` and `title` come only when `wide`
 * (the sorts by popularity or name need them for every listing).
 */
export function corridorCandidates(
  sql: SqlClient,
  plan: RoutePlan,
  where: PendingQuery<Row[]>,
  pieces: number[] = range(0, plan.pieces.x0.length),
  wide = false,
): PendingQuery<Row[]> {
  const p = piecesAsText(plan.pieces, pieces);
  const extra = wide ? sql`, l.popularity, l.title` : sql``;
  const point = sql`l.id, ST_X(l.location::geometry) AS lng, ST_Y(l.location::geometry) AS lat, l.junction_id ${extra}`;
  const line = sql`ST_SetSRID(ST_MakeLine(ST_MakePoint(u.x0, u.y0), ST_MakePoint(u.x1, u.y1)), 4326)`;
  const unnested = sql`unnest(${p.x0}::float8[], ${p.y0}::float8[], ${p.x1}::float8[], ${p.y1}::float8[]) AS u(x0, y0, x1, y1)`;
  const span = p.span;
  if (pieces.length === 1 || span <= plan.corridorMetres) {
    return sql`
      SELECT ${point}
      FROM (SELECT ST_Collect(${line})::geography AS g FROM ${unnested}) b
      JOIN listings l ON l.location && _ST_Expand(b.g, ${plan.corridorMetres}::float8)
      WHERE ${where}`;
  }
  // OFFSET 0: each piece's line is made once here, not again for each listing near it (decision 0182).
  return sql`
    SELECT DISTINCT ON (l.id) ${point}
    FROM (SELECT ${line}::geography AS g FROM ${unnested} OFFSET 0) p
    JOIN listings l ON l.location && _ST_Expand(p.g, ${plan.corridorMetres}::float8)
    WHERE ${where}
    ORDER BY l.id`;
}

/** The pieces of a plan as arcs on the sphere, made once per pieces and corridor width (a kept route's pieces serve many plans). */
const arcsOfPieces = new WeakMap<RoutePieces, Map<number, Arcs>>();
function arcsOf(plan: RoutePlan): Arcs {
  const p = plan.pieces;
  let byWidth = arcsOfPieces.get(p);
  if (!byWidth) {
    byWidth = new Map();
    arcsOfPieces.set(p, byWidth);
  }
  let arcs = byWidth.get(plan.corridorMetres);
  if (!arcs) {
    arcs = new Arcs(p.x0, p.y0, p.x1, p.y1, plan.corridorMetres);
    byWidth.set(plan.corridorMetres, arcs);
  }
  return arcs;
}

/** Per piece, what the distance along it needs (a local frame where a degree of longitude is scaled by cos(latitude)). */
const framesOfPieces = new WeakMap<RoutePieces, { k2: Float64Array; len2: Float64Array }>();
function framesOf(plan: RoutePlan): { k2: Float64Array; len2: Float64Array } {
  const p = plan.pieces;
  let frames = framesOfPieces.get(p);
  if (!frames) {
    const n = p.x0.length;
    frames = { k2: new Float64Array(n), len2: new Float64Array(n) };
    for (let i = 0; i < n; i++) {
      const k2 = Math.cos(((p.y0[i] + p.y1[i]) / 2) * RADIANS) ** 2;
      frames.k2[i] = k2;
      frames.len2[i] = Math.max(1e-18, k2 * (p.x1[i] - p.x0[i]) ** 2 + (p.y1[i] - p.y0[i]) ** 2);
    }
    framesOfPieces.set(p, frames);
  }
  return frames;
}

/**
 * The candidates inside the corridor of the given pieces, each at its nearest of them (ties: the
 * earlier point of the route, then the earlier piece), with where its closest point falls along that
 * piece (0 to 1) and so its distance along the route.
 */
function measure(plan: RoutePlan, candidates: Candidate[], pieces: number[]): CorridorRow[] {
  const p = plan.pieces;
  const arcs = arcsOf(plan);
  const { k2, len2 } = framesOf(plan);
  const out: CorridorRow[] = [];
  for (const c of candidates) {
    const v = unitVector(c.lng, c.lat);
    let bestI = -1;
    let bestF = 0;
    let bestD = Infinity;
    let bestM = Infinity;
    for (const i of pieces) {
      if (arcs.isFar(i, v)) continue;
      const d = arcs.distance(i, v);
      if (d > plan.corridorMetres) continue;
      const f = Math.max(0, Math.min(1, ((c.lng - p.x0[i]) * k2[i] * (p.x1[i] - p.x0[i]) + (c.lat - p.y0[i]) * (p.y1[i] - p.y0[i])) / len2[i]));
      const m = p.m0[i] + f * (p.m1[i] - p.m0[i]);
      if (d < bestD || (d === bestD && (m < bestM || (m === bestM && i < bestI)))) {
        bestI = i;
        bestF = f;
        bestD = d;
        bestM = m;
      }
    }
    // Written out, not spread: the database driver's rows are slow to copy.
    if (bestI >= 0) {
      out.push({ id: c.id, lng: c.lng, lat: c.lat, junction_id: c.junction_id, popularity: c.popularity, title: c.title, i: bestI, f: bestF, distance_m: bestD, distance_in_m: bestM });
    }
  }
  return out;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** Some pieces' ends as the text of PostgreSQL float8[] arrays, and the metres they span. */
export interface PiecesText {
  x0: string;
  y0: string;
  x1: string;
  y1: string;
  span: number;
}

/**
 * The ends of the pieces `indices` as array texts (`{x,x,…}`: each number as JavaScript writes it, so
 * PostgreSQL reads back the same float8 that postgres.js's own array parameter sent). postgres.js
 * serialises an array parameter value by value, quoting and escaping each (the walk of a route sends some
 * 280 floats a page: decision 0334 measured 0.17–0.23 ms as numbers, 0.07–0.09 ms as one text), and a
 * kept route's walk sends the same stretches on every page that drives it: their texts are kept with its
 * frozen pieces, by stretch (decision 0341). A route not kept writes them each time.
 */
export function piecesAsText(p: RoutePieces, indices: number[]): PiecesText {
  const first = indices[0];
  const contiguous = indices.length > 0 && indices[indices.length - 1] === first + indices.length - 1;
  if (!contiguous || !Object.isFrozen(p)) return writePiecesText(p, indices);
  let byStretch = piecesTextOfKeptPieces.get(p);
  if (!byStretch) {
    byStretch = new Map();
    piecesTextOfKeptPieces.set(p, byStretch);
  }
  const key = first * 100_000 + indices.length;
  let text = byStretch.get(key);
  if (!text) {
    text = writePiecesText(p, indices);
    byStretch.set(key, text);
  }
  return text;
}

const piecesTextOfKeptPieces = new WeakMap<RoutePieces, Map<number, PiecesText>>();

function writePiecesText(p: RoutePieces, indices: number[]): PiecesText {
  const text = (values: number[]) => `{${indices.map((i) => values[i]).join(",")}}`;
  let m0 = Infinity;
  let m1 = -Infinity;
  for (const i of indices) {
    if (p.m0[i] < m0) m0 = p.m0[i];
    if (p.m1[i] > m1) m1 = p.m1[i];
  }
  return { x0: text(p.x0), y0: text(p.y0), x1: text(p.x1), y1: text(p.y1), span: m1 - m0 };
}

/** A listing as the corridor query reads it (see corridorCandidates); popularity and title only when wide. */
interface Candidate {
  id: number;
  lng: number;
  lat: number;
  junction_id: number | null;
  popularity?: number;
  title?: string;
}

/** A listing inside the corridor, at its nearest piece so far. */
interface CorridorRow extends Candidate {
  /** The piece it is nearest to, and where along that piece (0 to 1). */
  i: number;
  f: number;
  distance_m: number;
  distance_in_m: number;
}

function compare(sort: Sort): (a: CorridorRow, b: CorridorRow) => number {
  switch (sort) {
    case "distance_away":
      return (a, b) => a.distance_m - b.distance_m || a.id - b.id;
    case "popularity":
      return (a, b) => (b.popularity ?? 0) - (a.popularity ?? 0) || a.id - b.id;
    case "name":
      return (a, b) => (a.title ?? "").toLowerCase().localeCompare((b.title ?? "").toLowerCase()) || a.id - b.id;
    default:
      return byMeasure;
  }
}

const byMeasure = (a: CorridorRow, b: CorridorRow) => a.distance_in_m - b.distance_in_m || a.id - b.id;

/** The nearer of two sightings of one listing; on a tie the earlier point of the route (as the SQL's DISTINCT ON). */
function nearer(a: CorridorRow, b: CorridorRow): CorridorRow {
  if (a.distance_m !== b.distance_m) return a.distance_m < b.distance_m ? a : b;
  return a.distance_in_m <= b.distance_in_m ? a : b;
}

/** A result row of the page: the time along the route and the reference point, at the listing's place on its piece. */
function pageRow(p: RoutePieces, c: CorridorRow): PageRow {
  const { i, f } = c;
  return {
    id: c.id,
    distance_m: c.distance_m,
    distance_in_m: c.distance_in_m,
    duration_in_s: p.s0[i] + f * (p.s1[i] - p.s0[i]),
    ref_lng: p.x0[i] + f * (p.x1[i] - p.x0[i]),
    ref_lat: p.y0[i] + f * (p.y1[i] - p.y0[i]),
    junction_id: c.junction_id,
    junction_position: null,
  };
}

/** Piece midpoints and reach, for a cheap lower bound of a point's distance to a piece. */
interface PieceBounds {
  lng: Float64Array;
  lat: Float64Array;
  reach: Float64Array;
}

/** The pieces' bounds, made once per pieces. */
const boundsOfPieces = new WeakMap<RoutePieces, PieceBounds>();
function boundsOf(p: RoutePieces): PieceBounds {
  let bounds = boundsOfPieces.get(p);
  if (!bounds) {
    bounds = pieceBounds(p);
    boundsOfPieces.set(p, bounds);
  }
  return bounds;
}

function pieceBounds(p: RoutePieces): PieceBounds {
  const n = p.x0.length;
  const out = { lng: new Float64Array(n), lat: new Float64Array(n), reach: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    out.lng[i] = (p.x0[i] + p.x1[i]) / 2;
    out.lat[i] = (p.y0[i] + p.y1[i]) / 2;
    // Every point of the piece (a great-circle arc) lies within half its length of its midpoint, plus the
    // arc's small bulge away from the straight line in degrees; 1% and 5 m more cover both generously.
    out.reach[i] = haversine([p.x0[i], p.y0[i]], [p.x1[i], p.y1[i]]) * 0.51 + 5;
  }
  return out;
}

/**
 * The next counting batch: long enough to reach the `wanted` listings still to count at the density
 * seen so far (`seen` listings over the `walked` metres), never shorter than the doubling would give,
 * nor longer than BATCH_MAX_METRES, so a dense city ahead costs no more than before (decision 0201).
 */
export function countingBatchMetres(batchMetres: number, wanted: number, seen: number, walked: number): number {
  const density = seen / Math.max(walked, 1);
  const reach = density > 0 ? wanted / density : BATCH_MAX_METRES;
  return Math.min(BATCH_MAX_METRES, Math.max(batchMetres, reach));
}

export interface CorridorOptions {
  sort: Sort;
  page: number;
  limit: number;
  includeMapPoints: boolean;
  /** Results from this far along the route (metres from the start); listings placed before it are left out. */
  startMetres?: number;
  /**
   * Reads the page's listings (the search response's `readPageListings`): given, a page certain before the
   * walk ends has them read beside its counting batches, not after them (decision 0357).
   */
  readPage?: (ids: number[]) => Promise<PageListings>;
}

/**
 * The corridor search, walked along the route in batches measured in metres (2 km, then sized to the
 * listings still to count at the density seen, at least twice as much each time, up to 160 km, and a
 * rest shorter than half a batch joins it), so its cost follows the route's length and not its vertex
 * count, in few round trips.
 *
 * A listing belongs where the route passes nearest to it. For the default sort (distance along
 * the route) the walk stops as soon as the page is certain: every listing not yet seen lies beyond
 * the walked stretch, and each listing of the page is checked against every piece not walked yet
 * (a cheap bound, then the exact distance to the few pieces the bound cannot rule out), so a route
 * that doubles back on itself cannot move a listing after the page was answered.
 *
 * The total is exact when the walk reaches the end of the route having seen fewer than
 * EXACT_COUNT_BUDGET listings; otherwise it is the number seen so far and `totalIsCapped` says it
 * is a lower bound ("over N"). Other sorts rank the first COUNT_CAP listings along the route.
 * Map points are every listing of a corridor walked to its end (up to MAP_POINTS_CAP, in result
 * order), else a capped sample spread evenly along the whole route: never the walk's own rows.
 */
export async function corridorPage(sql: SqlClient, plan: RoutePlan, where: PendingQuery<Row[]>, options: CorridorOptions): Promise<AssembledPage & { listed?: PageListings }> {
  const { ordered, finished, ...page } = await walkCorridor(sql, plan, where, options);
  if (!options.includeMapPoints) return { ...page, mapPoints: [] };
  // A corridor walked to its end is small: all of it, in result order. Otherwise an evenly spread sample.
  const mapPoints = finished ? await mapPointsOf(sql, ordered.slice(0, MAP_POINTS_CAP).map((c) => c.id)) : await corridorMapPoints(sql, plan, where, options.startMetres ?? 0);
  return { ...page, mapPoints };
}

async function mapPointsOf(sql: SqlClient, ids: number[]): Promise<AssembledPage["mapPoints"]> {
  if (!ids.length) return [];
  const rows = await sql<AssembledPage["mapPoints"]>`
    SELECT ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng, l.id, listing_url(l.walk_type, l.slug) AS url, l.free AS "isFree"
    FROM listings l WHERE l.id = ANY(${ids}::int[])`;
  const byId = new Map(rows.map((m) => [m.id, m]));
  return ids.flatMap((id) => {
    const point = byId.get(id);
    return point ? [point] : [];
  });
}

async function walkCorridor(
  sql: SqlClient,
  plan: RoutePlan,
  where: PendingQuery<Row[]>,
  options: CorridorOptions,
): Promise<Omit<AssembledPage, "mapPoints"> & { ordered: CorridorRow[]; finished: boolean; listed?: PageListings }> {
  const p = plan.pieces;
  const count = p.x0.length;
  const offset = Math.max(0, options.startMetres ?? 0);
  const bounds = boundsOf(p);
  const arcs = arcsOf(plan);
  // Pieces that end before the start offset are never walked; listings nearest to them are left out.
  let start = 0;
  while (start < count && p.m1[start] < offset) start++;
  let next = start;
  let batchMetres = BATCH_FIRST_METRES;
  const seen = new Map<number, CorridorRow>();
  /** Pieces outside the walked stretch already checked exactly for a listing. */
  const checked = new Map<number, Set<number>>();
  const wanted = options.page * options.limit;
  const byRoute = options.sort === "distance_in";
  const wide = options.sort === "popularity" || options.sort === "name";

  const merge = (rows: CorridorRow[]) => {
    for (const row of rows) {
      const before = seen.get(row.id);
      seen.set(row.id, before ? nearer(before, row) : row);
    }
  };
  const walkNext = async () => {
    const from = next;
    const until = p.m0[from] + batchMetres;
    while (next < count && (next === from || p.m0[next] < until)) next++;
    // No stub left behind: a rest of the route shorter than half this batch joins it (a batch grows by at
    // most half), where it would have cost a statement of its own (London to Leeds: 3 counting statements → 2).
    if (next < count && p.m1[count - 1] - p.m0[next] < batchMetres / 2) next = count;
    batchMetres = Math.min(BATCH_MAX_METRES, batchMetres * 2);
    const pieces = range(from, next);
    merge(measure(plan, await sql<Candidate[]>`${corridorCandidates(sql, plan, where, pieces, wide)}`, pieces));
  };
  /** Listings are placed for certain before this measure (unseen listings all lie at or beyond it). */
  const horizon = () => (next < count ? p.m0[next] : Infinity);
  /** Pieces not walked (nor checked) that could be nearer to the listing than the piece it has now. */
  const doubtful = (c: CorridorRow, pieces: Iterable<number>): number[] => {
    const out: number[] = [];
    const done = checked.get(c.id);
    const x = c.lng;
    const y = c.lat;
    const d = c.distance_m;
    const v = unitVector(x, y);
    for (const i of pieces) {
      if (done?.has(i)) continue;
      // A piece farther than the corridor's width cannot be nearer (a few products, before the haversine).
      if (arcs.isFar(i, v)) continue;
      if (haversine([x, y], [bounds.lng[i], bounds.lat[i]]) - bounds.reach[i] < d) out.push(i);
    }
    return out;
  };
  const unwalked = function* () {
    for (let i = 0; i < start; i++) yield i;
    for (let i = next; i < count; i++) yield i;
  };
  /** Measures the listings exactly against the pieces the bound could not rule out; answers whether any needed it. */
  const settle = (listings: CorridorRow[], pieces: (c: CorridorRow) => Iterable<number>): boolean => {
    let any = false;
    for (const c of listings) {
      const doubt = doubtful(c, pieces(c));
      if (!doubt.length) continue;
      any = true;
      merge(measure(plan, [c], doubt));
      const done = checked.get(c.id) ?? new Set<number>();
      for (const i of doubt) done.add(i);
      checked.set(c.id, done);
    }
    return any;
  };

  const firstOnPage = (options.page - 1) * options.limit;
  /** The page's listings, asked as soon as the page was certain. */
  let early: { ids: number[]; listed: Promise<PageListings> } | null = null;
  if (byRoute) {
    // How many of the placed listings each exact check covers. It starts at the page and doubles each
    // time a check moved listings: near a start offset many listings belong before it, and checking
    // them one page at a time sorted the placed listings again for each listing that left.
    let window = wanted;
    for (;;) {
      const h = horizon();
      const placed = [...seen.values()].filter((c) => c.distance_in_m >= offset && c.distance_in_m < h).sort(byMeasure);
      if (placed.length < wanted && next < count) {
        // The walk counts on to EXACT_COUNT_BUDGET listings anyway once the page is certain, so after the
        // first batch it is sized as the counting is: a sparse route (York to Edinburgh) found its page in 8
        // doubling batches of 2 km and up, now in 2 or 3.
        if (next > start) batchMetres = countingBatchMetres(batchMetres, EXACT_COUNT_BUDGET - seen.size, seen.size, p.m0[next] - p.m0[start]);
        await walkNext();
        continue;
      }
      if (!settle(placed.slice(0, window), unwalked)) {
        // The page is certain: no listing seen later comes before it, and its listings keep their places
        // (each was measured against every piece not walked that could be nearer). With counting batches
        // still to walk, its listings are read beside them, one round trip fewer to wait for (decision
        // 0357). Before the start offset nothing is walked later (start 0), so nothing can leave the page.
        const willCount = next < count && seen.size < EXACT_COUNT_BUDGET;
        if (options.readPage && willCount && start === 0) {
          const ids = placed.slice(firstOnPage, firstOnPage + options.limit).map((c) => c.id);
          early = { ids, listed: options.readPage(ids) };
          // Awaited after the walk; a failure meanwhile is not an unhandled rejection.
          early.listed.catch(() => undefined);
        }
        break;
      }
      window *= 2;
    }
    // Counting is cheap while the corridor is small: go on while few listings are known. The page is
    // certain, so each batch is sized to the listings still to count at the density walked so far
    // (decision 0201): on the demo data London to Leeds counts in 2 queries instead of 7.
    while (next < count && seen.size < EXACT_COUNT_BUDGET) {
      batchMetres = countingBatchMetres(batchMetres, EXACT_COUNT_BUDGET - seen.size, seen.size, p.m0[next] - p.m0[start]);
      await walkNext();
    }
  } else {
    // Other sorts rank every listing up to COUNT_CAP: the batches are sized the same way after the first.
    while (next < count && seen.size <= COUNT_CAP) {
      if (next > start) batchMetres = countingBatchMetres(batchMetres, COUNT_CAP + 1 - seen.size, seen.size, p.m0[next] - p.m0[start]);
      await walkNext();
    }
  }

  const finished = next >= count;
  const h = horizon();
  if (finished && start > 0) {
    // Listings seen from the walked stretch may lie nearer to a piece before the start offset.
    const before = range(0, start);
    settle([...seen.values()], () => before);
  }
  const inRange = (c: CorridorRow) => c.distance_in_m >= offset;
  const ordered = [...seen.values()].filter((c) => inRange(c) && c.distance_in_m < h).sort(compare(options.sort));
  const onPage = ordered.slice(firstOnPage, firstOnPage + options.limit);
  // Unfinished: a lower bound, leaving out listings that might lie nearer to a piece before the start.
  const beforeStart = range(0, start);
  const total = finished ? ordered.length : [...seen.values()].filter((c) => inRange(c) && (start === 0 || doubtful(c, beforeStart).length === 0)).length;
  // The listings read early are the page's (as the page was certain); were they not, the response reads them again.
  const listed = early ? await early.listed : undefined;
  const same = early !== null && early.ids.length === onPage.length && onPage.every((c, i) => c.id === early?.ids[i]);
  return {
    rows: onPage.map((c) => pageRow(p, c)),
    listed: same ? listed : undefined,
    total: byRoute || finished ? total : Math.min(total, COUNT_CAP),
    totalIsCapped: !finished,
    ordered,
    finished,
  };
}

/**
 * Map points for the whole route: from up to MAP_SAMPLE_POINTS points spread evenly along it,
 * the nearest listings within the corridor of each, MAP_POINTS_CAP in all, in route order.
 */
export async function corridorMapPoints(sql: SqlClient, plan: RoutePlan, where: PendingQuery<Row[]>, startMetres = 0): Promise<AssembledPage["mapPoints"]> {
  const length = plan.route.distanceMetres - startMetres;
  if (length <= 0) return [];
  const samples = Math.max(1, Math.min(MAP_SAMPLE_POINTS, Math.ceil(length / 2_000)));
  const each = Math.ceil(MAP_POINTS_CAP / samples);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < samples; i++) {
    const [x, y] = pointAtMetres(plan.route, startMetres + ((i + 0.5) / samples) * length);
    xs.push(x);
    ys.push(y);
  }
  const rows = await sql<(AssembledPage["mapPoints"][number] & { n: number })[]>`
    SELECT DISTINCT ON (near.id) near.lat, near.lng, near.id, near.url, near."isFree", s.n
    FROM (
      -- Each sample's point made once (OFFSET 0), not again for each listing tested against it.
      SELECT u.n, ST_SetSRID(ST_MakePoint(u.x, u.y), 4326)::geography AS g
      FROM unnest(${xs}::float8[], ${ys}::float8[]) WITH ORDINALITY AS u(x, y, n)
      OFFSET 0
    ) s
    CROSS JOIN LATERAL (
      SELECT ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng, l.id, listing_url(l.walk_type, l.slug) AS url, l.free AS "isFree"
      FROM listings l
      WHERE ${where} AND ST_DWithin(l.location, s.g, ${plan.corridorMetres}, false)
      ORDER BY l.location <-> s.g
      LIMIT ${each}
    ) near
    ORDER BY near.id, s.n`;
  return rows
    .sort((a, b) => Number(a.n) - Number(b.n) || a.id - b.id)
    .slice(0, MAP_POINTS_CAP)
    .map(({ lat, lng, id, url, isFree }) => ({ lat, lng, id, url, isFree }));
}

/**
 * planRoute for the form's fields, where a chosen suggestion (from-id, to-id) stands for exactly that
 * place: it reaches the planner as its coordinates and comes back with the field's label.
 */
async function planChosenRoute(sql: SqlClient, engine: RoutingEngine, filters: SearchFilters, corridorMetres: number, places?: PlaceLookups) {
  const chosen = async (text: string | undefined, placeRef: string | undefined, field: string) =>
    placeRef && text?.trim() !== CURRENT_LOCATION_LABEL ? resolveSearchPoint(sql, { location: text, placeRef, field }) : null;
  const [from, to] = await Promise.all([chosen(filters.from, filters.fromId, "from"), chosen(filters.to, filters.toId, "to")]);
  const asText = (point: SearchPoint | null, text: string | undefined) => (point ? `${point.lat},${point.lng}` : text);
  const plan = await planRoute(sql, engine, { from: asText(from, filters.from), to: asText(to, filters.to), geoLocation: filters.geoLocation }, corridorMetres, places);
  if (from) plan.summary.from = { ...plan.summary.from, label: from.label };
  if (to) plan.summary.to = { ...plan.summary.to, label: to.label };
  return plan;
}

/** Listings along a drive: the route from the routing engine, then the listings within its corridor, in order along it. */
export async function searchRoute<R extends ListingRead = "full">(sql: SqlClient, engine: RoutingEngine, filters: SearchFilters, options: SearchOptions<R> = {}): Promise<SearchResponseOf<R>> {
  const start = startSearch(sql, "route", filters, options);
  const base = start.context;
  const distance = filters.distance ?? DEFAULT_DISTANCE_MILES;
  const plan = await planChosenRoute(sql, engine, filters, milesToMetres(distance), options.places);
  const startHours = filters.startHours ?? 0;
  // The first page by hour (decision 0245) is the default list's: page 1, from the start, by distance along, of a drive long enough.
  const byHour = options.byHour && start.sort === "distance_in" && filters.page === 1 && startHours === 0 && plan.route.durationSeconds >= options.byHour.fromSeconds;
  const readPage = (ids: number[]) => readPageListings(sql, ids, options);
  const [page, marks] = await Promise.all([
    corridorPage(sql, plan, start.where, { ...start.paging, startMetres: metresAfterSeconds(plan.route, startHours * 3600), readPage }),
    stopsAndHours(sql, plan.route, byHour ? { where: start.where, corridorMetres: plan.corridorMetres } : undefined),
  ]);
  base.route = { ...plan.summary, startHours, stops: marks.stops };
  base.normalPoints = [plan.summary.from, plan.summary.to];
  base.distance = distance;
  const response = await searchResponse(sql, filters, start, page, options);
  return options.byHour ? { ...response, driveHours: marks.hours } : response;
}
