import type { SqlClient } from "../../db/client";
import { haversineMetres, toPosition, type Position } from "./geometry";
import { buildSteps, lookupKeys, NEAREST_TOWN_METRES, type Distance, type JunctionName, type PathEdge, type StepLookups } from "./instructions";
import { joinPieces, type RoutePiece } from "./measures";
import { DEFAULT_SNAP_METRES, type LngLat, type Route, type RouteConnector, type RouteOptions, type RoutingEngine } from "./port";

/**
 * Above this many edges (the planner's estimate) a route is restricted to the major roads plus the
 * local roads around its two ends. pgr_dijkstra loads every edge it is given, so its time grows with
 * the edge count; this budget keeps a route within issue 17's goal (decision 0006).
 */
export const DEFAULT_EDGE_BUDGET = 60_000;

/** The straight connectors between the exact ends and the nearest graph vertex are driven slowly. */
const CONNECTOR_METRES_PER_SECOND = 30_000 / 3600;

/** Which edge set answered: see routing_edges_query in migrations/0003_routing.sql. */
export type RoutingTier = "near" | "hierarchy" | "full";

export interface PgRoutingOptions {
  edgeBudget?: number;
  /** How far an end may be from the vertex it is snapped to; farther is "no route" (ROUTING_SNAP_METRES). */
  snapMetres?: number;
}

export interface SnappedVertex {
  vertex: string;
  position: Position;
  metres: number;
  /** Its strongly connected component: two ends in different ones have no route. */
  component: string;
}

export interface PgRoutingPath {
  /** Null when both ends are nearest to one vertex and nothing was searched. */
  tier: RoutingTier | null;
  from: SnappedVertex;
  to: SnappedVertex;
  edges: PathEdge[];
}

/** A row of the one statement that snaps both ends and finds the path: the ends on every row, the path's edge (null without a search). */
interface SnapPathRow {
  start_vertex_id: string;
  start_lng: number;
  start_lat: number;
  start_metres: number;
  start_component: string;
  end_vertex_id: string;
  end_lng: number;
  end_lat: number;
  end_metres: number;
  end_component: string;
  tier: RoutingTier | null;
  seq: number | null;
  start_vertex: string;
  end_vertex: string;
  seconds: number;
  metres: number;
  road_class: string;
  road_name: string;
  road_id: number | null;
  lngs: number[];
  lats: number[];
}

interface TownRow {
  vertex_id: string;
  town: string | null;
}

interface JunctionRow {
  road_id: number;
  vertex_id: string;
  number: string;
  expanded_name: string;
}

function toPathEdge(row: SnapPathRow): PathEdge {
  return {
    roadClass: row.road_class,
    name: row.road_name,
    roadId: row.road_id,
    startVertex: row.start_vertex,
    endVertex: row.end_vertex,
    coordinates: row.lngs.map((lng, i): Position => [lng, row.lats[i]]),
    metres: row.metres,
    seconds: row.seconds,
  };
}

function snapped(vertex: string, lng: number, lat: number, metres: number, component: string): SnappedVertex {
  return { vertex, position: [lng, lat], metres, component };
}

/**
 * The fastest path between the main-component vertices nearest to two points, with the tier that found
 * it. Null when either point has no such vertex within the snap limit or no path joins them.
 *
 * One statement (decision 0334): both ends snapped (`routing_nearest_vertex`, migration 0029) and, only
 * when they are two vertices of one main component, `routing_path` searched from one to the other. The
 * lateral search's condition names the two ends alone, so PostgreSQL tests it once and never calls
 * `routing_path` when it fails (OFFSET 0 keeps the subquery from being merged into the join, where the
 * search would run first and be filtered after). Two ends in different components (Great Britain and
 * France without a crossing) are no path, as before; two ends at one vertex are no search.
 */
export async function findPgRoutingPath(sql: SqlClient, from: LngLat, to: LngLat, options: PgRoutingOptions = {}): Promise<PgRoutingPath | null> {
  const snapMetres = options.snapMetres ?? DEFAULT_SNAP_METRES;
  const rows = await sql<SnapPathRow[]>`
    SELECT s.vertex_id::text AS start_vertex_id, s.lng AS start_lng, s.lat AS start_lat, s.metres AS start_metres, s.component::text AS start_component,
      e.vertex_id::text AS end_vertex_id, e.lng AS end_lng, e.lat AS end_lat, e.metres AS end_metres, e.component::text AS end_component,
      p.tier, p.seq, p.start_vertex::text, p.end_vertex::text, p.seconds, p.metres, p.road_class, p.road_name, p.road_id, p.lngs, p.lats
    FROM routing_nearest_vertex(${from.lng}::float8, ${from.lat}::float8, ${snapMetres}::float8) s
    CROSS JOIN routing_nearest_vertex(${to.lng}::float8, ${to.lat}::float8, ${snapMetres}::float8) e
    LEFT JOIN LATERAL (
      SELECT * FROM routing_path(s.vertex_id, e.vertex_id, ${options.edgeBudget ?? DEFAULT_EDGE_BUDGET}::float8)
      WHERE s.component = e.component AND s.vertex_id <> e.vertex_id
      OFFSET 0
    ) p ON true`;
  // No row: an end with no main-component vertex within the snap limit.
  if (rows.length === 0) return null;
  const [first] = rows;
  const start = snapped(first.start_vertex_id, first.start_lng, first.start_lat, first.start_metres, first.start_component);
  const end = snapped(first.end_vertex_id, first.end_lng, first.end_lat, first.end_metres, first.end_component);
  // Two main components not joined by the data (Great Britain and France without a crossing): no path.
  if (start.component !== end.component) return null;
  if (start.vertex === end.vertex) return { tier: null, from: start, to: end, edges: [] };
  // No search answered (one row, without an edge): no path joins them.
  if (first.tier === null) return null;
  return { tier: first.tier, from: start, to: end, edges: rows.map(toPathEdge) };
}

function connector(from: Position, to: Position): RoutePiece & Distance {
  const metres = haversineMetres(from, to);
  return { coordinates: [from, to], metres, seconds: metres / CONNECTOR_METRES_PER_SECOND };
}

/** The marked connectors of a route: each end's straight stretch to its vertex, where it has length. */
function routeConnectors(from: Position, to: Position, path: PgRoutingPath): RouteConnector[] {
  const stretches: RouteConnector[] = [
    { from, to: path.from.position, metres: haversineMetres(from, path.from.position) },
    { from: path.to.position, to, metres: haversineMetres(path.to.position, to) },
  ];
  return stretches.filter((c) => c.metres > 0);
}

/**
 * The pieces of the whole route: connector, edges, connector. When both ends snap to one vertex the
 * route goes through it (two connectors, each within the snap limit), never straight across.
 */
function routePieces(from: Position, to: Position, path: PgRoutingPath): { pieces: RoutePiece[]; startLeg: Distance; endLeg: Distance } {
  const startLeg = connector(from, path.from.position);
  const endLeg = connector(path.to.position, to);
  return { pieces: [startLeg, ...path.edges, endLeg], startLeg, endLeg };
}

/** Town names at vertices and junctions at (road, vertex), fetched once for the whole path. */
export async function loadStepLookups(sql: SqlClient, edges: PathEdge[]): Promise<StepLookups> {
  const keys = lookupKeys(edges);
  const [towns, junctions] = await Promise.all([
    sql<TownRow[]>`
      SELECT v.id::text AS vertex_id,
        COALESCE(p.name, (
          SELECT q.name FROM places q WHERE q.kind IN ('city', 'town', 'village') AND ST_DWithin(q.location, v.geom::geography, ${NEAREST_TOWN_METRES}, false)
          ORDER BY q.location <-> v.geom::geography LIMIT 1
        )) AS town
      FROM routing_vertices v
      LEFT JOIN places p ON p.id = v.place_id AND p.kind IN ('city', 'town', 'village')
      WHERE v.id = ANY(${keys.vertices}::bigint[])`,
    keys.junctions.length === 0
      ? Promise.resolve<JunctionRow[]>([])
      : sql<JunctionRow[]>`
      SELECT j.road_id, v.id::text AS vertex_id, j.number, j.expanded_name
      FROM unnest(${keys.junctions.map((j) => j.roadId)}::integer[], ${keys.junctions.map((j) => j.vertex)}::bigint[]) AS w(road_id, vertex_id)
      JOIN routing_vertices v ON v.id = w.vertex_id
      JOIN junctions j ON j.road_id = w.road_id AND j.geom ~= v.geom`,
  ]);
  const townByVertex = new Map(towns.map((t) => [t.vertex_id, t.town]));
  const junctionByKey = new Map<string, JunctionName>(junctions.map((j) => [`${j.road_id}:${j.vertex_id}`, { number: j.number, expandedName: j.expanded_name }]));
  return {
    townAt: (vertex) => townByVertex.get(vertex) ?? null,
    junctionAt: (roadId, vertex) => junctionByKey.get(`${roadId}:${vertex}`) ?? null,
  };
}

/** Assembles the port's Route from a path: line, measures, one leg, and steps when asked for. */
async function toRoute(sql: SqlClient, from: Position, to: Position, path: PgRoutingPath, options: RouteOptions): Promise<Route> {
  const { pieces, startLeg, endLeg } = routePieces(from, to, path);
  const line = joinPieces(pieces);
  const steps = options.steps ? buildSteps({ start: from, end: to, startLeg, endLeg, edges: path.edges, lookups: await loadStepLookups(sql, path.edges) }) : [];
  return {
    distanceMetres: line.distanceMetres,
    durationSeconds: line.durationSeconds,
    coordinates: line.coordinates,
    measures: line.measures,
    legs: [{ distanceMetres: line.distanceMetres, durationSeconds: line.durationSeconds, steps }],
    connectors: routeConnectors(from, to, path),
  };
}

/** The default engine: Dijkstra over the routing graph in the app's own database. */
export function createPgRoutingEngine(sql: SqlClient, engineOptions: PgRoutingOptions = {}): RoutingEngine {
  return {
    name: "pgrouting",
    async route(from, to, options = {}) {
      const path = await findPgRoutingPath(sql, from, to, engineOptions);
      if (!path) return null;
      return toRoute(sql, toPosition(from), toPosition(to), path, options);
    },
  };
}
