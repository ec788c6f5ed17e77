import { redirect } from "@remix-run/node";
import { filtersFromSearchParams } from "../../geo/search/filters";
import { roadCountFiltersSchema, roadCounts } from "../../geo/search/road-counts";
import { sql } from "../db.server";
import { SELECT_A_ROAD_MESSAGE } from "./constants";
import { facilities, roadOptions } from "./reference.server";
import type { RoadOption } from "./reference.types";
import { emptyState, searchHref, truthy, type TypeFilterState } from "./url";

/** The pickers' filters: the search pages' type filters. */
export type MotorwayFilters = TypeFilterState;

export interface MotorwayPageData {
  country: "united-kingdom" | "france";
  path: string;
  roads: RoadOption[];
  counts: Record<string, number>;
  filters: MotorwayFilters;
  facilities: { id: number; name: string }[];
  /** The road chosen when the form came back (no JavaScript). */
  selected: string;
  roadError: string;
  filterError: string;
}

const NO_FILTERS: MotorwayFilters = { types: [], facilities: [], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false };

/**
 * The motorway pickers (/motorway-search, /motorway-search-france). The form is a GET form to the page
 * itself: with a road chosen it goes on to /browse/road/{country}/{road-slug} with the filters; without
 * one it comes back with 'Please select a road' (400); the "update" button only refreshes the counts.
 */
export async function loadMotorwayPage(request: Request): Promise<{ status: number; page: MotorwayPageData }> {
  const url = new URL(request.url);
  const country = url.pathname.startsWith("/motorway-search-france") ? "france" : "united-kingdom";
  const raw = filtersFromSearchParams(url.searchParams);
  if (truthy(raw.allWalks) && (truthy(raw.pubWalks) || truthy(raw.beachWalks))) delete raw.allWalks;
  const parsed = roadCountFiltersSchema.safeParse(raw);
  const filters = parsed.success ? parsed.data : NO_FILTERS;
  const filterError = parsed.success ? "" : (parsed.error.issues[0]?.message ?? "Those filters are not valid");

  const [roads, facilityList] = await Promise.all([roadOptions(), facilities()]);
  const selected = url.searchParams.get("road") ?? "";
  // "Show stops" (go) or a road sent from the homepage asks for the road; "update" only refreshes the counts.
  const choosing = !url.searchParams.has("update") && (url.searchParams.has("go") || url.searchParams.has("road"));
  const road = roads.find((option) => String(option.id) === selected);
  if (choosing && road && parsed.success) {
    throw redirect(searchHref({ ...emptyState("browse"), ...filters, road: { country: road.country, slug: road.slug } }));
  }
  const roadError = choosing && !road ? SELECT_A_ROAD_MESSAGE : "";
  const { counts } = await roadCounts(sql(), filters);
  return {
    status: roadError || filterError ? 400 : 200,
    page: {
      country,
      path: url.pathname,
      // roadOptions() is in sign order already.
      roads: roads.filter((option) => option.country === country),
      counts,
      filters,
      facilities: facilityList.map(({ id, name }) => ({ id, name })),
      selected: road ? selected : "",
      roadError,
      filterError,
    },
  };
}
