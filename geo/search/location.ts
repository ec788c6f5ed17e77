// Search by location: live listings within a distance of a point or place, nearest first.
import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import type { RoutingEngine } from "../routing/port";
import { milesToMetres, round } from "../units";
import { DEFAULT_DISTANCE_MILES, LOCATION_COUNT_CAP, type SearchFilters } from "./filters";
import type { PointSql } from "../geocode";
import { placeInSearch, pointInSearch, type PointInput, resolveSearchPoint, type SearchPoint } from "./points";
import { type AssembledPage, assemble } from "./query";
import { type SearchOptions, searchResponse, startSearch } from "./response";
import type { ListingRead, SearchArea, SearchResponseOf } from "./types";

type Fragment = PendingQuery<Row[]>;


/**
 * Listings within `metres` of a point; distances on the sphere, as the KNN operator measures them, so the GiST
 * index orders them. The point is given, or read in the same statement (a place looked up in it, decision 0355).
 */
export function locationCandidates(sql: SqlClient, point: { lat: number; lng: number } | PointSql, metres: number, where: Fragment): Fragment {
  const at: PointSql =
    "geography" in point
      ? point
      : { geography: sql`ST_SetSRID(ST_MakePoint(${point.lng}::float8, ${point.lat}::float8), 4326)::geography`, lng: sql`${point.lng}::float8`, lat: sql`${point.lat}::float8` };
  return sql`
    SELECT l.id, l.location <-> ${at.geography} AS distance_m, NULL::float8 AS distance_in_m, NULL::float8 AS duration_in_s,
           ${at.lng} AS ref_lng, ${at.lat} AS ref_lat, l.junction_id, NULL::int AS junction_position, l.popularity, l.title
    FROM listings l
    WHERE ${where} AND ST_DWithin(l.location, ${at.geography}, ${metres}, false)`;
}

function circleArea(lat: number, lng: number, radiusMetres: number): SearchArea {
  const dLat = radiusMetres / 111_320;
  const dLng = radiusMetres / (111_320 * Math.cos((lat * Math.PI) / 180));
  const bbox: [number, number, number, number] = [round(lng - dLng, 6), round(lat - dLat, 6), round(lng + dLng, 6), round(lat + dLat, 6)];
  return {
    type: "circle",
    centre: { lat, lng },
    radiusMetres,
    bottomLeft: { lat: bbox[1], lng: bbox[0] },
    topRight: { lat: bbox[3], lng: bbox[2] },
    boundingBox: bbox,
  };
}

/** Listings around the location (typed, chosen or the visitor's own). The engine is unused: every kind takes the same arguments. */
export async function searchLocation<R extends ListingRead = "full">(sql: SqlClient, _engine: RoutingEngine, filters: SearchFilters, options: SearchOptions<R> = {}): Promise<SearchResponseOf<R>> {
  const start = startSearch(sql, "location", filters, options);
  const base = start.context;
  const distance = filters.distance ?? DEFAULT_DISTANCE_MILES;
  const metres = milesToMetres(distance);
  const input: PointInput = { location: filters.location, geoLocation: filters.geoLocation, placeRef: filters.locationId, field: "location", places: options.places };
  // A typed name the request's lookups would ask in a statement of its own: asked inside the search's (decision 0355).
  const inSearch = placeInSearch(input);
  let point: SearchPoint;
  let page: AssembledPage;
  if (inSearch) {
    const { lookup } = inSearch;
    page = await assemble(sql, locationCandidates(sql, lookup.point, metres, start.where), { ...start.paging, countCap: LOCATION_COUNT_CAP, prefix: lookup.ctes, extra: lookup.rows });
    // Nothing found: the error resolveSearchPoint gives, and the (empty) page is dropped.
    point = pointInSearch(inSearch, page.extra, input.field);
  } else {
    point = await resolveSearchPoint(sql, input);
    page = await assemble(sql, locationCandidates(sql, point, metres, start.where), { ...start.paging, countCap: LOCATION_COUNT_CAP });
  }
  base.point = point;
  base.area = circleArea(point.lat, point.lng, metres);
  base.normalPoints = [point];
  base.distance = distance;
  return searchResponse(sql, filters, start, page, options);
}
