import { WALK_TYPES, type WalkTypePath } from "../../core/walk-types";

interface StructuredInput {
  url: string;
  walkType: WalkTypePath;
  fullTitle: string;
  descriptionText: string;
  address: string;
  town: string;
  county: string;
  postcode: string;
  countryCode: string | null;
  lat: number;
  lng: number;
  image: string | null;
  rating: { count: number; average: number | null };
}

/** schema.org JSON-LD for search engines; `<` is escaped so the text can never close the script element. */
export function structuredData(input: StructuredInput): string {
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": WALK_TYPES[input.walkType].schemaType,
    name: input.fullTitle,
    url: input.url,
    description: input.descriptionText,
    address: {
      "@type": "PostalAddress",
      streetAddress: input.address || undefined,
      addressLocality: input.town || undefined,
      addressRegion: input.county || undefined,
      postalCode: input.postcode || undefined,
      addressCountry: input.countryCode ?? undefined,
    },
    geo: { "@type": "GeoCoordinates", latitude: input.lat, longitude: input.lng },
    image: input.image ?? undefined,
    aggregateRating:
      input.rating.count > 0 && input.rating.average !== null
        ? { "@type": "AggregateRating", ratingValue: input.rating.average, reviewCount: input.rating.count, bestRating: 5, worstRating: 1 }
        : undefined,
  };
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
