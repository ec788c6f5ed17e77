import { createReadStream, statSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Pool, SqlClient } from "../../db/client";
import { copyRows } from "../../db/seed/copy";
import { OutwardCodes, parsePostcodeLine, POSTCODE_COLUMNS, POSTCODE_COUNTRY_IDS, postcodeRow, type PostcodeEntry } from "../../db/seed/postcodes";
import type { Progress } from "./progress";
import type { Rejections } from "./report";
import { runStaged, type ImportResult } from "./run";
import { applyStage, staged, type ImportChanges } from "./stage";

export interface PostcodeImportOptions {
  file: string;
  /** GB or FR: only that country's codes are read and replaced. */
  country?: "GB" | "FR";
  dryRun?: boolean;
  reportPath?: string;
  progress: Progress;
}

/**
 * `npm run import -- postcodes <file>`: a GeoNames postal code dump (GB.txt with outward codes,
 * GB_full.txt with full codes, FR.txt) into the gazetteer as places of kind postcode. Outward codes a
 * dump only has as full codes are added at their centroid. Each country in the file (or --country)
 * has its postcodes replaced: the demo set's too. Staged and swapped in one transaction like every import.
 */
export async function runPostcodeImport(sql: Pool, options: PostcodeImportOptions): Promise<ImportResult> {
  let countries: number[] = [];
  return runStaged(sql, {
    ...options,
    analysed: ["places"],
    stage: async (rejected) => {
      const read = await stagePostcodes(sql, options, rejected);
      countries = read.countries;
      return read.features;
    },
    apply: (tx) => applyPostcodes(tx, countries),
  });
}

async function stagePostcodes(sql: Pool, options: PostcodeImportOptions, rejected: Rejections): Promise<{ features: number; countries: number[] }> {
  const { progress } = options;
  const stage = staged("postcodes");
  await sql.unsafe(`CREATE UNLOGGED TABLE ${stage} (kind text, name text, search_name text, population integer, country_id integer, admin1 text, admin2 text, postcode text, location geography(Point, 4326), PRIMARY KEY (country_id, postcode, name))`);
  const total = statSync(options.file).size;
  progress.phase("Reading GeoNames postcodes", total, "rows");
  const rows: (string | number)[][] = [];
  const seen = new Set<string>();
  const countries = new Set<number>();
  const outward = new OutwardCodes();
  let line = 0;
  let bytes = 0;
  let features = 0;
  const keep = async (entry: PostcodeEntry) => {
    countries.add(POSTCODE_COUNTRY_IDS[entry.countryCode]);
    rows.push(postcodeRow(entry));
    if (rows.length >= 20_000) await flush();
  };
  const flush = async () => {
    await copyRows(sql, stage, POSTCODE_COLUMNS, rows);
    rows.length = 0;
  };
  for await (const text of createInterface({ input: createReadStream(options.file, "utf8"), crlfDelay: Infinity })) {
    line++;
    bytes += Buffer.byteLength(text) + 1;
    const entry = parsePostcodeLine(text);
    if (line % 5_000 === 0) progress.update(bytes, features);
    if (entry === null) continue;
    features++;
    if ("error" in entry) {
      rejected.add(`line ${line}`, entry.id, entry.error);
      continue;
    }
    if (options.country && entry.countryCode !== options.country) continue;
    const key = `${entry.countryCode} ${entry.postcode} ${entry.place}`;
    if (seen.has(key)) {
      rejected.add(`line ${line}`, entry.postcode, "the same postcode and place appear twice");
      continue;
    }
    seen.add(key);
    outward.add(entry);
    await keep(entry);
  }
  for (const entry of outward.missing()) await keep(entry);
  await flush();
  progress.update(total, features);
  progress.end();
  // A --country with no rows in the file still replaces that country's postcodes (with none): say so by scope.
  if (options.country) countries.add(POSTCODE_COUNTRY_IDS[options.country]);
  return { features, countries: [...countries] };
}

/** The staged postcodes replace the live ones of the same countries, by country, code and place. */
export async function applyPostcodes(tx: SqlClient, countries: number[]): Promise<ImportChanges> {
  const scope = countries.length ? `t.kind = 'postcode' AND t.country_id IN (${countries.map(Number).join(", ")})` : "false";
  const postcodes = await applyStage(tx, {
    table: "places",
    stage: staged("postcodes"),
    key: ["kind", "country_id", "postcode", "name"],
    columns: ["search_name", "population", "admin1", "admin2", "location"],
    scope,
  });
  return { postcodes };
}
