import { keptAnswers } from "../kept-answers";
import type { LngLat, Route, RouteOptions, RoutingEngine } from "./port";

// A search along a route asks for the same drive again for each page, sort, filter, the map and the
// list's "show on map": the route from A to B does not change between those requests, and asking the
// engine again was most of the route results page's cost (decision 0181).

/** Seconds a route is kept by default: road data changes only when an operator loads it. */
export const ROUTE_CACHE_SECONDS = 600;
/** Route points (and steps) kept across every cached route, per process (its memory: docs/performance.md). */
export const ROUTE_CACHE_POINTS = 200_000;

export interface RouteCacheOptions {
  /** How long a route is kept; 0 asks the engine every time. */
  seconds?: number;
  /** The most route points (coordinates and steps) kept at once; the least recently used go first. */
  maxPoints?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** Ends the same to a tenth of a metre ask for the same route. */
function keyOf(from: LngLat, to: LngLat, options?: RouteOptions): string {
  const point = (p: LngLat) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;
  return `${point(from)};${point(to)}${options?.steps ? ";steps" : ""}`;
}

/** Frozen, so that no caller can change a route another request will be given. */
function frozen(route: Route | null): Route | null {
  if (!route) return null;
  for (const pair of route.coordinates) Object.freeze(pair);
  for (const measure of route.measures) Object.freeze(measure);
  for (const leg of route.legs) {
    for (const step of leg.steps) Object.freeze(Object.freeze(step).point);
    Object.freeze(leg.steps);
    Object.freeze(leg);
  }
  for (const connector of route.connectors) {
    Object.freeze(connector.from);
    Object.freeze(connector.to);
    Object.freeze(connector);
  }
  Object.freeze(route.connectors);
  Object.freeze(route.coordinates);
  Object.freeze(route.measures);
  Object.freeze(route.legs);
  return Object.freeze(route);
}

function weight(route: Route | null): number {
  return route ? route.coordinates.length + route.legs.reduce((sum, leg) => sum + leg.steps.length, 0) : 1;
}

/**
 * The engine's routes, kept per process for `seconds` and up to `maxPoints` points, least recently used
 * out first. Requests for a route already being worked out wait for that one answer; a failure is not
 * kept.
 */
export function withRouteCache(engine: RoutingEngine, { seconds = ROUTE_CACHE_SECONDS, maxPoints = ROUTE_CACHE_POINTS, now = Date.now }: RouteCacheOptions = {}): RoutingEngine {
  if (seconds <= 0) return engine;
  const kept = keptAnswers<Route | null>({ seconds, budget: maxPoints, weight, now });
  return {
    name: engine.name,
    route: (from, to, options) => kept(keyOf(from, to, options), () => engine.route(from, to, options).then(frozen)),
  };
}

/**
 * The engine's routes for one request: a page that asks for the same drive twice (its results, then its
 * first page hour by hour) is given the one answer, also when the process keeps no routes
 * (ROUTE_CACHE_SECONDS=0), instead of the engine working the drive out again (decision 0324).
 */
export function withRequestRoutes(engine: RoutingEngine): RoutingEngine {
  const asked = new Map<string, Promise<Route | null>>();
  return {
    name: engine.name,
    route: (from, to, options) => {
      const key = keyOf(from, to, options);
      let answer = asked.get(key);
      if (!answer) {
        answer = engine.route(from, to, options);
        asked.set(key, answer);
      }
      return answer;
    },
  };
}
