import { data } from "@remix-run/node";
// Directions to a listing for its directions and print pages: the geo engine's directions plus the
// route line for the map (captured from the routing engine, so the route is computed once).
import { directions, type DirectionsResponse } from "../../geo/directions";
import { AppError } from "../../core/errors";
import { placeByRef } from "../../geo/geocode";
import { geocodeKey } from "../../geo/geocode/normalise";
import type { Route, RoutingEngine } from "../../geo/routing/port";
import { getSessionUser } from "../auth/guards.server";
import { sql } from "../db.server";
import { appRoutingEngine } from "../geo.server";
import { listingForRequest } from "./listing.server";
import { joinPlaceParts } from "./place-words";

/** Points kept of the route line for the map: plenty for a drawn line, small enough for the page. */
const MAX_LINE_POINTS = 600;
export const CURRENT_LOCATION_LABEL = "Your current location";

export type DirectionsOutcome =
  | { kind: "none" }
  | { kind: "route"; directions: DirectionsResponse; line: [number, number][] }
  | { kind: "error"; message: string };

function recordingEngine(engine: RoutingEngine): { engine: RoutingEngine; last: () => Route | null } {
  let last: Route | null = null;
  return {
    engine: {
      name: engine.name,
      async route(from, to, options) {
        last = await engine.route(from, to, options);
        return last;
      },
    },
    last: () => last,
  };
}

function thin(coordinates: [number, number][]): [number, number][] {
  if (coordinates.length <= MAX_LINE_POINTS) return coordinates;
  const step = Math.ceil(coordinates.length / MAX_LINE_POINTS);
  const kept = coordinates.filter((_, index) => index % step === 0);
  const last = coordinates[coordinates.length - 1];
  if (kept[kept.length - 1] !== last) kept.push(last);
  return kept;
}

/** The directions pages' loader answer (the page and its printable version): the page's data with its status. */
export async function directionsResponse(request: Request, slug: string | undefined) {
  const { status, page } = await loadDirections(request, slug);
  return data(page, { status });
}

export async function loadDirections(request: Request, slug: string | undefined) {
  const user = await getSessionUser(request);
  const listing = await listingForRequest(sql(), request, slug, user, { byIdAnyType: true });
  const params = new URL(request.url).searchParams;
  const typed = (params.get("from") ?? "").trim().slice(0, 200);
  const geoLocation = (params.get("geo-location") ?? "").trim().slice(0, 60);
  const useGeo = geoLocation !== "" && (typed === "" || typed === CURRENT_LOCATION_LABEL);
  // A chosen suggestion (from-id) is exactly that place, as long as the field still says its address.
  const fromId = useGeo ? "" : (params.get("from-id") ?? "").trim().slice(0, 12);
  const chosen = fromId ? await placeByRef(sql(), fromId) : null;
  const useChosen = chosen !== null && geocodeKey(chosen.formattedAddress) === geocodeKey(typed);
  const from = useGeo ? geoLocation : useChosen ? `${chosen.lat},${chosen.lng}` : typed;
  let outcome: DirectionsOutcome = { kind: "none" };
  let status = 200;
  if (from !== "" || params.has("from")) {
    const recorder = recordingEngine(appRoutingEngine());
    try {
      const answer = await directions(sql(), recorder.engine, { from, listingId: listing.id });
      if (useGeo && answer.points[0]) answer.points[0].label = CURRENT_LOCATION_LABEL;
      if (useChosen && answer.points[0]) answer.points[0].label = chosen.formattedAddress;
      outcome = { kind: "route", directions: answer, line: thin(recorder.last()?.coordinates ?? []) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = { kind: "error", message: error.fieldErrors.from ?? error.message };
      status = error.status === 404 ? 404 : 422;
    }
  }
  return {
    status,
    page: {
      listing: {
        id: listing.id,
        url: listing.url,
        title: listing.title,
        fullTitle: listing.fullTitle,
        lat: listing.lat,
        lng: listing.lng,
        postcode: listing.postcode,
        // The street address, for the printed directions (the last step needs it on paper).
        address: joinPlaceParts([listing.address, listing.town, listing.county, listing.postcode, listing.country.name]),
      },
      query: { from: useGeo ? CURRENT_LOCATION_LABEL : typed, geoLocation: useGeo ? geoLocation : "", fromId: useChosen ? fromId : "" },
      outcome,
    },
  };
}

