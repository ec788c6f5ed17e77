import { routingEngine } from "../geo/routing";
import type { RoutingEngine } from "../geo/routing/port";
import { sql } from "./db.server";
import { getEnv } from "./env.server";

/** The configured routing engine (pgRouting or OSRM) on the app's pool. */
export function appRoutingEngine(): RoutingEngine {
  return routingEngine(sql(), getEnv());
}
