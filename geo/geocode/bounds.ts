import type { GeocodeResult } from "./types";

type Bounds = GeocodeResult["bounds"];

const METRES_PER_DEGREE_LATITUDE = 111_320;

/** Half the width of a settlement's box: 1.5 km for a hamlet, growing with population, at most 20 km. */
export function settlementRadiusMetres(population: number): number {
  return Math.min(20_000, 1_500 + 12 * Math.sqrt(Math.max(0, population)));
}

/** Half the width of the box around a hit of each kind. */
export function radiusMetres(kind: string, population: number): number {
  switch (kind) {
    case "city":
    case "town":
    case "village":
      return settlementRadiusMetres(population);
    case "junction":
      return 2_000;
    case "road":
      return 10_000;
    default:
      // listings and postcodes: a street's worth
      return 500;
  }
}

/** [west, south, east, north] of a square box of the given half-width around a point. */
export function boxAround(lat: number, lng: number, halfWidthMetres: number): Bounds {
  const dLat = halfWidthMetres / METRES_PER_DEGREE_LATITUDE;
  const dLng = halfWidthMetres / (METRES_PER_DEGREE_LATITUDE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return [round(lng - dLng), round(Math.max(-90, lat - dLat)), round(lng + dLng), round(Math.min(90, lat + dLat))];
}

function round(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6;
}
