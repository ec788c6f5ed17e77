/**
 * A place reference: which gazetteer entry a chosen suggestion is, so a search uses exactly that
 * place whatever its name (two villages called Warton in Lancashire have one address). "p123" is
 * row 123 of places (towns, roads, junctions, postcodes), "l45" the live listing 45.
 * Shared by the browser (suggestions) and the server (search), so it has no server imports.
 */
export const PLACE_REF_PATTERN = /^[pl][1-9]\d{0,9}$/;

export type PlaceRef = { table: "places" | "listings"; id: number };

export function placeRefOf(result: { kind: string; id: number }): string {
  return `${result.kind === "listing" ? "l" : "p"}${result.id}`;
}

/** The reference's table and id, or null when it is malformed or past the int range. */
export function parsePlaceRef(text: string | null | undefined): PlaceRef | null {
  if (!text || !PLACE_REF_PATTERN.test(text)) return null;
  const id = Number(text.slice(1));
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  return { table: text[0] === "l" ? "listings" : "places", id };
}
