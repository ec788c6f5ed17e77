import { planTrip } from "../../geo/trip/plan";
import { tripSearchParams } from "../../geo/trip/query";
import { sql } from "../db.server";
import { appRoutingEngine } from "../geo.server";
import { sharedTrip } from "./trips.server";

/** A shared trip's page: its name and its plan (planned now, from the saved URL). */
export async function sharedTripPage(shareId: string) {
  const { name, query } = await sharedTrip(shareId);
  const plan = await planTrip(sql(), appRoutingEngine(), query);
  return { name, query, plan, search: tripSearchParams(query).toString(), shareId };
}
