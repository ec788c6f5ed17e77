// The importer's command line: `npm run import -- --help`. Logic lives in geo/import/index.ts.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { connect } from "../../db/client";
import { databaseUrlFromEnv, exitWithMessage } from "../../db/env";
import { IMPORT_KINDS, type ImportKind, runImport } from "./index";
import { describePeakMemory } from "./memory";
import { runPostcodeImport } from "./postcodes";
import { createProgress } from "./progress";
import { describeChanges } from "./stage";

export const HELP = `Load real data into Pawroute.

Usage: npm run import -- <kind> <file> [options]

Kinds:
  osm        An OpenStreetMap extract (.osm or .osm.pbf; .pbf needs osmium-tool). Replaces the
             country's part of the routing graph (the other country's stays; ferries and the
             tunnel join them), the country's roads (motorways and trunk roads grouped by ref) and their
             junctions (highway=motorway_junction nodes with ref and name), the basemap's water,
             and recomputes each listing's nearest road and junction. Needs --country.
  roads      GeoJSON roads (LineString features: id, name, motorway, description) and junctions
             (Point features: road, number, town). Replaces the country's roads. Needs --country.
  places     A GeoNames dump (GB.txt, FR.txt, allCountries.txt, cities500.txt): the towns and
             villages of the gazetteer, by GeoNames id.
  postcodes  A GeoNames postal code dump (GB.txt, GB_full.txt, FR.txt): postcodes as places of their
             own ("SW1A 1AA", "CA11", "75001"); outward codes are made from full ones. Replaces the
             postcodes of each country in the file (or --country), the demo set's included.
  listings   Listings from CSV or GeoJSON with --mapping <file.json> (which column holds each
             field). Rows are checked like the listing form; rows without coordinates are placed by
             the geocoder from their postcode, town or address. "osmTags": true in the mapping builds a
             missing description, address and facilities from OpenStreetMap tags.
  pois       OpenStreetMap points of interest (.osm or .osm.pbf): cafés, pubs, bars, hotels, guest
             houses, campsites, pet shops, groomers, kennels, parks, dog parks, vets, beaches, as
             listings of their type keyed by OSM id, with a description and facilities from their
             tags. Replaces the country's earlier OSM listings. Needs --country.

Options:
  --country GB|FR   The country of the file (required for osm, roads and pois; filters places, postcodes).
  --dry-run         Report what would be added, changed and removed; change nothing.
  --mapping FILE    The column mapping of a listings file.
  --report FILE     Where rejected rows are listed (CSV); default <file>.rejected.csv.
  --help            This text.

Every import loads into the schema import_staging first and is swapped in with one transaction:
searches see the old data until the swap commits, and a stopped import changes nothing.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    country: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    mapping: { type: "string" },
    report: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help || positionals.length === 0) {
  console.log(HELP);
  process.exit(0);
}
const [kind, file, ...extra] = positionals;
if (kind !== "postcodes" && !IMPORT_KINDS.includes(kind as ImportKind)) exitWithMessage(`Unknown kind "${kind}": use one of ${[...IMPORT_KINDS, "postcodes"].join(", ")} (npm run import -- --help)`);
if (!file) exitWithMessage(`Which file? npm run import -- ${kind} <file>`);
if (extra.length) exitWithMessage(`Unexpected arguments: ${extra.join(" ")}`);
if (!existsSync(file)) exitWithMessage(`${file} does not exist`);
if (values.mapping && !existsSync(values.mapping)) exitWithMessage(`${values.mapping} does not exist`);
const country = values.country?.toUpperCase();
if (country !== undefined && country !== "GB" && country !== "FR") exitWithMessage("--country must be GB or FR");

const handle = connect(databaseUrlFromEnv(), { max: 3 });
const progress = createProgress();
const started = Date.now();
try {
  const result =
    kind === "postcodes"
      ? await runPostcodeImport(handle.sql, { file, country: country as "GB" | "FR" | undefined, dryRun: values["dry-run"], reportPath: values.report, progress })
      : await runImport(handle.sql, {
    kind: kind as ImportKind,
    file,
    country: country as "GB" | "FR" | undefined,
    dryRun: values["dry-run"],
    mapping: values.mapping,
    reportPath: values.report,
    progress,
  });
  console.log(result.dryRun ? "Dry run: these changes would be made (nothing was changed):" : "Changes:");
  for (const line of describeChanges(result.changes)) console.log(`  ${line}`);
  if (result.reportPath) console.log(`${result.rejected.toLocaleString("en-GB")} ${result.rejected === 1 ? "row" : "rows"} rejected: see ${result.reportPath}`);
  else console.log("No rows rejected.");
  console.log(`${result.features.toLocaleString("en-GB")} features read in ${((Date.now() - started) / 1000).toFixed(1)} s; swap ${result.swapSeconds.toFixed(2)} s.`);
  console.log(describePeakMemory(result.memory));
} catch (error) {
  if (process.env.DEBUG) console.error(error);
  exitWithMessage(`The import failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await handle.close();
}
