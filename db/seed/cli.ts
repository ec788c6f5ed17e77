// npm run db:seed -- [--listings N] [--seed S] [--if-empty] [--force]
// Loads the demo data set. Idempotent: when the same seed and size are already loaded, nothing changes.
import { SingleBar, Presets } from "cli-progress";
import { parseArgs } from "node:util";
import { connect } from "../client";
import { databaseUrlFromEnv, exitWithMessage } from "../env";
import { GENERATOR_VERSION, generateDemo } from "./generate";
import { ensureDemoBlog } from "./blog";
import { ensureDemoModeration } from "./moderation";
import { ensureDemoTreats } from "./treats";
import { DEMO_SHARED_TRIP_ID, ensureDemoTrips } from "./trips";
import { ensureDemoFavourites } from "./favourites";
import { ensureDemoPayments } from "./payments";
import { ensureDemoAccounts } from "./users";

const { values } = parseArgs({
  options: {
    listings: { type: "string", default: "5000" },
    "local-roads": { type: "string", default: "0" },
    seed: { type: "string", default: "pawroute" },
    "if-empty": { type: "boolean", default: false },
    force: { type: "boolean", default: false },
  },
});
const listings = Number(values.listings);
if (!Number.isInteger(listings) || listings < 0 || listings > 5_000_000) exitWithMessage("--listings must be a whole number from 0 to 5,000,000");
const localRoads = Number(values["local-roads"]);
if (!Number.isInteger(localRoads) || localRoads < 0 || localRoads > 2_000_000) exitWithMessage("--local-roads must be a whole number from 0 to 2,000,000");

const handle = connect(databaseUrlFromEnv(), { max: 2 });
const { sql } = handle;
const started = Date.now();
const log = (message: string) => console.log(`  ${message}`);

try {
  const [meta] = await sql<{ value: { seed: string; listings: number; localRoads?: number; version: number } }[]>`SELECT value FROM demo_meta WHERE key = 'demo'`;
  const [{ count }] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM listings`;
  const same = meta && meta.value.seed === values.seed && meta.value.listings === listings && (meta.value.localRoads ?? 0) === localRoads && meta.value.version === GENERATOR_VERSION;
  const outdated = meta && meta.value.version !== GENERATOR_VERSION;
  if (values["if-empty"] && (meta || count > 0) && !outdated) {
    await ensureDemoAccounts(sql);
    await ensureDemoModeration(sql);
    await ensureDemoPayments(sql);
    log(meta ? `Demo data already loaded (seed "${meta.value.seed}", ${meta.value.listings.toLocaleString("en-GB")} listings).` : "The database already holds listings: demo data not loaded.");
  } else if (same && !values.force) {
    await ensureDemoAccounts(sql);
    await ensureDemoModeration(sql);
    await ensureDemoPayments(sql);
    log(`Demo data with seed "${values.seed}" and ${listings.toLocaleString("en-GB")} listings is already loaded; nothing changed.`);
  } else {
    console.log(`Loading demo data (seed "${values.seed}", ${listings.toLocaleString("en-GB")} listings)…`);
    const bar = process.stdout.isTTY && listings >= 20_000 ? new SingleBar({ format: "  listings [{bar}] {percentage}% {value}/{total}" }, Presets.shades_classic) : null;
    bar?.start(listings, 0);
    await generateDemo(sql, { seed: values.seed, listings, localRoads }, {
      step: (message) => (bar ? undefined : log(message)),
      listings: (done) => bar?.update(Math.round(done)),
    });
    bar?.stop();
    await ensureDemoModeration(sql);
    await ensureDemoPayments(sql);
    log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  // The Bark Out posts are added by slug after the accounts, so an already seeded database gets them too.
  const posts = await ensureDemoBlog(sql);
  if (posts > 0) log(`Added ${posts} Bark Out demo posts.`);
  // Treats likewise: added once, after the demo member exists.
  const treats = await ensureDemoTreats(sql);
  if (treats > 0) log(`Added ${treats} demo Treats.`);
  // Trips likewise (issue 49): one saved, one shared for visitors at /trips/${DEMO_SHARED_TRIP_ID}.
  const trips = await ensureDemoTrips(sql);
  if (trips > 0) log(`Added ${trips} demo trips; the shared one is at /trips/${DEMO_SHARED_TRIP_ID}.`);
  // A favourites list to keep for offline use (issue 53).
  const favourites = await ensureDemoFavourites(sql);
  if (favourites > 0) log(`Added the demo member's favourites list (${favourites} places).`);
} catch (error) {
  if (process.env.DEBUG) console.error(error);
  exitWithMessage(`Loading demo data failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await handle.close();
}
