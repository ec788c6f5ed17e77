import type { LoaderFunctionArgs } from "@remix-run/node";
import { filtersFromSearchParams } from "../../../geo/search/filters";
import { roadCountFiltersSchema, roadCounts } from "../../../geo/search/road-counts";
import { sql } from "../../db.server";

/** GET /api/locations/search/browse/road-counts: road id → number of live listings for the filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const filters = roadCountFiltersSchema.parse(filtersFromSearchParams(new URL(request.url).searchParams));
  const { counts, cached } = await roadCounts(sql(), filters);
  return Response.json(counts, { headers: { "Cache-Control": "public, max-age=60", "X-Cache": cached ? "hit" : "miss" } });
}
