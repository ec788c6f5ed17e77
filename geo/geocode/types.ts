/** The spec's geocode result. */
export interface GeocodeResult {
  lat: number;
  lng: number;
  /** [west, south, east, north] */
  bounds: [number, number, number, number];
  formattedAddress: string;
  address: {
    postal_town: string | null;
    administrative_area_level_2: string | null;
    postal_code: string | null;
    country: { id: number; slug: string };
  };
  /** What matched: city, town, village, road, junction, listing or postcode. */
  kind: string;
  /** The place's id in the gazetteer (or the listing id for kind listing). */
  id: number;
  /** Population of towns; 0 otherwise. */
  population: number;
  /** The listing's page ("/dog-walk/slug") for kind listing. */
  url?: string;
}
