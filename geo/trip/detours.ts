import type { SqlClient } from "../../db/client";
import { DEFAULT_SNAP_METRES } from "../routing/port";

/** The straight connectors between a listing (or the route) and its nearest graph vertex are driven slowly, as in routing. */
const CONNECTOR_METRES_PER_SECOND = 30_000 / 3600;
/** The edges loaded for a batch of detours: the box around every end, grown by this many degrees. */
const BOX_MARGIN_DEGREES = 0.08;

export interface DetourRequest {
  /** Where the drive leaves the route (a point of the route line). */
  access: [number, number];
  listing: [number, number];
}

/**
 * Detours in seconds by the routing engine: from the route's vertex nearest to each access point to the
 * listing's nearest vertex and back, plus the short connectors at both ends (there and back). One
 * statement snaps every end, one pgr_dijkstraCost over the edges of the batch's box answers every pair
 * in both directions. Ends snap as routes do (the main component, within the snap limit, decision 0220).
 * Null where an end is off the graph or the graph joins no path.
 */
export async function detourSeconds(sql: SqlClient, requests: DetourRequest[], snapMetres = DEFAULT_SNAP_METRES): Promise<(number | null)[]> {
  if (requests.length === 0) return [];
  const ax = requests.map((r) => r.access[0]);
  const ay = requests.map((r) => r.access[1]);
  const lx = requests.map((r) => r.listing[0]);
  const ly = requests.map((r) => r.listing[1]);
  const rows = await sql<{ n: number; seconds: number | null }[]>`
    WITH ends AS MATERIALIZED (
      SELECT u.n, a.vertex_id AS av, a.metres AS am, b.vertex_id AS lv, b.metres AS lm, a.lng AS avx, a.lat AS avy, b.lng AS lvx, b.lat AS lvy
      FROM unnest(${ax}::float8[], ${ay}::float8[], ${lx}::float8[], ${ly}::float8[]) WITH ORDINALITY AS u(ax, ay, lx, ly, n)
      CROSS JOIN LATERAL routing_nearest_vertex(u.ax, u.ay, ${snapMetres}::float8) a
      CROSS JOIN LATERAL routing_nearest_vertex(u.lx, u.ly, ${snapMetres}::float8) b
    ),
    box AS (
      SELECT ST_Expand(ST_Envelope(ST_Collect(ARRAY[ST_MakePoint(min(least(avx, lvx)), min(least(avy, lvy))), ST_MakePoint(max(greatest(avx, lvx)), max(greatest(avy, lvy)))])), ${BOX_MARGIN_DEGREES}::float8) AS g
      FROM ends
    ),
    pairs AS (
      SELECT DISTINCT av AS source, lv AS target FROM ends WHERE av <> lv
      UNION SELECT DISTINCT lv, av FROM ends WHERE av <> lv
    ),
    costs AS (
      SELECT c.start_vid, c.end_vid, c.agg_cost
      FROM box, pgr_dijkstraCost(
        format('SELECT id, source, target, cost, reverse_cost FROM routing_edges WHERE geom && ST_SetSRID(%L::geometry, 4326)', box.g),
        format('SELECT * FROM unnest(%L::bigint[], %L::bigint[]) AS t(source, target)', (SELECT array_agg(source) FROM pairs), (SELECT array_agg(target) FROM pairs)),
        true
      ) c
      WHERE EXISTS (SELECT 1 FROM pairs)
    )
    SELECT e.n::int AS n,
      CASE WHEN e.av = e.lv THEN 0
        ELSE (SELECT there.agg_cost FROM costs there WHERE there.start_vid = e.av AND there.end_vid = e.lv)
           + (SELECT back.agg_cost FROM costs back WHERE back.start_vid = e.lv AND back.end_vid = e.av)
      END + 2 * (e.am + e.lm) / ${CONNECTOR_METRES_PER_SECOND}::float8 AS seconds
    FROM ends e`;
  const out: (number | null)[] = requests.map(() => null);
  for (const row of rows) out[row.n - 1] = row.seconds === null ? null : Number(row.seconds);
  return out;
}
