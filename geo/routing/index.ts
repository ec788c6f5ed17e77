import type { SqlClient } from "../../db/client";
import { withRouteCache } from "./cache";
import { createOsrmEngine } from "./osrm";
import { createPgRoutingEngine } from "./pgrouting";
import type { RoutingEngine } from "./port";

export type { LngLat, Route, RouteConnector, RouteLeg, RouteOptions, RouteStep, RoutingEngine } from "./port";
export { createOsrmEngine } from "./osrm";
export { createPgRoutingEngine } from "./pgrouting";

/** The part of the app's environment that chooses the engine (app/env.server.ts checks it at start-up). */
export interface RoutingConfig {
  ROUTING_ENGINE: "pgrouting" | "osrm";
  OSRM_URL?: string;
  /** How long each process keeps a route it was given (geo/routing/cache.ts); 0 asks the engine every time. */
  ROUTE_CACHE_SECONDS?: number;
  /** How far an end may be from the road network; farther is "no route" (docs/decisions/0220). */
  ROUTING_SNAP_METRES?: number;
}

// Engines hold no per-request state, so one per pool (pgRouting) or per server URL (OSRM) serves every request.
const pgRoutingEngines = new WeakMap<SqlClient, RoutingEngine>();
const osrmEngines = new Map<string, RoutingEngine>();

/**
 * The configured routing engine, its routes kept for ROUTE_CACHE_SECONDS (decision 0181): pgRouting on the
 * given pool by default, OSRM when ROUTING_ENGINE=osrm.
 */
export function routingEngine(sql: SqlClient, config: RoutingConfig): RoutingEngine {
  if (config.ROUTING_ENGINE === "osrm") {
    if (!config.OSRM_URL) throw new Error("ROUTING_ENGINE=osrm needs OSRM_URL (the OSRM server's address)");
    const cached = osrmEngines.get(config.OSRM_URL);
    if (cached) return cached;
    const engine = withRouteCache(createOsrmEngine(config.OSRM_URL, { snapMetres: config.ROUTING_SNAP_METRES }), { seconds: config.ROUTE_CACHE_SECONDS });
    osrmEngines.set(config.OSRM_URL, engine);
    return engine;
  }
  const cached = pgRoutingEngines.get(sql);
  if (cached) return cached;
  const engine = withRouteCache(createPgRoutingEngine(sql, { snapMetres: config.ROUTING_SNAP_METRES }), { seconds: config.ROUTE_CACHE_SECONDS });
  pgRoutingEngines.set(sql, engine);
  return engine;
}
