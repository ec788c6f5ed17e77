import { routingEngine } from "../geo/routing";
import type { RoutingEngine } from "../geo/routing/port";
import type { Pool } from "../db/client";
import { sql } from "./db.server";
import { getEnv } from "./env.server";

/** The configured routing engine (pgRouting or OSRM) on the app's pool, or on the given one (a read replica). */
export function appRoutingEngine(pool: Pool = sql()): RoutingEngine {
  return routingEngine(pool, getEnv());
}
