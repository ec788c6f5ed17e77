import type { SqlClient } from "../../db/client";
import { GeoError } from "../errors";
import { parseLatLng } from "../units";
import { geocode, type GeocodeOptions, MAX_QUERY_LENGTH } from "./forward";
import { reverseGeocode } from "./reverse";
import type { GeocodeResult } from "./types";

export { DEFAULT_GEOCODE_LIMIT, geocode, MAX_GEOCODE_LIMIT, MAX_QUERY_LENGTH, type GeocodeOptions } from "./forward";
export { reverseGeocode } from "./reverse";
export type { GeocodeResult } from "./types";

/** Two numbers and a comma: meant as 'lat,lng' even when out of range. */
const LOOKS_LIKE_COORDINATES = /^\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*$/;

export interface ResolvedPlace {
  lat: number;
  lng: number;
  label: string;
}

/**
 * A point for a typed place: 'lat,lng' as given (labelled "lat,lng"), otherwise the geocoder's best
 * hit labelled with its address. Null when nothing matches or the coordinates are out of range.
 */
export async function resolvePlace(sql: SqlClient, text: string): Promise<ResolvedPlace | null> {
  if (LOOKS_LIKE_COORDINATES.test(text)) {
    const point = parseLatLng(text);
    return point ? { ...point, label: `${point.lat},${point.lng}` } : null;
  }
  const [best] = await geocode(sql, text, { limit: 1 });
  return best ? { lat: best.lat, lng: best.lng, label: best.formattedAddress } : null;
}

/**
 * The spec's geocode call: a place text (forward, best first) or 'lat,lng' (reverse: the nearest town,
 * or nothing far from land). Bad input is a GeoError 400 on the location field.
 */
export async function lookupLocation(sql: SqlClient, location: string, options: GeocodeOptions = {}): Promise<GeocodeResult[]> {
  const text = location.trim();
  if (text === "") throw new GeoError(400, "Please enter a location", { location: "Please enter a location" });
  if (text.length > MAX_QUERY_LENGTH) {
    throw new GeoError(400, `A location is at most ${MAX_QUERY_LENGTH} characters`, { location: `Please enter at most ${MAX_QUERY_LENGTH} characters` });
  }
  if (LOOKS_LIKE_COORDINATES.test(text)) {
    const point = parseLatLng(text);
    if (!point) {
      throw new GeoError(400, "Coordinates must be 'latitude,longitude' with a latitude from -90 to 90 and a longitude from -180 to 180", {
        location: "Please enter a valid place or 'latitude,longitude'",
      });
    }
    const nearest = await reverseGeocode(sql, point.lat, point.lng);
    return nearest ? [nearest] : [];
  }
  return geocode(sql, text, options);
}
