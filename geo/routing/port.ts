/** A point on the map. */
export interface LngLat {
  lng: number;
  lat: number;
}

/** One instruction of a route: where it starts, what to do, and how far until the next one. */
export interface RouteStep {
  point: LngLat;
  /** An icon name for the manoeuvre: depart, arrive, join-motorway, leave-motorway, turn-left, turn-right, continue, ferry. */
  icon: string;
  /** Readable instruction, e.g. "Join the M6 at junction 15" or "Turn left onto the Penrith road". */
  description: string;
  distanceMetres: number;
  durationSeconds: number;
  roadName: string;
}

export interface RouteLeg {
  distanceMetres: number;
  durationSeconds: number;
  steps: RouteStep[];
}

/**
 * A straight stretch that is not a road: from the exact start to the point of the road network it was
 * snapped to, or from the network to the exact end. Never longer than the engine's snap limit.
 */
export interface RouteConnector {
  from: [number, number];
  to: [number, number];
  metres: number;
}

/** What every routing engine answers: the same shape from pgRouting and from OSRM. */
export interface Route {
  distanceMetres: number;
  durationSeconds: number;
  /** The route line, [lng, lat] pairs from start to end. */
  coordinates: [number, number][];
  /** Cumulative distance and time at each coordinate (same length as coordinates; first is 0, 0). */
  measures: { metres: number; seconds: number }[];
  legs: RouteLeg[];
  /**
   * The connectors at the start and the end (none where an end lies on the network). pgRouting draws
   * them as the first and last stretch of `coordinates`; OSRM's line starts and ends on the road.
   */
  connectors: RouteConnector[];
}

export interface RouteOptions {
  /** Build turn-by-turn steps (directions); searches do not need them. */
  steps?: boolean;
}

/** How far an end may be from the road network it is snapped to, by default (ROUTING_SNAP_METRES). */
export const DEFAULT_SNAP_METRES = 8_000;

/**
 * The port: geo/ asks for routes only through this. Answers null when no route exists, which includes
 * an end farther than the snap limit from the road network: never a line across the gap.
 */
export interface RoutingEngine {
  readonly name: "pgrouting" | "osrm";
  route(from: LngLat, to: LngLat, options?: RouteOptions): Promise<Route | null>;
}
