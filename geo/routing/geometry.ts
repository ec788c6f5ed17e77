import type { LngLat } from "./port";

/** A route coordinate as GeoJSON and both engines give it: [lng, lat]. */
export type Position = [number, number];

const EARTH_RADIUS_METRES = 6_371_008.8;

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

export function toPosition(point: LngLat): Position {
  return [point.lng, point.lat];
}

export function toLngLat([lng, lat]: Position): LngLat {
  return { lng, lat };
}

/** Great-circle distance; good to a few metres over the lengths a route step has. */
export function haversineMetres(a: Position, b: Position): number {
  const dLat = radians(b[1] - a[1]);
  const dLng = radians(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[1])) * Math.cos(radians(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial compass bearing from a to b, 0-360 degrees clockwise from north. */
export function bearingDegrees(a: Position, b: Position): number {
  const lat1 = radians(a[1]);
  const lat2 = radians(b[1]);
  const dLng = radians(b[0] - a[0]);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** The change of heading from one bearing to another, in (-180, 180]: positive turns right. */
export function turnDegrees(before: number, after: number): number {
  const delta = (((after - before) % 360) + 360) % 360;
  return delta > 180 ? delta - 360 : delta;
}

export function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
