import type { LoaderFunctionArgs } from "@remix-run/node";
import { filtersFromSearchParams } from "../../../geo/search/filters";
import { roadCountFiltersSchema, roadCounts } from "../../../geo/search/road-counts";
import { apiHandler } from "../../api.server";
import { sql } from "../../db.server";

/** GET /api/locations/search/browse/road-counts: road id → number of live listings for the filters. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const filters = roadCountFiltersSchema.parse(filtersFromSearchParams(new URL(request.url).searchParams));
    const { counts, cached } = await roadCounts(sql(), filters);
    return Response.json(counts, { headers: { "Cache-Control": "public, max-age=60", "X-Cache": cached ? "hit" : "miss" } });
  });
}
