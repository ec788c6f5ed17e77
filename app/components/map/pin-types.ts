import { LISTING_TYPES } from "../../search/listing-types";
import { walkTypeOfPath, WALK_TYPES } from "../../../core/walk-types";

/**
 * Marker colours by listing type (decision 0130): one design token per type, read by the map when it
 * starts and used by the legend's swatches, so the two always agree. Accommodation and dog services
 * are member businesses (spec §1), so they share that colour.
 */
export const PIN_TOKENS: Record<string, string> = {
  walk: "--color-brand",
  pub: "--color-accent",
  beach: "--color-link",
  business: "--color-clay",
  vet: "--road-fr",
  other: "--color-muted",
};

/** The route line: dark on a white casing, unlike any pin and unlike the blue and red roads under it. */
export const ROUTE_TOKEN = "--color-ink";

export const LEGEND_TYPES = LISTING_TYPES.map((type) => ({ theme: type.theme, label: type.many }));

/** A map point's type theme, from its listing URL (/dog-walk/…, /vet/…): the API's map points carry no type. */
export function pinTheme(url: string): string {
  const walkType = walkTypeOfPath(url);
  const typeId = walkType ? WALK_TYPES[walkType].typeId : null;
  return LISTING_TYPES.find((type) => type.id === typeId)?.theme ?? "other";
}
