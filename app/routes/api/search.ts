import type { LoaderFunctionArgs } from "@remix-run/node";
import { filtersFromSearchParams } from "../../../geo/search/filters";
import { parseFilters, search } from "../../../geo/search";
import { apiHandler } from "../../api.server";
import { sql } from "../../db.server";
import { appRoutingEngine } from "../../geo.server";

/** GET /api/locations/search/{browse|location|route|road}: the spec's search response as JSON. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const url = new URL(request.url);
    const filters = parseFilters(filtersFromSearchParams(url.searchParams, { searchType: params.searchType }));
    const response = await search(sql(), appRoutingEngine(), filters, { exclude: Number(url.searchParams.get("exclude")) || undefined });
    return Response.json(response, { headers: { "Cache-Control": "public, max-age=60" } });
  });
}
