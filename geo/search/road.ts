// Browse by road: the listings attached to one road's junctions (or one junction), in junction order.
import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { AppError } from "../../core/errors";
import { parseDatabaseId } from "../../core/ids";
import { junctionSlug } from "../junction-numbers";
import type { RoutingEngine } from "../routing/port";
import { milesToMetres } from "../units";
import type { SearchFilters } from "./filters";
import { findRoad, loadJunctions } from "./hydrate";
import { assemble } from "./query";
import { type SearchOptions, searchResponse, startSearch } from "./response";
import type { ListingRead, SearchResponseOf } from "./types";

type Fragment = PendingQuery<Row[]>;

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

/** A road's listings (road or road-slug and road-country, optionally one junction). The engine is unused: every kind takes the same arguments. */
export async function searchRoad<R extends ListingRead = "full">(sql: SqlClient, _engine: RoutingEngine, filters: SearchFilters, options: SearchOptions<R> = {}): Promise<SearchResponseOf<R>> {
  const start = startSearch(sql, "road", filters, options);
  const base = start.context;
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
  const page = await assemble(sql, roadCandidates(sql, road.id, start.where, filters.distance ? milesToMetres(filters.distance) : null, junction?.id ?? null), start.paging);
  base.road = road;
  base.distance = filters.distance ?? null;
  return searchResponse(sql, filters, start, page, options);
}
