import { routingEngine } from "../geo/routing";
import { withRequestRoutes } from "../geo/routing/cache";
import type { RoutingEngine } from "../geo/routing/port";
import type { Pool } from "../db/client";
import { sql } from "./db.server";
import { getEnv } from "./env.server";
import { oncePer } from "../kit/once-per";

/** The configured routing engine (pgRouting or OSRM) on the app's pool, or on the given one (a read replica). */
export function appRoutingEngine(pool: Pool = sql()): RoutingEngine {
  return routingEngine(pool, getEnv());
}

/**
 * appRoutingEngine for one request: each pool's engine asked once per drive, so a page that needs the
 * same route twice works it out once even with the route cache off (decision 0324).
 */
export function requestRoutingEngines(): (pool: Pool) => RoutingEngine {
  return oncePer((pool: Pool) => withRequestRoutes(appRoutingEngine(pool)));
}
