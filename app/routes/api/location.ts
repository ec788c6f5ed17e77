import type { LoaderFunctionArgs } from "@remix-run/node";
import { locationForViewer } from "../../listings/location-api.server";

// GET /api/locations/{id}: a live listing's Location fields (the map tooltip), with its gallery and the
// viewer's isFavourite; 400 for a non-numeric id, 404 when not live. A premium listing is in full only for
// those with full access (app/listings/location-api.server.ts).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { location, user } = await locationForViewer(request, params.id);
  // isFavourite is the viewer's own, and a premium listing's detail depends on the views cookie:
  // only a visitor's answer may be shared by caches, and it varies on the cookie.
  return Response.json(location, { headers: { "Cache-Control": user ? "private, max-age=0" : "public, max-age=60", Vary: "Cookie" } });
}
