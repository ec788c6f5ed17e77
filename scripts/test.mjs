// `npm test`: the same set-up as `npm start` against the test database, then typecheck, lint,
// vitest (unit + integration on the real database), a production build and Playwright end-to-end tests.
import { existsSync } from "node:fs";
import { ensureDatabases, ensureDebianPackages, ensureNodeModules, fail, runBin, sessionSecret, step, testDatabaseUrl, tryBin } from "./lib.mjs";

ensureNodeModules();
await ensureDatabases({ fast: true });
if (!existsSync("/usr/bin/chromium")) ensureDebianPackages(["chromium"], "Chromium for the end-to-end tests");

const env = { DATABASE_URL: testDatabaseUrl(), NODE_ENV: "test", SESSION_SECRET: sessionSecret() };
runBin("tsx", ["db/migrate.ts", "--create"], env, "Migrating the test database");
runBin("tsx", ["db/seed/cli.ts", "--if-empty"], env, "Loading the demo data into the test database");

const stages = [
  ["Typecheck", "tsc", ["--noEmit"]],
  ["Lint", "eslint", [".", "--max-warnings=0"]],
  ["Unit and integration tests", "vitest", ["run"]],
  ["Build", "remix", ["vite:build"]],
  ["End-to-end tests", "playwright", ["test"]],
];
const failed = [];
for (const [name, bin, args] of stages) {
  step(name);
  const started = Date.now();
  const ok = tryBin(bin, args, env);
  step(`${name}: ${ok ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) {
    failed.push(name);
    // Nothing to run end-to-end tests against without a build.
    if (name === "Build") break;
  }
}
if (failed.length) fail(`Failed: ${failed.join(", ")}`);
step("All test stages passed.");
