import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { GeoError } from "../errors";
import type { Route, RoutingEngine } from "../routing/port";
import { metresToMiles } from "../units";
import { COUNT_CAP, MAP_POINTS_CAP, type SearchFilters, type Sort } from "./filters";
import type { AssembledPage, CandidateColumns } from "./query";
import { CURRENT_LOCATION_LABEL, resolveSearchPoint } from "./points";
import type { RouteSummary } from "./types";

/** Corridor pieces are at most this long, so each piece's bounding box stays small for the index. */
const PIECE_METRES = 20_000;
const SAME_PLACE_METRES = 100;

export interface RoutePlan {
  route: Route;
  summary: RouteSummary;
  corridorMetres: number;
  pieces: { x0: number[]; y0: number[]; x1: number[]; y1: number[]; m0: number[]; m1: number[]; s0: number[]; s1: number[] };
}

function haversine(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Cuts the route into short straight pieces, each carrying the route's distance and time at its
 * ends, so the corridor query tests listings against small pieces (index-friendly) and locates them
 * along the route without per-hit work on the whole line.
 */
export function routePieces(route: Route): RoutePlan["pieces"] {
  const out: RoutePlan["pieces"] = { x0: [], y0: [], x1: [], y1: [], m0: [], m1: [], s0: [], s1: [] };
  for (let i = 1; i < route.coordinates.length; i++) {
    const a = route.coordinates[i - 1];
    const b = route.coordinates[i];
    const ma = route.measures[i - 1];
    const mb = route.measures[i];
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

/** Resolves from and to, asks the routing engine for the drive, and prepares the corridor. */
export async function planRoute(sql: SqlClient, engine: RoutingEngine, filters: Pick<SearchFilters, "from" | "to" | "geoLocation">, corridorMetres: number): Promise<RoutePlan> {
  // The current-location option fills whichever field the visitor chose; its coordinates come in geo-location.
  const geoLocationFor = (text?: string) => (text?.trim() === CURRENT_LOCATION_LABEL ? filters.geoLocation : undefined);
  const from = await resolveSearchPoint(sql, { location: filters.from, geoLocation: geoLocationFor(filters.from), field: "from" });
  const to = await resolveSearchPoint(sql, { location: filters.to, geoLocation: geoLocationFor(filters.to), field: "to" });
  if (haversine([from.lng, from.lat], [to.lng, to.lat]) < SAME_PLACE_METRES) {
    throw new GeoError(422, "Your start and destination are the same place. Please choose two different places.", { to: "Please choose a different destination" });
  }
  const route = await engine.route(from, to);
  if (!route) throw new GeoError(422, "Sorry, we couldn't find a route between those places.", { to: "We couldn't find a route to this place" });
  return {
    route,
    corridorMetres,
    pieces: routePieces(route),
    summary: {
      distance: Math.round(metresToMiles(route.distanceMetres) * 10) / 10,
      duration: Math.round(route.durationSeconds),
      from,
      to,
      geometry: { type: "LineString", coordinates: route.coordinates },
      corridorMetres,
    },
  };
}

/**
 * Listings within the corridor of the route: each tested against the short pieces near it, kept
 * once at its nearest piece, with its distance and time along the route.
 */
export function corridorCandidates(sql: SqlClient, plan: RoutePlan, where: PendingQuery<Row[]>, range: [number, number] = [0, plan.pieces.x0.length]): PendingQuery<Row[]> {
  const p = slicePieces(plan.pieces, range);
  return sql`
    SELECT DISTINCT ON (h.id) h.id, h.distance_m, h.m0 + h.f * (h.m1 - h.m0) AS distance_in_m, h.s0 + h.f * (h.s1 - h.s0) AS duration_in_s,
           h.x0 + h.f * (h.x1 - h.x0) AS ref_lng, h.y0 + h.f * (h.y1 - h.y0) AS ref_lat,
           h.junction_id, NULL::int AS junction_position, h.popularity, h.title
    FROM (
      SELECT l.id, ST_Distance(l.location, p.g, false) AS distance_m, p.x0, p.y0, p.x1, p.y1, p.m0, p.m1, p.s0, p.s1,
             -- Where the listing's closest point falls along the (straight) piece, from 0 to 1, in a local
             -- frame where a degree of longitude is scaled by cos(latitude), so it is measured as on the ground.
             greatest(0, least(1, ((ST_X(l.location::geometry) - p.x0) * p.k2 * (p.x1 - p.x0) + (ST_Y(l.location::geometry) - p.y0) * (p.y1 - p.y0)) / p.len2)) AS f,
             l.junction_id, l.popularity, l.title
      FROM (
        SELECT ST_SetSRID(ST_MakeLine(ST_MakePoint(u.x0, u.y0), ST_MakePoint(u.x1, u.y1)), 4326)::geography AS g, u.x0, u.y0, u.x1, u.y1,
               cos(radians((u.y0 + u.y1) / 2)) ^ 2 AS k2,
               greatest(1e-18, cos(radians((u.y0 + u.y1) / 2)) ^ 2 * (u.x1 - u.x0) ^ 2 + (u.y1 - u.y0) ^ 2) AS len2,
               u.m0, u.m1, u.s0, u.s1
        FROM unnest(${p.x0}::float8[], ${p.y0}::float8[], ${p.x1}::float8[], ${p.y1}::float8[],
                    ${p.m0}::float8[], ${p.m1}::float8[], ${p.s0}::float8[], ${p.s1}::float8[]) AS u(x0, y0, x1, y1, m0, m1, s0, s1)
      ) p
      JOIN listings l ON ST_DWithin(l.location, p.g, ${plan.corridorMetres}, false)
      WHERE ${where}
    ) h
    ORDER BY h.id, h.distance_m, h.m0 + h.f * (h.m1 - h.m0)`;
}

function slicePieces(p: RoutePlan["pieces"], [from, to]: [number, number]): RoutePlan["pieces"] {
  return { x0: p.x0.slice(from, to), y0: p.y0.slice(from, to), x1: p.x1.slice(from, to), y1: p.y1.slice(from, to), m0: p.m0.slice(from, to), m1: p.m1.slice(from, to), s0: p.s0.slice(from, to), s1: p.s1.slice(from, to) };
}

/** Pieces per query: about 40 km of route, so a dense stretch (a city) is one query, not the whole drive. */
const BATCH_PIECES = 2;

function compare(sort: Sort): (a: CandidateColumns, b: CandidateColumns) => number {
  switch (sort) {
    case "distance_away":
      return (a, b) => (a.distance_m ?? 0) - (b.distance_m ?? 0) || a.id - b.id;
    case "popularity":
      return (a, b) => b.popularity - a.popularity || a.id - b.id;
    case "name":
      return (a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()) || a.id - b.id;
    default:
      return (a, b) => (a.distance_in_m ?? 0) - (b.distance_in_m ?? 0) || a.id - b.id;
  }
}

/**
 * The corridor search, walked along the route a batch of pieces at a time. Listings come in route
 * order, so the work stops as soon as the page is settled and the count has reached its cap:
 * a drive out of London does not scan the corridor all the way to Edinburgh to show 20 results.
 * A listing seen again from a later piece keeps the piece it is nearest to. A listing is settled
 * once the walk is more than a corridor (plus the road's winding) beyond it; unseen listings all
 * lie further along. Sorts other than distance along the route rank the first COUNT_CAP listings.
 */
export async function corridorPage(
  sql: SqlClient,
  plan: RoutePlan,
  where: PendingQuery<Row[]>,
  options: { sort: Sort; page: number; limit: number; includeMapPoints: boolean },
): Promise<AssembledPage> {
  const seen = new Map<number, CandidateColumns>();
  const pieces = plan.pieces.x0.length;
  const wanted = options.page * options.limit;
  const margin = plan.corridorMetres * 1.5;
  let done = 0;
  while (done < pieces) {
    const rows = await sql<CandidateColumns[]>`${corridorCandidates(sql, plan, where, [done, Math.min(pieces, done + BATCH_PIECES)])}`;
    for (const row of rows) {
      const before = seen.get(row.id);
      if (!before || (row.distance_m ?? 0) < (before.distance_m ?? 0)) seen.set(row.id, row);
    }
    done = Math.min(pieces, done + BATCH_PIECES);
    if (seen.size > COUNT_CAP) {
      const settledBefore = done < pieces ? plan.pieces.m0[done] - margin : Infinity;
      const settled = [...seen.values()].filter((c) => (c.distance_in_m ?? 0) < settledBefore).length;
      if (settled >= Math.max(wanted, options.includeMapPoints ? MAP_POINTS_CAP : 0)) break;
    }
  }
  const settledBefore = done < pieces ? plan.pieces.m0[done] - margin : Infinity;
  const ordered = [...seen.values()].filter((c) => (c.distance_in_m ?? 0) < settledBefore).sort(compare(options.sort));
  const offset = (options.page - 1) * options.limit;
  const mapIds = options.includeMapPoints ? ordered.slice(0, MAP_POINTS_CAP).map((c) => c.id) : [];
  const mapRows = mapIds.length
    ? await sql<AssembledPage["mapPoints"]>`
        SELECT ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng, l.id, '/' || l.walk_type || '/' || l.slug AS url, l.free AS "isFree"
        FROM listings l WHERE l.id = ANY(${mapIds}::int[])`
    : [];
  const byId = new Map(mapRows.map((m) => [m.id, m]));
  const total = Math.min(seen.size, COUNT_CAP);
  return {
    rows: ordered.slice(offset, offset + options.limit),
    total,
    totalIsCapped: seen.size > COUNT_CAP,
    mapPoints: mapIds.flatMap((id) => {
      const point = byId.get(id);
      return point ? [point] : [];
    }),
  };
}
