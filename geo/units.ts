/** Distances are metres inside Pawroute and miles at the edge. */
export const METRES_PER_MILE = 1609.34;

export function milesToMetres(miles: number): number {
  return miles * METRES_PER_MILE;
}

export function metresToMiles(metres: number): number {
  return metres / METRES_PER_MILE;
}

/** A typed point as people read it wherever it names a place: "51.5074, -0.1278". */
export function coordinatesLabel(point: { lat: number; lng: number }): string {
  return `${point.lat}, ${point.lng}`;
}

/** The spec's 'lat,lng' form, e.g. "54.8951,-2.9382". Returns null when malformed or out of range. */
export function parseLatLng(text: string): { lat: number; lng: number } | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

/** `n` rounded to `places` decimal places (a distance in miles to 3 places, as the search answers it). */
export function round(n: number, places: number): number {
  return Math.round(n * 10 ** places) / 10 ** places;
}
