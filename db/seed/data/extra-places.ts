/**
 * Towns the packaged GeoNames cities500 file lacks although people search for them (issue 50: St Ives in
 * Cambridgeshire). Written by hand from public figures (2011 census population); kept out of the demo
 * generator's towns, so adding one changes no generated listing or road.
 */
export interface ExtraPlace {
  name: string;
  kind: "city" | "town" | "village";
  countryCode: "GB" | "FR";
  region: string;
  county: string;
  lat: number;
  lng: number;
  population: number;
  alternateNames: string[];
}

export const EXTRA_PLACES: ExtraPlace[] = [
  { name: "St Ives", kind: "town", countryCode: "GB", region: "England", county: "Cambridgeshire", lat: 52.3344, lng: -0.0761, population: 16_384, alternateNames: ["Saint Ives"] },
];
