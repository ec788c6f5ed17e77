import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { AppError } from "../../app/errors";
import type { RoutingEngine } from "../routing/port";
import { metresToMiles, milesToMetres } from "../units";
import { DEFAULT_DISTANCE_MILES, DEFAULT_SORT, LOCATION_COUNT_CAP, type SearchFilters, isBusinessOnly } from "./filters";
import { searchFiltersSchema } from "./filters-schema";
import { listingsById, locationSummary, toListing } from "../listing";
import { findRoad, loadJunctions, roadsAndJunctionsOf } from "./hydrate";
import { type AssembledPage, assemble, listingFilterSql } from "./query";
import { corridorPage, metresAfterSeconds, planRoute, routeStops } from "./route";
import { CURRENT_LOCATION_LABEL, resolveSearchPoint, type SearchPoint } from "./points";
import type { JunctionSummary, RoadSummary, SearchArea, SearchResponse, SearchResult } from "./types";
import { parseDatabaseId } from "../../app/ids";
import { junctionSlug } from "../junction-numbers";

type Fragment = PendingQuery<Row[]>;

/** Listings within `metres` of a point; distances on the sphere, as the KNN operator measures them, so the GiST index orders them. */
export function locationCandidates(sql: SqlClient, point: { lat: number; lng: number }, metres: number, where: Fragment): Fragment {
  const pt = sql`ST_SetSRID(ST_MakePoint(${point.lng}::float8, ${point.lat}::float8), 4326)::geography`;
  return sql`
    SELECT l.id, l.location <-> ${pt} AS distance_m, NULL::float8 AS distance_in_m, NULL::float8 AS duration_in_s,
           ${point.lng}::float8 AS ref_lng, ${point.lat}::float8 AS ref_lat, l.junction_id, NULL::int AS junction_position, l.popularity, l.title
    FROM listings l
    WHERE ${where} AND ST_DWithin(l.location, ${pt}, ${metres}, false)`;
}

/** A road's junction listings; junction_distance_m is kept by a trigger, so junction order then distance reads off an index. */
export function roadCandidates(sql: SqlClient, roadId: number, where: Fragment, maxMetres: number | null, junctionId: number | null = null): Fragment {
  const radius = maxMetres === null ? sql`` : sql`AND l.junction_distance_m <= ${maxMetres}`;
  const oneJunction = junctionId === null ? sql`` : sql`AND j.id = ${junctionId}`;
  return sql`
    SELECT l.id, l.junction_distance_m AS distance_m, NULL::float8 AS distance_in_m, NULL::float8 AS duration_in_s,
           ST_X(j.geom) AS ref_lng, ST_Y(j.geom) AS ref_lat, l.junction_id, j.position AS junction_position, l.popularity, l.title
    FROM junctions j JOIN listings l ON l.junction_id = j.id
    WHERE ${where} AND j.road_id = ${roadId} ${radius} ${oneJunction}`;
}

/** Every matching listing (optionally in one country), for browsing by popularity or name. */
export function browseCandidates(sql: SqlClient, where: Fragment, countrySlug: string | null): Fragment {
  const country = countrySlug ? sql`AND l.country_id = (SELECT id FROM countries WHERE slug = ${countrySlug})` : sql``;
  return sql`
    SELECT l.id, NULL::float8 AS distance_m, NULL::float8 AS distance_in_m, NULL::float8 AS duration_in_s, NULL::float8 AS ref_lng,
           NULL::float8 AS ref_lat, l.junction_id, NULL::int AS junction_position, l.popularity, l.title
    FROM listings l WHERE ${where} ${country}`;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

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

/**
 * planRoute for the form's fields, where a chosen suggestion (from-id, to-id) stands for exactly that
 * place: it reaches the planner as its coordinates and comes back with the field's label.
 */
async function planChosenRoute(sql: SqlClient, engine: RoutingEngine, filters: SearchFilters, corridorMetres: number) {
  const chosen = async (text: string | undefined, placeRef: string | undefined, field: string) =>
    placeRef && text?.trim() !== CURRENT_LOCATION_LABEL ? resolveSearchPoint(sql, { location: text, placeRef, field }) : null;
  const [from, to] = await Promise.all([chosen(filters.from, filters.fromId, "from"), chosen(filters.to, filters.toId, "to")]);
  const asText = (point: SearchPoint | null, text: string | undefined) => (point ? `${point.lat},${point.lng}` : text);
  const plan = await planRoute(sql, engine, { from: asText(from, filters.from), to: asText(to, filters.to), geoLocation: filters.geoLocation }, corridorMetres);
  if (from) plan.summary.from = { ...plan.summary.from, label: from.label };
  if (to) plan.summary.to = { ...plan.summary.to, label: to.label };
  return plan;
}

/** Parses raw filters (query string or JSON) with the shared schema; throws ZodError for bad input. */
export function parseFilters(raw: unknown): SearchFilters {
  return searchFiltersSchema.parse(raw);
}

/**
 * Runs one search: browse, browse by road, location or route corridor. Loaders and the JSON API both
 * call this, so the list, the map and any outside client see the same results. `viewerId` is the signed-in
 * member whose favourites each result's `location.isFavourite` says (none: false).
 */
export async function search(sql: SqlClient, engine: RoutingEngine, filters: SearchFilters, options: { exclude?: number; viewerId?: number | null } = {}): Promise<SearchResponse> {
  const searchType = filters.searchType === "browse" && (filters.road || filters.roadSlug) ? "road" : filters.searchType;
  const sort = filters.sort ?? DEFAULT_SORT[searchType];
  const paging = { sort, page: filters.page, limit: filters.limit, includeMapPoints: filters.includeMapPoints, viewerId: options.viewerId ?? null };
  const where = listingFilterSql(sql, filters, options.exclude);
  const base = {
    road: null as RoadSummary | null,
    area: null as SearchArea | null,
    point: null as SearchResponse["point"],
    route: null as SearchResponse["route"],
    junctions: [] as JunctionSummary[],
    normalPoints: [] as SearchResponse["normalPoints"],
    distance: null as number | null,
  };
  let page: AssembledPage;

  if (searchType === "road") {
    const road = await findRoad(sql, {
      id: parseDatabaseId(filters.road) ?? undefined,
      name: filters.road,
      slug: filters.roadSlug,
      country: filters.roadCountry ?? filters.country,
    });
    if (!road) throw new AppError(404, "Sorry, we don't know that road", { fieldErrors: { road: "Please select a road" } });
    base.junctions = await loadJunctions(sql, road.id);
    const junction = filters.junction ? base.junctions.find((j) => junctionSlug(j.number) === filters.junction) : null;
    if (junction === undefined) throw new AppError(404, `Sorry, the ${road.name} has no junction ${filters.junction}`, { fieldErrors: { junction: "Please choose a junction of this road" } });
    page = await assemble(sql, roadCandidates(sql, road.id, where, filters.distance ? milesToMetres(filters.distance) : null, junction?.id ?? null), paging);
    base.road = road;
    base.distance = filters.distance ?? null;
  } else if (searchType === "location") {
    const point = await resolveSearchPoint(sql, { location: filters.location, geoLocation: filters.geoLocation, placeRef: filters.locationId, field: "location" });
    const distance = filters.distance ?? DEFAULT_DISTANCE_MILES;
    const metres = milesToMetres(distance);
    page = await assemble(sql, locationCandidates(sql, point, metres, where), { ...paging, countCap: LOCATION_COUNT_CAP });
    base.point = point;
    base.area = circleArea(point.lat, point.lng, metres);
    base.normalPoints = [point];
    base.distance = distance;
  } else if (searchType === "route") {
    const distance = filters.distance ?? DEFAULT_DISTANCE_MILES;
    const plan = await planChosenRoute(sql, engine, filters, milesToMetres(distance));
    const startHours = filters.startHours ?? 0;
    const [corridor, stops] = await Promise.all([
      corridorPage(sql, plan, where, { ...paging, startMetres: metresAfterSeconds(plan.route, startHours * 3600) }),
      routeStops(sql, plan.route),
    ]);
    page = corridor;
    base.route = { ...plan.summary, startHours, stops };
    base.normalPoints = [plan.summary.from, plan.summary.to];
    base.distance = distance;
  } else {
    page = await assemble(sql, browseCandidates(sql, where, filters.country ?? null), paging);
  }

  // The page's listings with their galleries, roads and junctions: read with the page, or (a route's
  // page, measured in the app) in one more statement.
  const listings = page.listings
    ? new Map(page.listings.map((row) => [row.id, toListing(row)]))
    : await listingsById(
        sql,
        page.rows.map((r) => r.id),
        options.viewerId ?? null,
      );
  const seen = roadsAndJunctionsOf(listings.values());
  const junctionById = new Map((base.junctions.length ? base.junctions : seen.junctions).map((j) => [j.id, j]));

  const results: SearchResult[] = page.rows.flatMap((row) => {
    const listing = listings.get(row.id);
    if (!listing) return [];
    return [
      {
        distance: row.distance_m === null ? null : round(metresToMiles(row.distance_m), 3),
        distanceIn: row.distance_in_m === null ? null : round(metresToMiles(row.distance_in_m), 3),
        durationIn: row.duration_in_s === null ? null : Math.round(row.duration_in_s),
        location: locationSummary(listing),
        road: listing.road,
        junction: row.junction_id === null ? null : (junctionById.get(row.junction_id) ?? null),
        referencePoint: row.ref_lat === null || row.ref_lng === null ? null : { lat: round(row.ref_lat, 6), lng: round(row.ref_lng, 6) },
        url: listing.url,
      },
    ];
  });

  return {
    results,
    pagination: {
      page: filters.page,
      limit: filters.limit,
      total: page.total,
      totalPages: Math.max(1, Math.ceil(page.total / filters.limit)),
      totalIsCapped: page.totalIsCapped,
    },
    query: { ...filters, searchType, sort, distance: base.distance, businessOnly: isBusinessOnly(filters) },
    road: base.road,
    area: base.area,
    point: base.point,
    route: base.route,
    motorways: base.road ? [base.road] : seen.roads,
    junctions: base.junctions.length ? base.junctions : [...junctionById.values()],
    normalPoints: base.normalPoints,
    mapPoints: page.mapPoints,
  };
}
