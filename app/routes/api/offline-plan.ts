import type { LoaderFunctionArgs } from "@remix-run/node";
import { offlinePlan } from "../../offline/plan.server";

// GET /api/offline/{list|trip|shared-trip|listing}/{id}: what "Keep for offline" will store, and its estimated size (members only).
export async function loader({ request, params }: LoaderFunctionArgs) {
  return Response.json(await offlinePlan(request, params.kind, params.id), { headers: { "Cache-Control": "private, no-store" } });
}
