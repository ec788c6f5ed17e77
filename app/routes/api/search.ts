import type { LoaderFunctionArgs } from "@remix-run/node";
import { search } from "../../../geo/search";
import { getSessionUser } from "../../auth/guards.server";
import { onReplica, sql } from "../../db.server";
import { appRoutingEngine } from "../../geo.server";
import { parseDatabaseId } from "../../../core/ids";
import { apiSearchFilters } from "../../search/api-filters.server";

/** GET /api/locations/search/{browse|location|route|road}: the spec's search response as JSON. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = apiSearchFilters(params.searchType, url);
  const exclude = parseDatabaseId(url.searchParams.get("exclude")) ?? undefined;
  const user = await getSessionUser(request);
  if (user) {
    // Each result's location.isFavourite is the member's own (decision 0270): read from the primary, so
    // a favourite just added shows, and never shared by caches.
    const response = await search(sql(), appRoutingEngine(sql()), filters, { exclude, viewerId: user.id });
    return Response.json(response, { headers: { "Cache-Control": "private, max-age=0", Vary: "Cookie" } });
  }
  // A visitor's answer is the same for everyone: on the read replica when one is configured (DATABASE_REPLICA_URL).
  const response = await onReplica((pool) => search(pool, appRoutingEngine(pool), filters, { exclude }));
  return Response.json(response, { headers: { "Cache-Control": "public, max-age=60", Vary: "Cookie" } });
}
