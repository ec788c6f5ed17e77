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

/** Text in the 'lat,lng' form (two decimal numbers and a comma), in range or not. */
const LAT_LNG_TEXT = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** Whether a typed text is coordinates ('lat,lng'), not a place name: parseLatLng then says whether they are in range. */
export function looksLikeLatLng(text: string): boolean {
  return LAT_LNG_TEXT.test(text);
}

/** The spec's 'lat,lng' form, e.g. "54.8951,-2.9382". Returns null when malformed or out of range. */
export function parseLatLng(text: string): { lat: number; lng: number } | null {
  const match = LAT_LNG_TEXT.exec(text);
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
