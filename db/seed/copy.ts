import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SqlClient } from "../client";

export type Cell = string | number | boolean | null | undefined | readonly (string | number)[];

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/**
 * Text-format COPY escaping: backslash, tab, newline and carriage return; null as \N. Numbers need none,
 * and a string is only rewritten when it holds one of the four (a million listings' 24 cells each).
 */
export function encode(cell: Cell): string {
  if (cell === null || cell === undefined) return "\\N";
  if (typeof cell === "number") return String(cell);
  if (Array.isArray(cell)) return `{${cell.join(",")}}`;
  if (typeof cell === "boolean") return cell ? "t" : "f";
  const text = String(cell);
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (char) => ESCAPES[char]) : text;
}

/** Bulk-loads rows with COPY: fast enough for the million-listing benchmark data set. */
export async function copyRows(sql: SqlClient, table: string, columns: string[], rows: Iterable<Cell[]>): Promise<void> {
  const target = sql(table);
  const cols = sql(columns);
  const writable = await sql`COPY ${target} (${cols}) FROM STDIN`.writable();
  async function* lines() {
    let batch = "";
    for (const row of rows) {
      batch += `${row.map(encode).join("\t")}\n`;
      if (batch.length > 1 << 16) {
        yield batch;
        batch = "";
      }
    }
    if (batch) yield batch;
  }
  await pipeline(Readable.from(lines()), writable);
}

export function pointWkt(lng: number, lat: number): string {
  return `SRID=4326;POINT(${lng.toFixed(6)} ${lat.toFixed(6)})`;
}

export function lineWkt(coords: [number, number][]): string {
  return `SRID=4326;LINESTRING(${coords.map(([x, y]) => `${x.toFixed(6)} ${y.toFixed(6)}`).join(",")})`;
}
