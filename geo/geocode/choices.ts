import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { haversineMetres } from "../routing/geometry";
import { MAX_QUERY_LENGTH } from "./forward";
import { geocodeKey } from "./normalise";
import { type GeocodeRow, toGeocodeResult } from "./result";
import type { GeocodeResult } from "./types";

/** Closer than this to a place already offered, a place of the same name is the same place. */
const SAME_PLACE_METRES = 10_000;

/** The most places one typed name offers to choose from. */
export const MAX_PLACE_CHOICES = 6;

/**
 * The towns and villages a typed name can mean, when it means more than one: every settlement whose
 * name, or another name it is known by, is exactly the text ("Newcastle": Newcastle upon Tyne, then
 * Newcastle, County Down), in the geocoder's order, so the first is the one a search takes. Empty when
 * the name is not ambiguous, so a page asks "Did you mean…" only when there is a choice to make.
 */
export async function placeChoices(sql: SqlClient, text: string): Promise<GeocodeResult[]> {
  const key = geocodeKey(text.slice(0, MAX_QUERY_LENGTH));
  if (key === "") return [];
  // One call of geocode_place_choices (migration 0046): the statement under its generic plan, as the geocoder's (decision 0328).
  const rows = await sql<GeocodeRow[]>`SELECT * FROM ${placeChoicesCall(sql, key)}`;
  return distinctChoices(rows);
}

/** The call of geocode_place_choices for a key, for a statement of its own or beside the best place (decision 0347). */
export function placeChoicesCall(sql: SqlClient, key: string): PendingQuery<Row[]> {
  return sql`geocode_place_choices(${key}::text, ${MAX_PLACE_CHOICES}::int)`;
}

/** geocode_place_choices's rows as choices: one a place, and none when there is only one. */
export function distinctChoices(rows: GeocodeRow[]): GeocodeResult[] {
  // Two villages of one name in one county have one address: one choice, as the suggestions show them.
  // A place by another name within a few km of a better one is that place ("London": the City of London).
  const choices: GeocodeResult[] = [];
  for (const choice of rows.map(toGeocodeResult)) {
    const same = choices.some((kept) => kept.formattedAddress === choice.formattedAddress || haversineMetres([kept.lng, kept.lat], [choice.lng, choice.lat]) < SAME_PLACE_METRES);
    if (!same) choices.push(choice);
  }
  return choices.length > 1 ? choices : [];
}
