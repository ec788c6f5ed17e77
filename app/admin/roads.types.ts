// What the back office's road pages show: plain types and constants, no server imports.
import type { AdminJunction, AdminRoad, AdminRoadRow } from "../../geo/roads-admin";
import type { AdminPagination } from "./listings.types";

export type { AdminJunction, AdminRoad, AdminRoadRow };

/** The country tabs of /account/admin/manage-roads/{country}: the directory's two countries. */
export const ROAD_COUNTRY_TABS = [
  { slug: "united-kingdom", id: 235, label: "United Kingdom", centre: { lat: 54.2, lng: -2.6, zoom: 4.6 } },
  { slug: "france", id: 75, label: "France", centre: { lat: 46.6, lng: 2.4, zoom: 4.8 } },
] as const;

export type RoadCountryTab = (typeof ROAD_COUNTRY_TABS)[number];

export function roadCountryTab(slugOrId: string | number): RoadCountryTab | null {
  return ROAD_COUNTRY_TABS.find((tab) => tab.slug === slugOrId || tab.id === slugOrId) ?? null;
}

export interface AdminRoadsPage {
  country: RoadCountryTab;
  roads: AdminRoadRow[];
  query: { q: string };
  pagination: AdminPagination;
}
