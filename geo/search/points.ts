import type { SqlClient } from "../../db/client";
import { AppError } from "../../core/errors";
import { type PlaceInStatement, type PlaceLookups, placeByRef, resolvePlace } from "../geocode";
import { geocodeKey } from "../geocode/normalise";
import { coordinatesLabel, looksLikeLatLng, parseLatLng } from "../units";

/** What the search forms put in the field when the visitor uses their current position. */
export const CURRENT_LOCATION_LABEL = "Your current location";
export const GEO_LOCATION_MISSING = "geo-location-missing";
export const GEOLOCATION_FAILED_MESSAGE = "We couldn't determine your location - please enter this manually";


export interface SearchPoint {
  lat: number;
  lng: number;
  label: string;
}

/** A search point's fields as the form sends them, the field's name for errors, and the request's place lookups. */
export interface PointInput {
  location?: string;
  geoLocation?: string;
  placeRef?: string;
  field: string;
  places?: PlaceLookups;
}

/**
 * A search point from the form: the hidden geo-location 'lat,lng', the chosen suggestion's place
 * reference (exactly that entry, labelled as the field says), a typed 'lat,lng', or a place name
 * through the gazetteer. A reference to an entry that has gone falls back to the text. A current-location search without coordinates answers the
 * geo-location-missing signal that the browser retries on once. `places`: the request's place lookups
 * (decision 0347), when it has them; otherwise resolvePlace.
 */
export async function resolveSearchPoint(sql: SqlClient, input: PointInput): Promise<SearchPoint> {
  const { field } = input;
  if (input.geoLocation) {
    const point = parseLatLng(input.geoLocation);
    if (!point) throw new AppError(400, "geo-location must be 'latitude,longitude'", { fieldErrors: { [field]: GEOLOCATION_FAILED_MESSAGE } });
    return { ...point, label: CURRENT_LOCATION_LABEL };
  }
  const text = input.location?.trim() ?? "";
  if (input.placeRef) {
    const chosen = await placeByRef(sql, input.placeRef);
    // The reference stands only for the text it was chosen as: a field edited without JavaScript keeps a stale one.
    if (chosen && (text === "" || geocodeKey(text) === geocodeKey(chosen.formattedAddress))) {
      return { lat: chosen.lat, lng: chosen.lng, label: chosen.formattedAddress };
    }
  }
  if (text === "" || text === CURRENT_LOCATION_LABEL) {
    throw new AppError(422, GEOLOCATION_FAILED_MESSAGE, { fieldErrors: { [field]: GEOLOCATION_FAILED_MESSAGE }, code: GEO_LOCATION_MISSING });
  }
  if (looksLikeLatLng(text)) {
    const point = parseLatLng(text);
    if (!point) throw new AppError(400, "Coordinates must be 'latitude,longitude' with a latitude from -90 to 90 and a longitude from -180 to 180", { fieldErrors: { [field]: "Please enter a valid place or 'latitude,longitude'" } });
    return { ...point, label: coordinatesLabel(point) };
  }
  const place = await (input.places ? input.places.place(text) : resolvePlace(sql, text));
  if (!place) throw placeNotFound(text, field);
  return place;
}

function placeNotFound(text: string, field: string): AppError {
  return new AppError(422, `Sorry, we couldn't find "${text}". Please check the spelling or try a nearby town.`, { fieldErrors: { [field]: "We couldn't find that place" } });
}

/**
 * The lookup to send inside the search's own statement (decision 0355) when resolveSearchPoint would ask
 * the request's place lookups for a typed name and they would send a statement for it: no geo-location,
 * no place reference, not the current-location label, not 'lat,lng' (and what `inStatement` asks). Null
 * otherwise: then resolveSearchPoint.
 */
export function placeInSearch(input: PointInput): { text: string; lookup: PlaceInStatement } | null {
  if (input.geoLocation || input.placeRef || !input.places) return null;
  const text = input.location?.trim() ?? "";
  if (text === "" || text === CURRENT_LOCATION_LABEL || looksLikeLatLng(text)) return null;
  const lookup = input.places.inStatement(text);
  return lookup && { text, lookup };
}

/** The search point from the rows of placeInSearch's lookup, or resolveSearchPoint's error when nothing was found. */
export function pointInSearch(found: { text: string; lookup: PlaceInStatement }, rows: unknown, field: string): SearchPoint {
  const place = found.lookup.answer(rows);
  if (!place) throw placeNotFound(found.text, field);
  return place;
}
