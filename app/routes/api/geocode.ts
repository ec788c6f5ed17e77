import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { DEFAULT_GEOCODE_LIMIT, lookupLocation, MAX_GEOCODE_LIMIT, MAX_QUERY_LENGTH } from "../../../geo/geocode";
import { sql } from "../../db.server";

// GET /api/geocode?location=Penrith (forward) or ?location=54.66,-2.75 (reverse): { results }.
const querySchema = z.object({
  location: z
    .string({ required_error: "Please enter a location" })
    .trim()
    .min(1, "Please enter a location")
    .max(MAX_QUERY_LENGTH, `Please enter at most ${MAX_QUERY_LENGTH} characters`),
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_GEOCODE_LIMIT, `limit must be at most ${MAX_GEOCODE_LIMIT}`)
    .default(DEFAULT_GEOCODE_LIMIT),
  country: z.enum(["united-kingdom", "france"], { message: "country must be united-kingdom or france" }).optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = querySchema.parse({
    location: params.get("location") ?? undefined,
    limit: params.get("limit") || undefined,
    country: params.get("country") || undefined,
  });
  const results = await lookupLocation(sql(), query.location, { limit: query.limit, country: query.country });
  return Response.json({ results }, { headers: { "Cache-Control": "public, max-age=300" } });
}
