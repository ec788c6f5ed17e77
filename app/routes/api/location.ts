import type { LoaderFunctionArgs } from "@remix-run/node";
import { locationDetails, parseLocationId } from "../../../geo/locations";
import { apiHandler } from "../../api.server";
import { sql } from "../../db.server";

// GET /api/locations/{id}: a live listing's Location fields (the map tooltip); 400 for a non-numeric id, 404 when not live.
export async function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const location = await locationDetails(sql(), parseLocationId(params.id));
    return Response.json(location, { headers: { "Cache-Control": "public, max-age=60" } });
  });
}
