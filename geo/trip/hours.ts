import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { metresAfterSeconds, pointAtMetres } from "../routing/measures";
import type { Route } from "../routing/port";
import type { RouteStop } from "../search/types";
import { metresToMiles } from "../units";

type Fragment = PendingQuery<Row[]>;

/** One hour mark of a drive and the listings nearest to the route there. */
export interface DriveHour {
  hours: number;
  label: string;
  milesIn: number;
  listings: { id: number; title: string; url: string; typeName: string; milesFromRoute: number }[];
}

/** What a page asks of the listings at each hour mark: those of the search's filters, within the corridor. */
export interface HourListings {
  where: Fragment;
  corridorMetres: number;
  /** Listings at each hour mark (2: the results page's first page by hour). */
  perHour?: number;
}

/** At most this many hour marks: the stops offered on long routes and the first page by hour alike. */
const MAX_HOURS = 24;
/** A stop is named after the nearest town or city within this many metres of the route there. */
const TOWN_METRES = 25_000;

interface HourMarks {
  hours: number[];
  metres: number[];
  xs: number[];
  ys: number[];
}

/** Each whole hour of the drive (at most MAX_HOURS): how far along the route it is, and the point there. */
function hourMarks(route: Route): HourMarks {
  const count = Math.max(0, Math.min(MAX_HOURS, Math.floor(route.durationSeconds / 3600)));
  const marks: HourMarks = { hours: [], metres: [], xs: [], ys: [] };
  for (let h = 1; h <= count; h++) {
    const metres = metresAfterSeconds(route, h * 3600);
    const [x, y] = pointAtMetres(route, metres);
    marks.hours.push(h);
    marks.metres.push(metres);
    marks.xs.push(x);
    marks.ys.push(y);
  }
  return marks;
}

/** The hour marks' points, each made once (OFFSET 0), not again for each row tested against it: s(n, g). */
function markPointsSql(sql: SqlClient, marks: HourMarks): Fragment {
  return sql`(
      SELECT u.n, ST_SetSRID(ST_MakePoint(u.x, u.y), 4326)::geography AS g
      FROM unnest(${marks.xs}::float8[], ${marks.ys}::float8[]) WITH ORDINALITY AS u(x, y, n)
      OFFSET 0
    ) s`;
}

/** The town or city nearest to a mark's point s.g, within TOWN_METRES: a KNN probe on the places' index. */
function townNearSql(sql: SqlClient): Fragment {
  return sql`
      SELECT p.name FROM places p
      WHERE p.kind IN ('city', 'town') AND ST_DWithin(p.location, s.g, ${TOWN_METRES}, false)
      ORDER BY p.location <-> s.g
      LIMIT 1`;
}

/** The `perHour` listings (of the search's filters) nearest to a mark's point s.g, within the corridor: a KNN probe on the listings' index. */
function listingsNearSql(sql: SqlClient, asked: HourListings): Fragment {
  return sql`
      SELECT l.id, l.title, listing_url(l.walk_type, l.slug) AS url, w.name AS type_name, l.location <-> s.g AS metres
      FROM listings l JOIN walk_types w ON w.path = l.walk_type
      WHERE ${asked.where} AND ST_DWithin(l.location, s.g, ${asked.corridorMetres}, false)
      ORDER BY l.location <-> s.g
      LIMIT ${asked.perHour ?? 2}`;
}

function stopLabel(hours: number, town: string | null): string {
  return `After ${hours} ${hours === 1 ? "hour" : "hours"}${town ? `, near ${town}` : ""}`;
}

interface ListingNearRow {
  n: number;
  id: number;
  title: string;
  url: string;
  type_name: string;
  metres: number;
}

function driveHours(marks: HourMarks, stops: { hours: number; label: string }[], rows: ListingNearRow[]): DriveHour[] {
  const labelOf = new Map(stops.map((s) => [s.hours, s.label]));
  return marks.hours.map((h, i) => ({
    hours: h,
    label: labelOf.get(h) ?? stopLabel(h, null),
    milesIn: Math.round(metresToMiles(marks.metres[i])),
    listings: rows
      .filter((r) => r.n === h)
      .map((r) => ({ id: r.id, title: r.title, url: r.url, typeName: r.type_name, milesFromRoute: Math.round(metresToMiles(r.metres) * 10) / 10 })),
  }));
}

/**
 * Points of the drive to start the results from: each whole hour into it, named after the nearest
 * town or city the route passes there (within 25 km), read in one query.
 */
export async function routeStops(sql: SqlClient, route: Route): Promise<RouteStop[]> {
  const marks = hourMarks(route);
  if (marks.hours.length === 0) return [];
  const towns = await sql<{ n: number; name: string | null }[]>`
    SELECT s.n::int AS n, town.name
    FROM ${markPointsSql(sql, marks)}
    LEFT JOIN LATERAL (${townNearSql(sql)}) town ON true
    ORDER BY s.n`;
  return towns.map(({ n, name }) => ({ hours: n, label: stopLabel(n, name) }));
}

/**
 * Each kept route's stops. A route the route cache keeps (decision 0181) is one frozen object for every
 * page that drives it, so its stops (towns of the gazetteer, which change only with an import, as the
 * routing graph does) are read once while it is kept and go with it, not on every page (decision 0329).
 * A route not kept (ROUTE_CACHE_SECONDS=0: not frozen) is asked every time, as before.
 */
const stopsOfKeptRoutes = new WeakMap<Route, Promise<RouteStop[]>>();

/** Frozen, as a kept route is: every page that drives it shares the list. */
function frozenStops(list: RouteStop[]): RouteStop[] {
  for (const stop of list) Object.freeze(stop);
  return Object.freeze(list) as RouteStop[];
}

export function keptRouteStops(sql: SqlClient, route: Route): Promise<RouteStop[]> {
  if (!Object.isFrozen(route)) return routeStops(sql, route);
  let stops = stopsOfKeptRoutes.get(route);
  if (!stops) {
    const asked = routeStops(sql, route).then(frozenStops);
    stops = asked;
    asked.catch(() => {
      if (stopsOfKeptRoutes.get(route) === asked) stopsOfKeptRoutes.delete(route);
    });
    stopsOfKeptRoutes.set(route, asked);
  }
  return stops;
}

/**
 * The first page of a long route, hour by hour (decision 0245): at each whole hour of the drive, the
 * `perHour` listings (of the search's filters) nearest to where the route is then, within the corridor.
 * One statement for every hour: a KNN probe per hour mark on the listings' GiST index.
 */
export async function listingsByHour(sql: SqlClient, route: Route, where: Fragment, corridorMetres: number, labels: { hours: number; label: string }[], perHour = 2): Promise<DriveHour[]> {
  const marks = hourMarks(route);
  if (marks.hours.length === 0) return [];
  return driveHours(marks, labels, await listingsNear(sql, marks, { where, corridorMetres, perHour }));
}

function listingsNear(sql: SqlClient, marks: HourMarks, asked: HourListings): Promise<ListingNearRow[]> {
  return sql<ListingNearRow[]>`
    SELECT s.n::int AS n, near.id, near.title, near.url, near.type_name, near.metres
    FROM ${markPointsSql(sql, marks)}
    CROSS JOIN LATERAL (${listingsNearSql(sql, asked)}) near
    ORDER BY s.n, near.metres`;
}

/**
 * A route's stops and, when asked, the listings at each of its hour marks (decision 0356). Both come from
 * one statement (each mark's town beside its nearest listings), where the page sent two one after the
 * other; a kept route's stops, once read, are kept with it (keptRouteStops, decision 0358), and its
 * listings are read beside them.
 */
export async function stopsAndHours(sql: SqlClient, route: Route, asked?: HourListings): Promise<{ stops: RouteStop[]; hours: DriveHour[] | null }> {
  if (!asked) return { stops: await keptRouteStops(sql, route), hours: null };
  const marks = hourMarks(route);
  if (marks.hours.length === 0) return { stops: [], hours: [] };
  const kept = Object.isFrozen(route);
  if (kept && stopsOfKeptRoutes.has(route)) {
    const [stops, rows] = await Promise.all([keptRouteStops(sql, route), listingsNear(sql, marks, asked)]);
    return { stops, hours: driveHours(marks, stops, rows) };
  }
  const rows = await sql<(Omit<ListingNearRow, "id"> & { id: number | null; town: string | null })[]>`
    SELECT s.n::int AS n, town.name AS town, near.id, near.title, near.url, near.type_name, near.metres
    FROM ${markPointsSql(sql, marks)}
    LEFT JOIN LATERAL (${townNearSql(sql)}) town ON true
    LEFT JOIN LATERAL (${listingsNearSql(sql, asked)}) near ON true
    ORDER BY s.n, near.metres`;
  // Each mark's town comes on each of its rows (one row with no listing when none is near).
  const stops: RouteStop[] = [];
  for (const row of rows) if (stops[stops.length - 1]?.hours !== row.n) stops.push({ hours: row.n, label: stopLabel(row.n, row.town) });
  const listings = rows.filter((row): row is typeof row & { id: number } => row.id !== null);
  if (!kept) return { stops, hours: driveHours(marks, stops, listings) };
  // A kept route's stops read so for its first page are kept with it, as keptRouteStops keeps them (decision 0358).
  const frozen = frozenStops(stops);
  stopsOfKeptRoutes.set(route, Promise.resolve(frozen));
  return { stops: frozen, hours: driveHours(marks, frozen, listings) };
}
