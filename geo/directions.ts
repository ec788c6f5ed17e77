import type { SqlClient } from "../db/client";
import { AppError } from "../core/errors";
import { resolvePlace } from "./geocode";
import { type Listing, live, readListings } from "./listing";
import { haversineMetres } from "./routing/geometry";
import type { LngLat, Route, RoutingEngine } from "./routing/port";
import { coordinatesLabel, metresToMiles, parseLatLng } from "./units";

/** Closer than this to the listing, the visitor is there already. */
const SAME_PLACE_METRES = 25;
/** Only digits, signs, dots, spaces and a comma: meant as 'lat,lng', so a bad one is a 400, not an unknown place. */
const MEANT_AS_COORDINATES = /^[\s\d.+-]*,[\s\d.,+-]*$/;

export const ALREADY_THERE_MESSAGE = "You are already there";
export const NO_ROUTE_MESSAGE = "Sorry, we couldn't find a route between those places";
export const UNKNOWN_PLACE_MESSAGE = "We couldn't find that place";

export interface DirectionsInput {
  /** 'lat,lng' or a place name. */
  from: string;
  listingId: number;
}

export interface DirectionsItem {
  point: { lat: number; lng: number };
  icon: string;
  description: string;
  /** Miles to the next instruction. */
  distance: number;
}

/** The spec's directions response (public-directory.md §3). */
export interface DirectionsResponse {
  route: {
    /** Seconds. */
    duration: number;
    /** Miles. */
    distance: number;
    legs: { items: DirectionsItem[] }[];
  };
  /** Start and end. */
  points: { lat: number; lng: number; label: string }[];
  junction: { id: number; number: string; expandedName: string; town: string | null } | null;
  road: { id: number; name: string; slug: string; country: string; motorway: boolean; icon: string } | null;
  location: { id: number; url: string; fullTitle: string; postcode: string; date: { timestamp: number } };
  query: { from: string; to: number };
}

interface StartPoint extends LngLat {
  label: string;
}

async function liveListing(sql: SqlClient, id: number): Promise<Listing> {
  const [listing] = await readListings(sql, sql`l.id = ${id} AND ${live(sql)}`);
  if (!listing) throw new AppError(404, "We can't find that location", { code: "location-not-found" });
  return listing;
}

/** The start: typed or current-location 'lat,lng', or a place through the gazetteer. */
async function resolveStart(sql: SqlClient, from: string): Promise<StartPoint> {
  const text = from.trim();
  if (text === "") throw new AppError(400, "Please enter a starting point", { fieldErrors: { from: "Please enter a starting point" } });
  if (MEANT_AS_COORDINATES.test(text)) {
    const point = parseLatLng(text);
    if (!point) {
      throw new AppError(400, "Coordinates must be 'latitude,longitude' with a latitude from -90 to 90 and a longitude from -180 to 180", { fieldErrors: {
        from: "Please enter a valid place or 'latitude,longitude'",
      } });
    }
    return { ...point, label: coordinatesLabel(point) };
  }
  const place = await resolvePlace(sql, text);
  if (!place) throw new AppError(422, UNKNOWN_PLACE_MESSAGE, { fieldErrors: { from: UNKNOWN_PLACE_MESSAGE } });
  return place;
}

function miles(metres: number): number {
  return Math.round(metresToMiles(metres) * 10) / 10;
}

function routeBody(route: Route): DirectionsResponse["route"] {
  return {
    duration: Math.round(route.durationSeconds),
    distance: miles(route.distanceMetres),
    legs: route.legs.map((leg) => ({
      items: leg.steps.map((step) => ({
        point: { lat: step.point.lat, lng: step.point.lng },
        icon: step.icon,
        description: step.description,
        distance: miles(step.distanceMetres),
      })),
    })),
  };
}

function roadOf(listing: Listing): DirectionsResponse["road"] {
  const road = listing.road;
  return road && { id: road.id, name: road.name, slug: road.slug, country: road.country, motorway: road.motorway, icon: road.icon };
}

function junctionOf(listing: Listing): DirectionsResponse["junction"] {
  const junction = listing.junction;
  return junction && { id: junction.id, number: junction.number, expandedName: junction.expandedName, town: junction.town };
}

/**
 * Directions from a place or 'lat,lng' to a live listing: the route with turn-by-turn items,
 * the two end points, the listing's road and junction, and the query as given.
 */
export async function directions(sql: SqlClient, engine: RoutingEngine, input: DirectionsInput): Promise<DirectionsResponse> {
  const listing = await liveListing(sql, input.listingId);
  const start = await resolveStart(sql, input.from);
  const end: LngLat = { lat: listing.lat, lng: listing.lng };
  if (haversineMetres([start.lng, start.lat], [end.lng, end.lat]) < SAME_PLACE_METRES) {
    throw new AppError(422, ALREADY_THERE_MESSAGE, { fieldErrors: { from: ALREADY_THERE_MESSAGE } });
  }
  const route = await engine.route(start, end, { steps: true });
  if (!route) throw new AppError(422, NO_ROUTE_MESSAGE);
  return {
    route: routeBody(route),
    points: [
      { lat: start.lat, lng: start.lng, label: start.label },
      { lat: end.lat, lng: end.lng, label: listing.fullTitle },
    ],
    junction: junctionOf(listing),
    road: roadOf(listing),
    location: {
      id: listing.id,
      url: listing.url,
      fullTitle: listing.fullTitle,
      postcode: listing.postcode,
      date: { timestamp: listing.updatedAtSeconds },
    },
    query: { from: input.from, to: input.listingId },
  };
}
