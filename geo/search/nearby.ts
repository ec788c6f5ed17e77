import type { SqlClient } from "../../db/client";
import { live } from "../listing";
import { metresToMiles, milesToMetres, round } from "../units";
import { NEARBY_DISTANCE_MILES, NEARBY_FALLBACK_MILES, NEARBY_LIMIT } from "./filters";

/** One nearby place, as a listing page shows it: a link with its distance. */
export interface NearbyPlace {
  id: number;
  url: string;
  title: string;
  /** Miles from the listing, to 3 places (as a location search's `distance`). */
  distance: number;
  typeId: number;
}

export interface NearbyPlaces {
  /** "same-type": up to three of the listing's type within 0.3 miles (spec §7); "any-type": none were, so the nearest of any type. */
  kind: "same-type" | "any-type";
  results: NearbyPlace[];
}

const SAME_TYPE_METRES = milesToMetres(NEARBY_DISTANCE_MILES);
const ANY_TYPE_METRES = milesToMetres(NEARBY_FALLBACK_MILES);

/**
 * A listing page's nearby places: the same type within 0.3 miles; when there is none, the nearest
 * places of any type within NEARBY_FALLBACK_MILES (docs/decisions/0135), so the page still offers somewhere to go.
 *
 * One statement answers both looks (decision 0331): the any-type look runs only when the same-type one
 * found nothing (a one-time filter on the first look's rows). Each look is the location search's own
 * (live listings within the distance of the point, the listing left out, nearest first by `<->`), reading
 * only what the page shows, where the full search read each place's whole listing (photos, description,
 * road, junction) and sent a statement per look.
 */
export async function nearbyPlaces(sql: SqlClient, listing: { id: number; lat: number; lng: number; typeId: number }): Promise<NearbyPlaces> {
  const here = sql`ST_SetSRID(ST_MakePoint(${listing.lng}::float8, ${listing.lat}::float8), 4326)::geography`;
  const rows = await sql<{ same: boolean; id: number; url: string; title: string; distance_m: number; type_id: number }[]>`
    WITH same AS MATERIALIZED (
      SELECT l.id, l.location <-> ${here} AS distance_m
      FROM listings l
      WHERE ${live(sql)} AND l.type_id = ${listing.typeId}::int AND l.id <> ${listing.id}::int AND ST_DWithin(l.location, ${here}, ${SAME_TYPE_METRES}::float8, false)
      ORDER BY distance_m, l.id LIMIT ${NEARBY_LIMIT}),
    any_type AS (
      SELECT l.id, l.location <-> ${here} AS distance_m
      FROM listings l
      WHERE NOT EXISTS (SELECT 1 FROM same) AND ${live(sql)} AND l.id <> ${listing.id}::int AND ST_DWithin(l.location, ${here}, ${ANY_TYPE_METRES}::float8, false)
      ORDER BY distance_m, l.id LIMIT ${NEARBY_LIMIT}),
    found AS (SELECT true AS same, id, distance_m FROM same UNION ALL SELECT false, id, distance_m FROM any_type)
    SELECT found.same, l.id, listing_url(l.walk_type, l.slug) AS url, l.title, found.distance_m, l.type_id
    FROM found JOIN listings l ON l.id = found.id
    ORDER BY found.distance_m, l.id`;
  // No row at all is "any-type" with no places: nothing of the same type, nor of any type.
  const kind = rows.length > 0 && rows[0].same ? "same-type" : "any-type";
  return { kind, results: rows.map((row) => ({ id: row.id, url: row.url, title: row.title, distance: round(metresToMiles(row.distance_m), 3), typeId: row.type_id })) };
}
