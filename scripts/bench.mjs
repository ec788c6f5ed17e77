// `npm run bench:geo` (and later benchmarks): the usual set-up, a production build, then the benchmark.
import { buildIfStale, databaseUrl, ensureDatabases, ensureNodeModules, prepareDatabase, runBin, step } from "./lib.mjs";

const [name] = process.argv.slice(2);
ensureNodeModules();
await ensureDatabases();
// The page benchmarks read the app database's demo data, as `npm start` leaves it.
step("Migrating the app database and loading the demo data if it is empty");
prepareDatabase({ DATABASE_URL: databaseUrl() });
// bench:national times geo/ directly and needs no build.
if (name !== "national") buildIfStale();
// Benchmarks use their own database beside the app's, so the demo data stays as it is; the national one
// (10 million edges) its own again.
const benchUrl = new URL(databaseUrl());
benchUrl.pathname = name === "national" ? "/pawroute_national" : "/pawroute_bench";
runBin("tsx", [`tests/bench/${name}.ts`], { DATABASE_URL: databaseUrl(), BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? benchUrl.toString() }, `The ${name} benchmark`);
