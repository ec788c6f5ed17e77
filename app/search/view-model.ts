import type { CardResult, CardSearchResponse, SearchResponse } from "../../geo/search/types";
import { CURRENT_LOCATION_LABEL } from "./constants";
import type { PaginationInput } from "./format";
import { describeTypes } from "./listing-types";
import { joinPlaceParts } from "../listings/place-words";
import { junctionSlug } from "../../geo/junction-numbers";
import { looksLikeLatLng } from "../../geo/units";
import { junctionHref } from "./url";

/** One result card: only what the list shows, so pages stay small. */
export interface ResultCard {
  id: number;
  url: string;
  title: string;
  snippet: string;
  typeId: number;
  /** Miles from the search point, the route or the junction. */
  distance: number | null;
  /** Miles along the route from the start. */
  distanceIn: number | null;
  /** "M6 Junction 42" */
  junction: string | null;
  /** That junction's results page, when the listing's road is known. */
  junctionHref: string | null;
  place: string;
  /** Spec §3: free false means premium. */
  premium: boolean;
  /** The first photo's thumbnail (version 6); null without photos. */
  thumbnail: { url: string; width: number; height: number } | null;
  lat: number;
  lng: number;
}

export interface SearchSummary {
  heading: string;
  searchType: SearchResponse["query"]["searchType"];
  road: { name: string; country: string; motorway: boolean; description: string; junctions: { number: string; label: string }[]; junction: string | null } | null;
  route: { from: string; to: string; miles: number; seconds: number; startHours: number; stops: { hours: number; label: string }[] } | null;
  point: string | null;
  distance: number | null;
}

export interface ResultsData {
  cards: ResultCard[];
  pagination: PaginationInput;
  summary: SearchSummary;
}

/** One result on the map: the results of the page being shown, as in its list (decision 0137). */
export interface MapPin {
  id: number;
  lat: number;
  lng: number;
  url: string;
  title: string;
  premium: boolean;
}

export function mapPins(cards: ResultCard[]): MapPin[] {
  return cards.map(({ id, lat, lng, url, title, premium }) => ({ id, lat, lng, url, title, premium }));
}

/** What the map draws besides the tiles. */
export interface MapData {
  points: MapPin[];
  route: [number, number][] | null;
  circle: { lat: number; lng: number; radiusMetres: number } | null;
  markers: { lat: number; lng: number; label: string }[];
}

function junctionLabel(result: CardResult): string | null {
  if (!result.junction) return null;
  return result.road ? `${result.road.name} ${result.junction.expandedName}` : result.junction.expandedName;
}

export function resultCard(result: CardResult): ResultCard {
  const { location } = result;
  return {
    id: location.id,
    url: result.url,
    title: location.title,
    snippet: location.snippet,
    typeId: location.type.id,
    distance: result.distance,
    distanceIn: result.distanceIn,
    junction: junctionLabel(result),
    junctionHref: result.junction && result.road ? junctionHref(result.road, result.junction.number) : null,
    place: joinPlaceParts([location.town, location.county]),
    premium: !location.free,
    thumbnail: location.gallery.items[0]?.versions["6"] ?? null,
    lat: location.lat,
    lng: location.lng,
  };
}

/** "London, Greater London, United Kingdom" → "London": headings name places briefly; coordinates stay whole. */
export function shortPlace(label: string): string {
  if (looksLikeLatLng(label)) return label.split(",").map((part) => part.trim()).join(", ");
  return label.split(",")[0].trim() || label;
}

function where(response: CardSearchResponse): string {
  const { query, road, route, point } = response;
  // A road's distance (from the junction) is optional: "within 2 miles of M6 junctions", else "near".
  const near = road && query.distance ? `within ${query.distance} ${query.distance === 1 ? "mile" : "miles"} of` : "near";
  if (road && query.junction) {
    const junction = response.junctions.find((j) => junctionSlug(j.number) === query.junction);
    return `${near} ${road.name} ${junction?.expandedName ?? `junction ${query.junction}`}`;
  }
  if (road) return `${near} ${road.name} junctions`;
  if (route) return `along your route from ${shortPlace(route.from.label)} to ${shortPlace(route.to.label)}`;
  if (point) {
    const miles = query.distance ?? 0;
    const place = point.label === CURRENT_LOCATION_LABEL ? "you" : shortPlace(point.label);
    return `within ${miles} ${miles === 1 ? "mile" : "miles"} of ${place}`;
  }
  if (query.country === "france") return "in France";
  if (query.country === "united-kingdom") return "in the UK";
  return "in the UK and France";
}

export function searchSummary(response: CardSearchResponse): SearchSummary {
  const { query, road, route, point } = response;
  return {
    heading: `${describeTypes(query)} ${where(response)}`,
    searchType: query.searchType,
    road: road && {
      name: road.name,
      country: road.country,
      motorway: road.motorway,
      description: road.description,
      junctions: response.junctions.map((j) => ({ number: junctionSlug(j.number), label: j.town ? `${j.expandedName} (${j.town})` : j.expandedName })),
      junction: query.junction ?? null,
    },
    route: route && { from: shortPlace(route.from.label), to: shortPlace(route.to.label), miles: route.distance, seconds: route.duration, startHours: route.startHours, stops: route.stops },
    point: point ? shortPlace(point.label) : null,
    distance: query.distance,
  };
}

export function resultsData(response: CardSearchResponse): ResultsData {
  return { cards: response.results.map(resultCard), pagination: response.pagination, summary: searchSummary(response) };
}

/** The search's route, circle and place markers from the API, with the page's results as the pins. */
export function mapData(response: SearchResponse, points: MapPin[]): MapData {
  const circle = response.area?.centre && response.area.radiusMetres ? { ...response.area.centre, radiusMetres: response.area.radiusMetres } : null;
  return {
    points,
    route: response.route?.geometry.coordinates ?? null,
    circle,
    markers: response.normalPoints.map((marker) => ({ ...marker, label: shortPlace(marker.label) })),
  };
}
