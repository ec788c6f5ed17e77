// `npm run import -- <kind> <file> [--country GB|FR] [--dry-run]`: the usual set-up (npm packages, the
// private PostgreSQL cluster, osmium for .osm.pbf extracts), then geo/import/cli.ts on the app database.
import { existsSync } from "node:fs";
import { databaseUrl, ensureDatabases, ensureDebianPackages, ensureNodeModules, runBin } from "./lib.mjs";

const args = process.argv.slice(2);
const help = args.length === 0 || args.includes("--help") || args.includes("-h");
if (!help) {
  ensureNodeModules();
  if (args.some((a) => a.toLowerCase().endsWith(".pbf")) && !existsSync("/usr/bin/osmium")) {
    ensureDebianPackages(["osmium-tool"], "osmium, to read .osm.pbf extracts");
  }
  await ensureDatabases();
}
runBin("tsx", ["geo/import/cli.ts", ...args], help ? {} : { DATABASE_URL: databaseUrl() }, "The import");
