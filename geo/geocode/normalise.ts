/**
 * The geocoder's normal forms of a query. `geocodeKey` must match the SQL function geocode_key()
 * (migrations/0005_geocoder_tiles.sql): both sides of every comparison use it.
 */

/** Lower case, accents removed, spaces collapsed: the gazetteer's search_name (as db/seed/places.ts writes it). */
export function searchForm(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

// Letters that unaccent rewrites but Unicode decomposition leaves alone.
const UNACCENT_LETTERS: Record<string, string> = { "œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "ł": "l", "đ": "d" };

/**
 * "Saint-Étienne" -> "saint etienne", "King's Lynn" -> "kings lynn", "A74(M)" -> "a74 m"; "St Albans" and
 * "St-Avé" -> "saint albans", "saint ave" ("Ste" -> "sainte"), as migration 0031's geocode_key().
 */
export function geocodeKey(text: string): string {
  return searchForm(text)
    .replace(/[œæßøłđ]/g, (letter) => UNACCENT_LETTERS[letter] ?? letter)
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/\bst\b/g, "saint")
    .replace(/\bste\b/g, "sainte");
}

/** Longest key worth matching, in words: more words only narrow an already precise query. */
const MAX_WORDS = 8;

/** A full-text query where every word of the key is a prefix: "m6 j1" -> "m6:* & j1:*". */
export function wordPrefixQuery(key: string): string {
  return key
    .split(" ")
    .filter((word) => word !== "")
    .slice(0, MAX_WORDS)
    .map((word) => `${word}:*`)
    .join(" & ");
}

/**
 * The first key that sorts after every key starting with `key` under text_pattern_ops: keys hold only
 * a-z, 0-9 and spaces, all below "~".
 */
export function prefixUpperBound(key: string): string {
  return `${key}~`;
}

// A UK postcode or its outward part ("CA11 7JQ", "ca11", "SW1A"), or a French code postal or its start.
const POSTCODE_LIKE = /^(?:[a-z]{1,2}\d[a-z\d]?(?:\s*\d[a-z]{0,2})?|\d{2,5})$/i;

/** The postcode's match form (lower case, no spaces), or null when the text does not look like one. */
export function postcodeKey(text: string): string | null {
  const trimmed = text.trim();
  if (!POSTCODE_LIKE.test(trimmed)) return null;
  return trimmed.toLowerCase().replace(/\s+/g, "");
}
