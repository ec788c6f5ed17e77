// Junction numbers and road numbers as they are signed, in one place: the importers, the back office's
// junction form, the search filters (API and pages), the junction links and the picker all read them
// through these functions, so every number an importer accepts has a page (docs/decisions/0225).
// No zod and no server imports: the browser loads this module with the search pages.

/** The longest junction number kept ("12a", "T1", "6.1", "14.1"). */
export const JUNCTION_NUMBER_MAX = 12;

/**
 * A junction number as signed: up to two letters, 1-4 digits, up to two letters, then optionally a
 * "." or "-" and a sub-number: 40, 23a, 4AB, T1 (the M6 Toll), J5, 6.1, 14.1 (French sub-exits), 12-1.
 */
const SIGNED = /^[A-Za-z]{0,2}[0-9]{1,4}[A-Za-z]{0,2}(?:[.-][0-9]{1,3}[A-Za-z]?)?$/;

/** A junction number as the URL and the API say it: the signed number in lower case (t1, 6.1, 23a). */
export const JUNCTION_SLUG = /^[a-z]{0,2}[0-9]{1,4}[a-z]{0,2}(?:[.-][0-9]{1,3}[a-z]?)?$/;

export const JUNCTION_NUMBER_HINT = "a junction number such as 40, 23a, T1 or 6.1";

/** The signed number of a raw ref ("T 1" → "T1", " 12a" → "12a"), or null when it is not one. */
export function signedJunctionNumber(raw: string): string | null {
  const number = raw.replace(/\s+/g, "");
  return number.length > 0 && number.length <= JUNCTION_NUMBER_MAX && SIGNED.test(number) ? number : null;
}

/** The number's form in URLs, the API and the picker: "T1" → "t1". Two numbers of one road with the same slug are the same junction. */
export function junctionSlug(number: string): string {
  return number.toLowerCase();
}

/** Whether a URL or query value names a junction number ("t1", "6.1"); upper case is read as lower. */
export function isJunctionSlug(value: string): boolean {
  return value.length <= JUNCTION_NUMBER_MAX && JUNCTION_SLUG.test(value);
}

/**
 * A road number as signed, from an OpenStreetMap ref or a file's road name: the first of a ";" list,
 * spaces collapsed, and the space French refs put between letters and number dropped ("A 7" → "A7",
 * "N 165" → "N165"), so the road is "A7" with slug "a7" whichever way the source wrote it.
 */
export function signedRoadNumber(raw: string): string {
  const ref = raw.split(";")[0].trim().replace(/\s+/g, " ");
  return ref.replace(/^([A-Za-z]{1,3}) (?=[0-9])/, "$1");
}
