import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { AppError } from "../../core/errors";
import type { RoutingEngine } from "../routing/port";
import type { KindFilters } from "../search/filters";
import { CURRENT_LOCATION_LABEL, resolveSearchPoint, type SearchPoint } from "../search/points";
import { listingFilterSql } from "../search/query";
import { planRoute, type RoutePieces, type RoutePlan } from "../search/route";
import { metresToMiles } from "../units";
import { detourSeconds } from "./detours";
import type { BreakKind, TripQuery, TripStopRef } from "./query";
import { londonToInstant, nextMorning } from "./time";
import { type Listing, type ListingRow, listingSql, live, toListing } from "../listing";

/** Listings this far from the route (metres) can be a break; the detour itself is measured by routing. */
const CORRIDOR_METRES = 8_000;
/** A detour (there and back) up to this long is what the plan aims for. */
export const GOOD_DETOUR_SECONDS = 10 * 60;
/** Past this a detour is not sensible: the break point says so and offers the nearest listings. */
export const SENSIBLE_DETOUR_SECONDS = 25 * 60;
/** A break may come this much earlier than the interval asks (a better stop a little before the point)… */
const EARLIER_SECONDS = 30 * 60;
/** …or this much later (no two breaks more than the interval and a quarter of an hour apart). */
const LATER_SECONDS = 10 * 60;
/** No break in the last stretch of the drive: the destination is the break. */
const LAST_STRETCH_SECONDS = 15 * 60;
/** Candidates measured by the routing engine for each break (the nearest to the route first). */
const ROUTED_CANDIDATES = 12;
const ALTERNATIVES = 3;
/** How far the nearest listings are looked for when a break point has none within a sensible detour. */
const NEAREST_METRES = 100_000;
const VET_METRES = 16_000;

export interface TripListing {
  id: number;
  title: string;
  url: string;
  typeName: string;
  address: string;
  lat: number;
  lng: number;
  rating: number | null;
  reviews: number;
  photos: number;
}

export interface TripOption {
  listing: TripListing;
  /** There and back to the route, by the routing engine; null when the graph has no path there. */
  detourMinutes: number | null;
  /** Where the drive leaves the route for it. */
  alongMiles: number;
  alongSeconds: number;
  access: [number, number];
}

export interface TripStop extends TripOption {
  index: number;
  kind: "break" | "overnight";
  /** When you arrive at the listing. */
  arrival: string;
  breakMinutes: number;
  alternatives: TripOption[];
  /** The nearest vet to the stop, when "vet on the way" was asked for. */
  vet: TripListing | null;
  /**
   * Minutes of the route driven back to reach this stop, when the plan's order puts it behind the one
   * before (a reordered plan); 0 in the order of the drive.
   */
  backMinutes: number;
}

/** A break point where nothing fits within a sensible detour. */
export interface TripGap {
  kind: "break" | "overnight";
  alongMiles: number;
  alongSeconds: number;
  point: [number, number];
  message: string;
  nearest: TripOption[];
}

export interface TripPlan {
  from: SearchPoint;
  to: SearchPoint;
  departure: string;
  arrival: string;
  distanceMiles: number;
  /** The route's own driving time plus every detour, and any stretch driven twice because of the stops' order. */
  drivingMinutes: number;
  /** Driving added by the stops' order (back along the route and forward again); 0 in the order of the drive. */
  backtrackMinutes: number;
  breakMinutes: number;
  stops: TripStop[];
  gaps: TripGap[];
  route: [number, number][];
  /** The interval was longer than the drive: no break is needed. */
  noBreakNeeded: boolean;
}

const KIND_FILTERS: Record<BreakKind | "overnight", KindFilters> = {
  walk: { types: [], allWalks: true, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false },
  "pub-walk": { types: [], allWalks: false, pubWalks: true, beachWalks: false, accommodation: false, dogServices: false },
  beach: { types: [3], allWalks: false, pubWalks: false, beachWalks: true, accommodation: false, dogServices: false },
  // Any dog-friendly stop: walks, pubs and cafés, beaches, member businesses (not vets: that is its own filter).
  any: { types: [1, 2, 3, 4], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false },
  overnight: { types: [4], allWalks: false, pubWalks: false, beachWalks: false, accommodation: true, dogServices: false },
};

export const GAP_MESSAGE: Record<BreakKind | "overnight", string> = {
  walk: "No dog walk within a sensible detour of this point of the drive.",
  "pub-walk": "No walk with a pub or café within a sensible detour of this point of the drive.",
  beach: "No beach within a sensible detour of this point of the drive.",
  any: "No dog-friendly stop within a sensible detour of this point of the drive.",
  overnight: "No dog-friendly accommodation within a sensible detour of this point of the drive.",
};

function kindWhere(sql: SqlClient, kind: BreakKind | "overnight"): PendingQuery<Row[]> {
  return listingFilterSql(sql, { ...KIND_FILTERS[kind], facilities: [] });
}

/** Where a point meets the route: the nearest piece among `indices`, in a local frame. */
interface Located {
  metres: number;
  seconds: number;
  point: [number, number];
  offMetres: number;
}

function locate(p: RoutePieces, indices: Iterable<number>, lng: number, lat: number): Located | null {
  let best: Located | null = null;
  for (const i of indices) {
    const k = Math.cos((((p.y0[i] + p.y1[i]) / 2) * Math.PI) / 180);
    const dx = (p.x1[i] - p.x0[i]) * k;
    const dy = p.y1[i] - p.y0[i];
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((lng - p.x0[i]) * k * dx + (lat - p.y0[i]) * dy) / len2));
    const x = p.x0[i] + t * (p.x1[i] - p.x0[i]);
    const y = p.y0[i] + t * (p.y1[i] - p.y0[i]);
    const off = Math.hypot((lng - x) * k, lat - y) * 111_195;
    if (!best || off < best.offMetres) {
      best = { metres: p.m0[i] + t * (p.m1[i] - p.m0[i]), seconds: p.s0[i] + t * (p.s1[i] - p.s0[i]), point: [x, y], offMetres: off };
    }
  }
  return best;
}

/** Indices of the pieces whose drive time overlaps [from, to] seconds. */
function piecesBetween(p: RoutePieces, from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < p.s0.length; i++) if (p.s1[i] >= from && p.s0[i] <= to) out.push(i);
  return out;
}

function pointAtSeconds(p: RoutePieces, seconds: number): [number, number] {
  for (let i = 0; i < p.s0.length; i++) {
    if (p.s1[i] >= seconds) {
      const span = p.s1[i] - p.s0[i];
      const t = span > 0 ? Math.max(0, (seconds - p.s0[i]) / span) : 0;
      return [p.x0[i] + t * (p.x1[i] - p.x0[i]), p.y0[i] + t * (p.y1[i] - p.y0[i])];
    }
  }
  const last = p.x1.length - 1;
  return [p.x1[last], p.y1[last]];
}

function metresAtSeconds(p: RoutePieces, seconds: number): number {
  for (let i = 0; i < p.s0.length; i++) {
    if (p.s1[i] >= seconds) {
      const span = p.s1[i] - p.s0[i];
      const t = span > 0 ? Math.max(0, (seconds - p.s0[i]) / span) : 0;
      return p.m0[i] + t * (p.m1[i] - p.m0[i]);
    }
  }
  return p.m1[p.m1.length - 1] ?? 0;
}

interface Candidate {
  id: number;
  lng: number;
  lat: number;
  at: Located;
}

/**
 * Kinds with few listings: their candidates are every listing of the kind within the corridor (an index
 * scan of the corridor, few rows). For the common kinds the nearest listings of each piece are read by
 * the index's nearest-first scan instead (decision 0285): at a million listings the corridor of a
 * 40-minute window holds ~8,000 walks, of which only the dozen nearest to the route are measured.
 */
const RARE_KINDS: ReadonlySet<BreakKind | "overnight"> = new Set(["beach", "overnight"]);

/** Listings of a kind within the corridor of the given pieces, each placed where it meets them. */
async function windowCandidates(sql: SqlClient, plan: RoutePlan, pieces: number[], kind: BreakKind | "overnight", exclude: number[]): Promise<Candidate[]> {
  if (pieces.length === 0) return [];
  const p = plan.pieces;
  const where = kindWhere(sql, kind);
  const pick = (values: number[]) => pieces.map((i) => values[i]);
  const piecesSql = sql`
    SELECT ST_SetSRID(ST_MakeLine(ST_MakePoint(u.x0, u.y0), ST_MakePoint(u.x1, u.y1)), 4326)::geography AS g
    FROM unnest(${pick(p.x0)}::float8[], ${pick(p.y0)}::float8[], ${pick(p.x1)}::float8[], ${pick(p.y1)}::float8[]) AS u(x0, y0, x1, y1)
    OFFSET 0`;
  const rows = RARE_KINDS.has(kind)
    ? await sql<{ id: number; lng: number; lat: number }[]>`
        SELECT DISTINCT l.id, ST_X(l.location::geometry) AS lng, ST_Y(l.location::geometry) AS lat
        FROM (${piecesSql}) piece
        JOIN listings l ON ST_DWithin(l.location, piece.g, ${CORRIDOR_METRES}::float8, false)
        WHERE ${where} AND l.id <> ALL(${exclude}::int[])`
    : await sql<{ id: number; lng: number; lat: number }[]>`
        SELECT DISTINCT near.id, near.lng, near.lat
        FROM (${piecesSql}) piece
        CROSS JOIN LATERAL (
          SELECT l.id, ST_X(l.location::geometry) AS lng, ST_Y(l.location::geometry) AS lat
          FROM listings l
          WHERE ${where} AND l.id <> ALL(${exclude}::int[]) AND ST_DWithin(l.location, piece.g, ${CORRIDOR_METRES}::float8, false)
          ORDER BY l.location <-> piece.g
          LIMIT ${ROUTED_CANDIDATES}
        ) near`;
  return rows.flatMap((r) => {
    const at = locate(p, pieces, r.lng, r.lat);
    return at ? [{ ...r, at }] : [];
  });
}

/**
 * What a stop shows of its listing: the listing read model (geo/listing.ts: listingSql, toListing, live) with
 * the walk type's name, and the rating and review count the score uses, in one statement.
 */
async function loadListings(sql: SqlClient, ids: number[]): Promise<Map<number, TripListing>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<(ListingRow & { walk_type_name: string; rating: string | null; reviews: number })[]>`
    SELECT x.*, w.name AS walk_type_name, r.rating, coalesce(r.reviews, 0)::int AS reviews
    FROM (${listingSql(sql, sql`l.id = ANY(${ids}::int[]) AND ${live(sql)}`)}) x
    JOIN walk_types w ON w.path = x.walk_type
    LEFT JOIN LATERAL (SELECT avg(rating)::numeric(3, 2)::text AS rating, count(*) AS reviews FROM reviews WHERE listing_id = x.id AND status IN (1, 2)) r ON true`;
  return new Map(rows.map((r) => [r.id, tripListing(toListing(r), r.walk_type_name, r.rating, r.reviews)]));
}

/** A stop's view of a listing. */
function tripListing(listing: Listing, typeName: string, rating: string | null, reviews: number): TripListing {
  const address = [listing.address, listing.town, listing.postcode].filter((part) => part !== "").join(", ");
  return { id: listing.id, title: listing.title, url: listing.url, typeName, address, lat: listing.lat, lng: listing.lng, rating: rating === null ? null : Number(rating), reviews, photos: listing.photos.length };
}

/** Lower is better: minutes of detour, less for a good rating, photos, and a stop of the very kind asked for. */
function score(option: TripOption, target: number | null, kind: BreakKind | "overnight"): number {
  const l = option.listing;
  const detour = option.detourMinutes ?? 999;
  const rating = l.rating === null ? 0 : (l.rating - 3) * 1.5;
  const photos = l.photos > 0 ? 2 : 0;
  const type = kind === "any" && l.url.startsWith("/dog-walk/") ? 1 : 0;
  const early = target === null ? 0 : Math.abs(target - option.alongSeconds) / 60 / 10;
  return detour - rating - photos - type + early;
}

/** The routed options of a window: the nearest candidates measured by the routing engine, best first. */
async function routedOptions(sql: SqlClient, candidates: Candidate[], limit = ROUTED_CANDIDATES): Promise<TripOption[]> {
  const nearest = [...candidates].sort((a, b) => a.at.offMetres - b.at.offMetres || a.id - b.id).slice(0, limit);
  const [detours, listings] = await Promise.all([
    detourSeconds(
      sql,
      nearest.map((c) => ({ access: c.at.point, listing: [c.lng, c.lat] })),
    ),
    loadListings(
      sql,
      nearest.map((c) => c.id),
    ),
  ]);
  return nearest.flatMap((c, i) => {
    const listing = listings.get(c.id);
    if (!listing) return [];
    const seconds = detours[i];
    return [{ listing, detourMinutes: seconds === null ? null : Math.round(seconds / 60), alongMiles: round1(metresToMiles(c.at.metres)), alongSeconds: c.at.seconds, access: c.at.point }];
  });
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The best option near a target time of the drive, with its alternatives, or a gap with the nearest listings. */
async function chooseAt(
  sql: SqlClient,
  plan: RoutePlan,
  kind: BreakKind | "overnight",
  window: { from: number; to: number; target: number },
  exclude: number[],
): Promise<{ chosen: TripOption; alternatives: TripOption[] } | { gap: TripGap }> {
  const candidates = await windowCandidates(sql, plan, piecesBetween(plan.pieces, window.from, window.to), kind, exclude);
  const inWindow = candidates.filter((c) => c.at.seconds >= window.from && c.at.seconds <= window.to);
  const options = await routedOptions(sql, inWindow);
  const sensible = options.filter((o) => o.detourMinutes !== null && o.detourMinutes * 60 <= SENSIBLE_DETOUR_SECONDS);
  // A stop within a good detour wins over a better-rated one further away.
  const good = sensible.filter((o) => (o.detourMinutes ?? Infinity) * 60 <= GOOD_DETOUR_SECONDS);
  const pool = good.length > 0 ? good : sensible;
  const ranked = [...pool].sort((a, b) => score(a, window.target, kind) - score(b, window.target, kind) || a.listing.id - b.listing.id);
  if (ranked.length > 0) {
    const chosen = ranked[0];
    const rest = sensible.filter((o) => o !== chosen).sort((a, b) => score(a, window.target, kind) - score(b, window.target, kind) || a.listing.id - b.listing.id);
    return { chosen, alternatives: rest.slice(0, ALTERNATIVES) };
  }
  const point = pointAtSeconds(plan.pieces, window.target);
  const nearest = options.length > 0 ? options : await nearestOptions(sql, plan, kind, point, exclude);
  return {
    gap: {
      kind: kind === "overnight" ? "overnight" : "break",
      alongSeconds: window.target,
      alongMiles: round1(metresToMiles(metresAtSeconds(plan.pieces, window.target))),
      point,
      message: GAP_MESSAGE[kind],
      nearest: [...nearest].sort((a, b) => (a.detourMinutes ?? Infinity) - (b.detourMinutes ?? Infinity)).slice(0, ALTERNATIVES),
    },
  };
}

/** The listings of a kind nearest to a point of the drive (KNN, up to NEAREST_METRES), measured by routing. */
async function nearestOptions(sql: SqlClient, plan: RoutePlan, kind: BreakKind | "overnight", point: [number, number], exclude: number[]): Promise<TripOption[]> {
  const rows = await sql<{ id: number; lng: number; lat: number }[]>`
    SELECT l.id, ST_X(l.location::geometry) AS lng, ST_Y(l.location::geometry) AS lat
    FROM listings l
    WHERE ${kindWhere(sql, kind)} AND l.id <> ALL(${exclude}::int[])
      AND ST_DWithin(l.location, ST_SetSRID(ST_MakePoint(${point[0]}, ${point[1]}), 4326)::geography, ${NEAREST_METRES}, false)
    ORDER BY l.location <-> ST_SetSRID(ST_MakePoint(${point[0]}, ${point[1]}), 4326)::geography
    LIMIT ${ALTERNATIVES}`;
  const all = Array.from({ length: plan.pieces.x0.length }, (_, i) => i);
  const candidates = rows.flatMap((r) => {
    const at = locate(plan.pieces, all, r.lng, r.lat);
    return at ? [{ ...r, at }] : [];
  });
  return routedOptions(sql, candidates, ALTERNATIVES);
}

/** The vet nearest to each stop (one statement for the whole plan). */
async function nearestVets(sql: SqlClient, points: [number, number][]): Promise<(TripListing | null)[]> {
  if (points.length === 0) return [];
  const rows = await sql<{ n: number; id: number | null }[]>`
    SELECT s.n::int AS n, v.id
    FROM unnest(${points.map((p) => p[0])}::float8[], ${points.map((p) => p[1])}::float8[]) WITH ORDINALITY AS s(x, y, n)
    LEFT JOIN LATERAL (
      SELECT l.id FROM listings l
      WHERE ${live(sql)} AND l.type_id = 5 AND ST_DWithin(l.location, ST_SetSRID(ST_MakePoint(s.x, s.y), 4326)::geography, ${VET_METRES}, false)
      ORDER BY l.location <-> ST_SetSRID(ST_MakePoint(s.x, s.y), 4326)::geography
      LIMIT 1
    ) v ON true`;
  const listings = await loadListings(
    sql,
    rows.flatMap((r) => (r.id === null ? [] : [r.id])),
  );
  const byN = new Map(rows.map((r) => [r.n, r.id === null ? null : (listings.get(r.id) ?? null)]));
  return points.map((_, i) => byN.get(i + 1) ?? null);
}

interface Picked {
  option: TripOption;
  alternatives: TripOption[];
  kind: "break" | "overnight";
  minutes: number | null;
}

/** Resolves from and to (a chosen suggestion stands for exactly that place) and routes the drive. */
async function routeTrip(sql: SqlClient, engine: RoutingEngine, q: TripQuery): Promise<RoutePlan> {
  const chosen = async (text: string, placeRef: string | undefined, field: string) =>
    placeRef && text.trim() !== CURRENT_LOCATION_LABEL ? resolveSearchPoint(sql, { location: text, placeRef, field }) : null;
  const [from, to] = await Promise.all([chosen(q.from, q.fromId, "from"), chosen(q.to, q.toId, "to")]);
  const asText = (point: SearchPoint | null, text: string) => (point ? `${point.lat},${point.lng}` : text);
  const plan = await planRoute(sql, engine, { from: asText(from, q.from), to: asText(to, q.to) }, CORRIDOR_METRES);
  if (from) plan.summary.from = { ...plan.summary.from, label: from.label };
  if (to) plan.summary.to = { ...plan.summary.to, label: to.label };
  return plan;
}

/** The automatic plan: a break every interval of driving, the next counted from where the last one left the route. */
async function autoStops(sql: SqlClient, plan: RoutePlan, q: TripQuery): Promise<{ picked: Picked[]; gaps: TripGap[] }> {
  const duration = plan.route.durationSeconds;
  const every = q.every * 60;
  const picked: Picked[] = [];
  const gaps: TripGap[] = [];
  const used: number[] = [];
  let last = 0;
  let overnightDone = !q.overnight || duration <= q.overnight * 3600;
  while (picked.length + gaps.length < 48) {
    let target = last + every;
    let kind: BreakKind | "overnight" = q.kind;
    if (!overnightDone && q.overnight && target >= q.overnight * 3600) {
      target = q.overnight * 3600;
      kind = "overnight";
      overnightDone = true;
    }
    if (target >= duration - LAST_STRETCH_SECONDS) break;
    const earlier = kind === "overnight" ? 60 * 60 : EARLIER_SECONDS;
    const window = { from: Math.max(last + every / 3, target - earlier), to: Math.min(duration - LAST_STRETCH_SECONDS, target + LATER_SECONDS), target };
    const found = await chooseAt(sql, plan, kind, window, used);
    if ("gap" in found) {
      gaps.push(found.gap);
      last = target;
      continue;
    }
    used.push(found.chosen.listing.id);
    picked.push({ option: found.chosen, alternatives: found.alternatives, kind: kind === "overnight" ? "overnight" : "break", minutes: kind === "overnight" ? null : q.length });
    last = found.chosen.alongSeconds;
  }
  return { picked, gaps };
}

/** An edited plan: exactly the listed stops, in the listed order (the visitor may reorder them), each with alternatives near it. */
async function listedStops(sql: SqlClient, plan: RoutePlan, q: TripQuery, refs: TripStopRef[]): Promise<Picked[]> {
  const ids = refs.map((r) => r.listingId);
  const rows = await sql<{ id: number; lng: number; lat: number; overnight: boolean }[]>`
    SELECT l.id, ST_X(l.location::geometry) AS lng, ST_Y(l.location::geometry) AS lat, l.walk_type = 'dog-friendly-accommodation' AS overnight
    FROM listings l WHERE l.id = ANY(${ids}::int[]) AND ${live(sql)}`;
  const all = Array.from({ length: plan.pieces.x0.length }, (_, i) => i);
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError(404, "A stop of this plan is no longer listed. Please choose another one.", { code: "trip-stop-gone" });
  const candidates = refs.map((ref) => {
    const r = found.get(ref.listingId) as { id: number; lng: number; lat: number; overnight: boolean };
    return { ...r, ref, at: locate(plan.pieces, all, r.lng, r.lat) as Located };
  });
  const options = await routedOptions(sql, candidates, candidates.length);
  const byId = new Map(options.map((o) => [o.listing.id, o]));
  const picked = await Promise.all(
    candidates.map(async (c) => {
      const option = byId.get(c.id) as TripOption;
      const kind: BreakKind | "overnight" = c.overnight ? "overnight" : q.kind;
      const window = { from: c.at.seconds - 20 * 60, to: c.at.seconds + 20 * 60, target: c.at.seconds };
      const near = await chooseAt(sql, plan, kind, window, ids);
      const alternatives = "gap" in near ? [] : [near.chosen, ...near.alternatives].slice(0, ALTERNATIVES);
      return { option, alternatives, kind: c.overnight ? ("overnight" as const) : ("break" as const), minutes: c.ref.minutes };
    }),
  );
  return picked;
}

/** The best stop near a point of the drive (hours into it), for "add a stop here". */
export async function stopNear(sql: SqlClient, engine: RoutingEngine, q: TripQuery, hours: number, exclude: number[]): Promise<TripOption | null> {
  const plan = await routeTrip(sql, engine, q);
  const target = Math.min(hours * 3600, plan.route.durationSeconds);
  const found = await chooseAt(sql, plan, q.kind, { from: target - 20 * 60, to: target + 20 * 60, target }, exclude);
  return "gap" in found ? null : found.chosen;
}

/** Times are shown and exported to the minute. */
const toMinute = (ms: number) => new Date(Math.round(ms / 60_000) * 60_000);

/**
 * Plans a drive: routes it, finds the break points and a stop for each (or, for an edited plan, takes
 * the listed stops), and times the whole day from the departure in Europe/London.
 */
export async function planTrip(sql: SqlClient, engine: RoutingEngine, q: TripQuery): Promise<TripPlan> {
  const plan = await routeTrip(sql, engine, q);
  const departure = londonToInstant(q.depart);
  const { picked, gaps } = q.edited ? { picked: await listedStops(sql, plan, q, q.stops ?? []), gaps: [] } : await autoStops(sql, plan, q);
  const vets = q.vet ? await nearestVets(
    sql,
    picked.map((p) => [p.option.listing.lng, p.option.listing.lat]),
  ) : picked.map(() => null);

  // Each stop's arrival: the drive along the route to where it leaves it (back along the route when the
  // plan's order puts it behind the stop before), every earlier detour and break, and half its own detour.
  let position = 0;
  let positionMiles = 0;
  let backMiles = 0;
  let routeSeconds = 0;
  let spentSeconds = 0;
  let detourTotal = 0;
  let breakTotal = 0;
  const stops: TripStop[] = picked.map((p, index) => {
    const detour = (p.option.detourMinutes ?? 0) * 60;
    const back = Math.max(0, position - p.option.alongSeconds);
    routeSeconds += Math.abs(p.option.alongSeconds - position);
    position = p.option.alongSeconds;
    backMiles += Math.max(0, positionMiles - p.option.alongMiles);
    positionMiles = p.option.alongMiles;
    const arrival = toMinute(departure.getTime() + (routeSeconds + spentSeconds + detour / 2) * 1000);
    const minutes = p.minutes ?? Math.round((nextMorning(arrival).getTime() - arrival.getTime()) / 60_000);
    spentSeconds += detour + minutes * 60;
    detourTotal += detour;
    breakTotal += minutes;
    return { ...p.option, index, kind: p.kind, arrival: arrival.toISOString(), breakMinutes: minutes, alternatives: p.alternatives, vet: vets[index], backMinutes: Math.round(back / 60) };
  });
  routeSeconds += Math.abs(plan.route.durationSeconds - position);
  const drivingSeconds = routeSeconds + detourTotal;
  return {
    from: plan.summary.from,
    to: plan.summary.to,
    departure: departure.toISOString(),
    arrival: toMinute(departure.getTime() + (drivingSeconds + breakTotal * 60) * 1000).toISOString(),
    // A stretch driven back is driven again forward: twice its length.
    distanceMiles: round1(metresToMiles(plan.route.distanceMetres) + 2 * backMiles),
    drivingMinutes: Math.round(drivingSeconds / 60),
    backtrackMinutes: Math.round((routeSeconds - plan.route.durationSeconds) / 60),
    breakMinutes: breakTotal,
    stops,
    gaps,
    route: plan.route.coordinates,
    noBreakNeeded: !q.edited && q.every * 60 >= plan.route.durationSeconds,
  };
}
