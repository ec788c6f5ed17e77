import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import type { Route } from "../routing/port";
import { metresAfterSeconds, pointAtMetres } from "../search/route";
import { metresToMiles } from "../units";

/** One hour mark of a drive and the listings nearest to the route there. */
export interface DriveHour {
  hours: number;
  label: string;
  milesIn: number;
  listings: { id: number; title: string; url: string; typeName: string; milesFromRoute: number }[];
}

/** At most this many hour marks (as the results page's "Show results from" picker). */
const MAX_HOURS = 24;

/**
 * The first page of a long route, hour by hour (decision 0245): at each whole hour of the drive, the
 * `perHour` listings (of the search's filters) nearest to where the route is then, within the corridor.
 * One statement for every hour: a KNN probe per hour mark on the listings' GiST index.
 */
export async function listingsByHour(sql: SqlClient, route: Route, where: PendingQuery<Row[]>, corridorMetres: number, labels: { hours: number; label: string }[], perHour = 2): Promise<DriveHour[]> {
  const hours = Math.min(MAX_HOURS, Math.floor(route.durationSeconds / 3600));
  if (hours < 1) return [];
  const marks = Array.from({ length: hours }, (_, i) => i + 1);
  const metres = marks.map((h) => metresAfterSeconds(route, h * 3600));
  const points = metres.map((m) => pointAtMetres(route, m));
  const rows = await sql<{ n: number; id: number; title: string; url: string; type_name: string; metres: number }[]>`
    SELECT s.n::int AS n, near.id, near.title, near.url, near.type_name, near.metres
    FROM (
      SELECT u.n, ST_SetSRID(ST_MakePoint(u.x, u.y), 4326)::geography AS g
      FROM unnest(${points.map((p) => p[0])}::float8[], ${points.map((p) => p[1])}::float8[]) WITH ORDINALITY AS u(x, y, n)
      OFFSET 0
    ) s
    CROSS JOIN LATERAL (
      SELECT l.id, l.title, listing_url(l.walk_type, l.slug) AS url, w.name AS type_name, l.location <-> s.g AS metres
      FROM listings l JOIN walk_types w ON w.path = l.walk_type
      WHERE ${where} AND ST_DWithin(l.location, s.g, ${corridorMetres}, false)
      ORDER BY l.location <-> s.g
      LIMIT ${perHour}
    ) near
    ORDER BY s.n, near.metres`;
  const labelOf = new Map(labels.map((l) => [l.hours, l.label]));
  return marks.map((h, i) => ({
    hours: h,
    label: labelOf.get(h) ?? `After ${h} ${h === 1 ? "hour" : "hours"}`,
    milesIn: Math.round(metresToMiles(metres[i])),
    listings: rows.filter((r) => r.n === h).map((r) => ({ id: r.id, title: r.title, url: r.url, typeName: r.type_name, milesFromRoute: Math.round(metresToMiles(r.metres) * 10) / 10 })),
  }));
}
