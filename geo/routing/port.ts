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

/** What every routing engine answers: the same shape from pgRouting and from OSRM. */
export interface Route {
  distanceMetres: number;
  durationSeconds: number;
  /** The route line, [lng, lat] pairs from start to end. */
  coordinates: [number, number][];
  /** Cumulative distance and time at each coordinate (same length as coordinates; first is 0, 0). */
  measures: { metres: number; seconds: number }[];
  legs: RouteLeg[];
}

export interface RouteOptions {
  /** Build turn-by-turn steps (directions); searches do not need them. */
  steps?: boolean;
}

/** The port: geo/ asks for routes only through this. Answers null when no route exists. */
export interface RoutingEngine {
  readonly name: "pgrouting" | "osrm";
  route(from: LngLat, to: LngLat, options?: RouteOptions): Promise<Route | null>;
}
