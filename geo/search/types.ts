import type { LocationGallery } from "../gallery";
import type { SearchFilters, SearchType, Sort } from "./filters";
import type { DriveHour } from "../trip/hours";

export interface RoadSummary {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** Country slug: united-kingdom or france. */
  country: string;
  motorway: boolean;
  icon: string;
  url: string;
}

export interface JunctionSummary {
  id: number;
  number: string;
  expandedName: string;
  position: number;
  town: string | null;
  lat: number;
  lng: number;
}

/** The listing as a search result carries it: every field of the spec's Location (§3), with the card's snippet, type name and popularity. */
export interface LocationSummary {
  id: number;
  versionId: number | null;
  slug: string;
  url: string;
  title: string;
  fullTitle: string;
  /** Sanitised HTML; a premium listing's is its locked form, the snippet as one paragraph (decision 0270). */
  description: string;
  /** First 200 characters of the description as plain text. */
  snippet: string;
  road: { id: number; name: string; slug: string } | null;
  junction: { id: number; number: string; expandedName: string; town: string | null } | null;
  type: { id: number; name: string; path: string };
  facilities: { id: number; name: string; slug: string }[];
  status: { id: number };
  has_pub: boolean;
  has_beach: boolean;
  /** false means premium. */
  free: boolean;
  /** Whether the viewer has the listing in one of their lists (false for visitors). */
  isFavourite: boolean;
  popularity: number;
  lat: number;
  lng: number;
  address: string;
  town: string;
  county: string;
  postcode: string;
  country: { id: number; slug: string };
  gallery: LocationGallery;
}

/** What a result card shows of a location (the results pages' read, decision 0341): part of a LocationSummary. */
export type CardLocation = Pick<LocationSummary, "id" | "url" | "title" | "snippet" | "type" | "free" | "lat" | "lng" | "town" | "county" | "gallery">;

export interface SearchResult {
  /** Miles from the search point, the route line (route) or the junction (browse by road). */
  distance: number | null;
  /** Miles along the route from the start (route searches). */
  distanceIn: number | null;
  /** Seconds into the drive (route searches). */
  durationIn: number | null;
  location: LocationSummary;
  road: RoadSummary | null;
  junction: JunctionSummary | null;
  /** The point distances are measured from: the search point, the nearest route point, or the junction. */
  referencePoint: { lat: number; lng: number } | null;
  url: string;
}

export interface MapPoint {
  lat: number;
  lng: number;
  id: number;
  url: string;
  isFree: boolean;
}

export interface SearchArea {
  type: "circle" | "box";
  centre: { lat: number; lng: number } | null;
  radiusMetres: number | null;
  topRight: { lat: number; lng: number };
  bottomLeft: { lat: number; lng: number };
  boundingBox: [number, number, number, number];
}

export interface RouteSummary {
  distance: number;
  duration: number;
  from: { lat: number; lng: number; label: string };
  to: { lat: number; lng: number; label: string };
  /** GeoJSON LineString of the route. */
  geometry: { type: "LineString"; coordinates: [number, number][] };
  corridorMetres: number;
  /** The straight stretches between the exact ends and the road network, which are not roads (the line's first and last with pgRouting). */
  connectors: { from: [number, number]; to: [number, number]; metres: number }[];
  /** Hours into the drive the results start from (0: the start). */
  startHours: number;
  /** Points of the drive to start the results from: each whole hour, with the town the route passes there. */
  stops: RouteStop[];
}

export interface RouteStop {
  hours: number;
  /** "After 2 hours, near Leicester" */
  label: string;
}

/** A search result as a results page reads it: its location is what the card shows. A SearchResult is one. */
export type CardResult = Omit<SearchResult, "location"> & { location: CardLocation };

/** Which read of the page's listings a search makes: the spec's whole Location (the JSON API), or a card's (decision 0341). */
export type ListingRead = "full" | "card";

/** The search response with its results read as `read` says. */
export type SearchResponseOf<R extends ListingRead> = R extends "card" ? CardSearchResponse : SearchResponse;

/** The search response a results page reads (`read: "card"`); a SearchResponse is one. */
export type CardSearchResponse = Omit<SearchResponse, "results"> & { results: CardResult[] };

export interface SearchResponse {
  results: SearchResult[];
  pagination: { page: number; limit: number; total: number; totalPages: number; totalIsCapped: boolean };
  query: Omit<SearchFilters, "searchType" | "sort" | "distance"> & { searchType: SearchType; sort: Sort; distance: number | null; businessOnly: boolean };
  road: RoadSummary | null;
  area: SearchArea | null;
  point: { lat: number; lng: number; label: string } | null;
  route: RouteSummary | null;
  motorways: RoadSummary[];
  junctions: JunctionSummary[];
  /** The search's own markers: the centre of a location search, the start and end of a route. */
  normalPoints: { lat: number; lng: number; label: string }[];
  mapPoints: MapPoint[];
  /** A route's first page by hour, only when the search was asked for it (`SearchOptions.byHour`; never in the JSON API). */
  driveHours?: DriveHour[] | null;
}
