import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { directions } from "../../../geo/directions";
import { sql } from "../../db.server";
import { appRoutingEngine } from "../../geo.server";

const START_MESSAGE = "Please enter a starting point";
const LISTING_MESSAGE = "Please choose a listing to get directions to";

// `location` is the listing id; `to` is accepted as another name for it.
const querySchema = z.object({
  from: z.string({ required_error: START_MESSAGE }).trim().min(1, START_MESSAGE).max(200, "Please enter a shorter starting point"),
  location: z
    .string({ required_error: LISTING_MESSAGE })
    .regex(/^\d{1,10}$/, LISTING_MESSAGE)
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, LISTING_MESSAGE),
});

/** GET /api/directions?from={place or 'lat,lng'}&location={listing id}: the spec's directions response as JSON. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = querySchema.parse({
    from: params.get("from") ?? undefined,
    location: params.get("location") ?? params.get("to") ?? undefined,
  });
  const response = await directions(sql(), appRoutingEngine(), { from: query.from, listingId: query.location });
  return Response.json(response);
}
