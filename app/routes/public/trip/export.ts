import type { LoaderFunctionArgs } from "@remix-run/node";
import { tripCalendar, tripGpx } from "../../../trips/exports.server";
import { planOfRequest } from "../../../trips/plan.server";
import { defaultTripName } from "../../../trips/trips.server";

// /trip/export.gpx?{plan} and /trip/export.ics?{plan}: the plan of the URL as a file (resource route).
export async function loader({ request }: LoaderFunctionArgs) {
  const format = new URL(request.url).pathname.endsWith(".gpx") ? "gpx" : "ics";
  const { query, plan } = await planOfRequest(request);
  const origin = new URL(request.url).origin;
  const name = defaultTripName(query);
  const key = `${query.depart.replace(/\D/g, "")}-${plan.stops.map((s) => s.listing.id).join("-")}`;
  const body = format === "gpx" ? tripGpx(plan, name, origin) : tripCalendar(plan, name, origin, key);
  return new Response(body, {
    headers: {
      "Content-Type": format === "gpx" ? "application/gpx+xml; charset=utf-8" : "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="pawroute-trip.${format}"`,
      "Cache-Control": "private, max-age=0",
    },
  });
}
