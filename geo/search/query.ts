import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { type ListingCardRow, type ListingRow, listingCardSql, listingSql, live } from "../listing";
import type { ListingRead } from "./types";
import { COUNT_CAP, MAP_POINTS_CAP, type KindFilters, type SearchFilters, type Sort, businessKinds, hasKindFilter, walkFilter } from "./filters";

type Fragment = PendingQuery<Row[]>;

/**
 * The listing part of every search: live listings matching the type, walk and facility filters.
 * `l` is the listings alias in the caller's query.
 */
export function listingFilterSql(sql: SqlClient, f: ListingFilters, exclude?: number): Fragment {
  const facilities = f.facilities.length ? sql`AND l.facility_ids @> ${f.facilities}::smallint[]` : sql``;
  const excluded = exclude ? sql`AND l.id <> ${exclude}` : sql``;
  return sql`${live(sql)} ${typeSql(sql, f, "l")} ${facilities} ${excluded}`;
}

type ListingFilters = KindFilters & Pick<SearchFilters, "facilities">;

/** The same type, walk and facility filters over road_listing_groups (alias g), which has no status: it holds live listings only. */
export function groupFilterSql(sql: SqlClient, f: ListingFilters): Fragment {
  const facilities = f.facilities.length ? sql`AND g.facility_ids @> ${f.facilities}::smallint[]` : sql``;
  return sql`true ${typeSql(sql, f, "g")} ${facilities}`;
}

function typeSql(sql: SqlClient, f: ListingFilters, alias: "l" | "g"): Fragment {
  const t = sql(alias);
  const walks = walkFilter(f);
  const kinds = businessKinds(f);
  // Accommodation or services narrow the member businesses (type 4), as pub and beach narrow walks.
  const others = f.types.filter((type) => type !== 1 && !(kinds && type === 4));
  // No type, walk or business filter: every type. (allWalks alone means walks only.)
  if (!hasKindFilter(f)) return sql``;
  const plainTypes = others.length ? sql`${t}.type_id = ANY(${others}::smallint[])` : null;
  const businessTypes = kinds ? sql`(${t}.type_id = 4 AND ${t}.walk_type = ANY(${kinds}::text[]))` : null;
  const otherTypes = plainTypes && businessTypes ? sql`(${plainTypes} OR ${businessTypes})` : (plainTypes ?? businessTypes);
  const walkTypes =
    walks === null
      ? null
      : walks === "all"
        ? sql`${t}.type_id = 1`
        : walks.pub && walks.beach
          ? sql`(${t}.type_id = 1 AND (${t}.has_pub OR ${t}.has_beach))`
          : walks.pub
            ? sql`(${t}.type_id = 1 AND ${t}.has_pub)`
            : sql`(${t}.type_id = 1 AND ${t}.has_beach)`;
  if (otherTypes && walkTypes) return sql`AND (${otherTypes} OR ${walkTypes})`;
  if (otherTypes) return sql`AND ${otherTypes}`;
  if (walkTypes) return sql`AND ${walkTypes}`;
  return sql`AND false`;
}

/**
 * One row per matching listing, as every search's candidate set yields it. Searches build this with
 * their own spatial SQL; `assemble` pages, counts and collects map points from it in one statement.
 */
export interface CandidateColumns {
  id: number;
  distance_m: number | null;
  distance_in_m: number | null;
  duration_in_s: number | null;
  ref_lng: number | null;
  ref_lat: number | null;
  junction_id: number | null;
  junction_position: number | null;
  popularity: number;
  title: string;
}

/** A row of a page of results: what the search returns for each listing (popularity and title only order it). */
export type PageRow = Omit<CandidateColumns, "popularity" | "title">;

export interface AssembledPage {
  rows: PageRow[];
  total: number;
  totalIsCapped: boolean;
  mapPoints: { lat: number; lng: number; id: number; url: string; isFree: boolean }[];
  /** The page's listings (geo/listing.ts listingSql, or listingCardSql for a card read); a route's page loads them apart. */
  listings?: ListingRow[] | ListingCardRow[];
  /** The value of the caller's `extra` column (undefined without one). */
  extra?: unknown;
}

/** The ORDER BY of each sort over candidate columns (alias c). */
export function orderSql(sql: SqlClient, sort: Sort): Fragment {
  switch (sort) {
    case "distance_away":
      // Distance alone, with no tie-breaker, so the GiST index's KNN order serves it and a page reads ~20 rows.
      return sql`c.distance_m`;
    case "distance_in":
      return sql`c.distance_in_m, c.id`;
    case "junction":
      return sql`c.junction_position, c.distance_m, c.id`;
    case "name":
      // Numbers in titles sort as numbers: "M3" before "M27" (migrations/0011_natural_name_order.sql).
      return sql`c.title COLLATE natural_order, c.id`;
    default:
      return sql`c.popularity DESC, c.id`;
  }
}

/**
 * Pages, counts (up to COUNT_CAP, or the caller's `countCap`) and map points over a candidate set, with the
 * page's listings as their result cards show them, in one statement: one round trip for the whole page.
 * The candidates are not materialized, so the planner pushes each LIMIT into index scans (the KNN order
 * of a location search, browse by popularity). `prefix`: WITH entries the candidates read (a place looked up
 * in the same statement, decision 0355); `extra`: one more column, answered as `extra`.
 */
export async function assemble(
  sql: SqlClient,
  candidates: Fragment,
  options: { sort: Sort; page: number; limit: number; includeMapPoints: boolean; countCap?: number; viewerId?: number | null; read?: ListingRead; prefix?: Fragment; extra?: Fragment },
): Promise<AssembledPage> {
  const order = orderSql(sql, options.sort);
  const countCap = options.countCap ?? COUNT_CAP;
  const offset = (options.page - 1) * options.limit;
  const mapPoints = options.includeMapPoints
    ? sql`(SELECT coalesce(json_agg(json_build_object('lat', ST_Y(l.location::geometry), 'lng', ST_X(l.location::geometry), 'id', l.id,
            'url', listing_url(l.walk_type, l.slug), 'isFree', l.free) ORDER BY m.n), '[]'::json)
          FROM (SELECT c.id, row_number() OVER (ORDER BY ${order}) AS n FROM candidates c ORDER BY ${order} LIMIT ${MAP_POINTS_CAP}) m
          JOIN listings l ON l.id = m.id)`
    : sql`'[]'::json`;
  const onPage = sql`l.id IN (SELECT id FROM page)`;
  const listings = options.read === "card" ? listingCardSql(sql, onPage) : listingSql(sql, onPage, options.viewerId ?? null);
  const prefix = options.prefix ? sql`${options.prefix},` : sql``;
  const extra = options.extra ? sql`, ${options.extra} AS extra` : sql``;
  const [result] = await sql<{ page: CandidateColumns[] | null; total: number; map_points: AssembledPage["mapPoints"]; listings: ListingRow[] | ListingCardRow[] | null; extra?: unknown }[]>`
    WITH ${prefix} candidates AS NOT MATERIALIZED (${candidates}),
    page AS MATERIALIZED (SELECT c.* FROM candidates c ORDER BY ${order} LIMIT ${options.limit} OFFSET ${offset})
    SELECT
      (SELECT json_agg(p) FROM page p) AS page,
      (SELECT count(*)::int FROM (SELECT 1 FROM candidates LIMIT ${countCap + 1}) n) AS total,
      ${mapPoints} AS map_points,
      (SELECT json_agg(d) FROM (${listings}) d) AS listings ${extra}`;
  const total = Math.min(result.total, countCap);
  return {
    rows: result.page ?? [],
    total,
    totalIsCapped: result.total > countCap,
    mapPoints: result.map_points,
    listings: result.listings ?? [],
    extra: result.extra,
  };
}
