import type { LoaderFunctionArgs } from "@remix-run/node";
import { locationDetails, parseLocationId } from "../../../geo/locations";
import { apiHandler } from "../../api.server";
import { getSessionUser } from "../../auth/guards.server";
import { sql } from "../../db.server";

// GET /api/locations/{id}: a live listing's Location fields (the map tooltip), with its gallery and the
// viewer's isFavourite; 400 for a non-numeric id, 404 when not live.
export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const id = parseLocationId(params.id);
    const user = await getSessionUser(request);
    const location = await locationDetails(sql(), id, user?.id ?? null);
    // isFavourite is the viewer's own: only a visitor's answer may be shared by caches.
    return Response.json(location, { headers: { "Cache-Control": user ? "private, max-age=0" : "public, max-age=60", Vary: "Cookie" } });
  });
}
