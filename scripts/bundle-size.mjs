// `node scripts/bundle-size.mjs [route-id ...]`: the JavaScript a page loads, gzipped, read from the
// production build's Remix manifest (run `npm run build` first). Counts the entry, and each route of
// the chain (root → … → the page) with its static imports; chunks loaded on demand (the map) are not
// counted and are listed apart. Goal for the results page: ≤ 70 KB gzip without the map (issue 52; issue 17's
// was 100 KB). `npm test` runs it on its build and fails over the goal, or when a piece meant to load on demand
// (the map, the filter form, a member's favourite toggle, the map modal) is in a results page's first JavaScript
// (decision 0321).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const CLIENT = "build/client";
const GOAL_KB = 70;
/** Chunks a results page loads only when asked (decision 0321): MapLibre and the map, the filter form, a member's favourite toggle, the map modal. */
const ON_DEMAND = /^(map-|maplibre|FilterPanel|MemberFavourite|MapModal)/;
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["public/results/route", "public/home", "public/listing/dog-walk"];

const manifestFile = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) {
  console.error("No Remix manifest in build/client/assets: run `npm run build` first.");
  process.exit(1);
}
const source = readFileSync(join(CLIENT, "assets", manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
const gzipKb = (file) => gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).length / 1024;

let failed = false;
for (const id of pages) {
  const route = manifest.routes[id];
  if (!route) {
    console.error(`Unknown route id ${id}; some ids: ${Object.keys(manifest.routes).slice(0, 12).join(", ")}`);
    failed = true;
    continue;
  }
  const chain = [];
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : null) chain.unshift(r);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain) for (const file of [r.module, ...(r.imports ?? [])]) files.add(file);
  const sizes = [...files].map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
  const total = sizes.reduce((sum, s) => sum + s.kb, 0);
  console.log(`\n${id}: ${total.toFixed(1)} KB gzip of JavaScript in ${sizes.length} files (goal ≤ ${GOAL_KB} KB without the map)`);
  for (const s of sizes.slice(0, Number(process.env.TOP ?? 8))) console.log(`  ${s.kb.toFixed(1).padStart(6)} KB  ${s.file}`);
  if (id.startsWith("public/results") && total > GOAL_KB) {
    console.error(`  OVER the ${GOAL_KB} KB goal`);
    failed = true;
  }
  const eager = [...files].filter((file) => ON_DEMAND.test(file.split("/").pop()));
  if (id.startsWith("public/results") && eager.length) {
    console.error(`  loaded at once but meant to load on demand: ${eager.join(", ")}`);
    failed = true;
  }
}
const lazy = readdirSync(join(CLIENT, "assets")).filter((name) => /^(map|maplibre)/.test(name) && name.endsWith(".js"));
if (lazy.length) console.log(`\nLoaded on demand (not counted): ${lazy.map((name) => `${name} ${gzipKb(`assets/${name}`).toFixed(1)} KB`).join(", ")}`);
process.exit(failed ? 1 : 0);
