import { createReadStream } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { SqlClient } from "../client";
import { copyRows, pointWkt } from "./copy";
import { FRANCE, UNITED_KINGDOM } from "./land";

/**
 * Postcodes in the layout of GeoNames' postal code dumps (GB.txt, GB_full.txt, FR.txt): tab-separated
 * country code, postal code, place name, admin1 name and code, admin2 name and code, admin3 name and
 * code, latitude, longitude, accuracy. Shared by the demo data and `npm run import -- postcodes`.
 */
export interface PostcodeEntry {
  countryCode: "GB" | "FR";
  /** As it is written: "SW1A 1AA", "SW1A", "75001". */
  postcode: string;
  /** The place the code belongs to ("London", "Paris 01"). */
  place: string;
  region: string;
  /** The county or département: admin2, else admin1. */
  county: string;
  lat: number;
  lng: number;
}

export const POSTCODE_COUNTRY_IDS = { GB: UNITED_KINGDOM, FR: FRANCE } as const;

const UK_FULL = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
const UK_OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const FR_CODE = /^\d{5}$/;

/** "sw1a1aa" -> "SW1A 1AA", "ca11" -> "CA11", " 75001 " -> "75001"; null when it is not a code of that country. */
export function normalisePostcode(code: string, countryCode: "GB" | "FR"): string | null {
  const compact = code.toUpperCase().replace(/\s+/g, "");
  if (countryCode === "FR") return FR_CODE.test(compact) ? compact : null;
  const full = UK_FULL.exec(compact);
  if (full) return `${full[1]} ${full[2]}`;
  return UK_OUTWARD.test(compact) ? compact : null;
}

/** One line of a dump: an entry, null for a line to skip (blank, comment, another country), or why it is refused. */
export function parsePostcodeLine(text: string): PostcodeEntry | null | { error: string; id: string } {
  if (text.trim() === "" || text.startsWith("#")) return null;
  const f = text.split("\t");
  if (f.length < 11) return { error: `expected the 12 GeoNames postal code columns, found ${f.length}`, id: f[1] ?? "" };
  const countryCode = f[0].trim();
  if (countryCode !== "GB" && countryCode !== "FR") return null;
  const postcode = normalisePostcode(f[1], countryCode);
  const place = f[2].trim();
  const lat = Number(f[9]);
  const lng = Number(f[10]);
  if (postcode === null) return { error: `not a ${countryCode === "GB" ? "UK postcode" : "French code postal"}`, id: f[1] };
  if (place === "" || place.length > 200) return { error: "place name missing or longer than 200 characters", id: f[1] };
  if (f[9].trim() === "" || f[10].trim() === "" || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return { error: "latitude or longitude missing or out of range", id: f[1] };
  }
  const region = f[3].trim();
  return { countryCode, postcode, place, region, county: f[5].trim() || region, lat, lng };
}

/**
 * The UK outward codes ("CA11") a dump only has as full codes ("CA11 7JQ"): each at the centroid of its
 * full codes, named after the place most of them belong to. Outward codes the dump lists itself are kept as listed.
 */
export class OutwardCodes {
  private readonly listed = new Set<string>();
  private readonly sums = new Map<string, { lat: number; lng: number; count: number; places: Map<string, { count: number; entry: PostcodeEntry }> }>();

  add(entry: PostcodeEntry): void {
    if (entry.countryCode !== "GB") return;
    const space = entry.postcode.indexOf(" ");
    if (space < 0) {
      this.listed.add(entry.postcode);
      return;
    }
    const outward = entry.postcode.slice(0, space);
    const sum = this.sums.get(outward) ?? { lat: 0, lng: 0, count: 0, places: new Map() };
    sum.lat += entry.lat;
    sum.lng += entry.lng;
    sum.count++;
    const place = sum.places.get(entry.place) ?? { count: 0, entry };
    place.count++;
    sum.places.set(entry.place, place);
    this.sums.set(outward, sum);
  }

  /** The outward codes to add, in code order. */
  missing(): PostcodeEntry[] {
    const made: PostcodeEntry[] = [];
    for (const [outward, sum] of [...this.sums].sort(([a], [b]) => a.localeCompare(b))) {
      if (this.listed.has(outward)) continue;
      const [{ entry }] = [...sum.places.values()].sort((a, b) => b.count - a.count || a.entry.place.localeCompare(b.entry.place));
      made.push({ ...entry, postcode: outward, lat: round(sum.lat / sum.count), lng: round(sum.lng / sum.count) });
    }
    return made;
  }
}

function round(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6;
}

/** The gazetteer row of a postcode; search_name is empty so name searches never meet the codes. */
export function postcodeRow(entry: PostcodeEntry): (string | number)[] {
  return ["postcode", entry.place, "", 0, POSTCODE_COUNTRY_IDS[entry.countryCode], entry.region, entry.county, entry.postcode, pointWkt(entry.lng, entry.lat)];
}

export const POSTCODE_COLUMNS = ["kind", "name", "search_name", "population", "country_id", "admin1", "admin2", "postcode", "location"];

export const DEMO_POSTCODES_PATH = join(dirname(fileURLToPath(import.meta.url)), "data", "postcodes-demo.txt");

/** The demo postcodes (db/seed/data/postcodes-demo.txt) and the outward codes made from them. */
export async function readDemoPostcodes(path = DEMO_POSTCODES_PATH): Promise<PostcodeEntry[]> {
  const entries: PostcodeEntry[] = [];
  const outward = new OutwardCodes();
  for await (const line of createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity })) {
    const entry = parsePostcodeLine(line);
    if (entry === null) continue;
    if ("error" in entry) throw new Error(`${path}: ${entry.id}: ${entry.error}`);
    entries.push(entry);
    outward.add(entry);
  }
  return [...entries, ...outward.missing()];
}

export async function loadDemoPostcodes(sql: SqlClient): Promise<number> {
  const entries = await readDemoPostcodes();
  await copyRows(sql, "places", POSTCODE_COLUMNS, entries.map(postcodeRow));
  return entries.length;
}
