// Browse: every matching live listing (optionally in one country), by popularity or name.
import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import type { RoutingEngine } from "../routing/port";
import type { SearchFilters } from "./filters";
import { assemble } from "./query";
import { type SearchOptions, searchResponse, startSearch } from "./response";
import { searchRoad } from "./road";
import type { ListingRead, SearchResponseOf } from "./types";

type Fragment = PendingQuery<Row[]>;

/** Every matching listing (optionally in one country), for browsing by popularity or name. */
export function browseCandidates(sql: SqlClient, where: Fragment, countrySlug: string | null): Fragment {
  const country = countrySlug ? sql`AND l.country_id = (SELECT id FROM countries WHERE slug = ${countrySlug})` : sql``;
  return sql`
    SELECT l.id, NULL::float8 AS distance_m, NULL::float8 AS distance_in_m, NULL::float8 AS duration_in_s, NULL::float8 AS ref_lng,
           NULL::float8 AS ref_lat, l.junction_id, NULL::int AS junction_position, l.popularity, l.title
    FROM listings l WHERE ${where} ${country}`;
}

/** Browse; a road named in the filters (road, or road-slug) makes it a browse by that road (road.ts). */
export async function searchBrowse<R extends ListingRead = "full">(sql: SqlClient, engine: RoutingEngine, filters: SearchFilters, options: SearchOptions<R> = {}): Promise<SearchResponseOf<R>> {
  if (filters.road || filters.roadSlug) return searchRoad(sql, engine, filters, options);
  const start = startSearch(sql, "browse", filters, options);
  const page = await assemble(sql, browseCandidates(sql, start.where, filters.country ?? null), start.paging);
  return searchResponse(sql, filters, start, page, options);
}
