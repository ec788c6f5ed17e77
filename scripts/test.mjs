// `npm test`: the same set-up as `npm start` against the test database, then typecheck, lint,
// vitest (unit + integration on the real database), a production build and Playwright end-to-end tests.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, relative } from "node:path";
import { ROOT, ensureDatabases, ensureDebianPackages, ensureNodeModules, fail, prepareDatabase, sessionSecret, step, testDatabaseUrl, tryBin, usesPrivateCluster } from "./lib.mjs";

/** The end-to-end server and its mail sink use PORT, PORT+25 and PORT+26: find a block that is free. */
async function freePortBlock() {
  const free = (port) =>
    new Promise((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.once("listening", () => probe.close(() => resolve(true)));
      probe.listen(port, "127.0.0.1");
    });
  for (let port = Number(process.env.E2E_PORT || 3100); port < 3900; port += 100) {
    if ((await free(port)) && (await free(port + 25)) && (await free(port + 26))) return port;
  }
  fail("No free ports for the end-to-end server between 3100 and 3900; set E2E_PORT.");
}

ensureNodeModules();
await ensureDatabases({ fast: true });
// Chromium's headless shell, the browser Playwright itself uses for headless tests: much less CPU than the
// full browser per page (docs/decisions/0190).
// E2E_CHROMIUM names another browser instead (playwright.config.ts stops if it is missing).
if (!process.env.E2E_CHROMIUM && !existsSync("/usr/bin/chromium-headless-shell")) ensureDebianPackages(["chromium-headless-shell"], "Chromium's headless shell for the end-to-end tests");
if (!existsSync("/usr/bin/osmium")) ensureDebianPackages(["osmium-tool"], "osmium for the importer's tests (.osm.pbf extracts)");

const env = { DATABASE_URL: testDatabaseUrl(), NODE_ENV: "test", SESSION_SECRET: sessionSecret(), E2E_PORT: String(await freePortBlock()) };
prepareDatabase(env, { create: true, what: "the test database" });

const VITEST_REPORT = join(ROOT, ".data", "test-results", "vitest.json");
mkdirSync(dirname(VITEST_REPORT), { recursive: true });
rmSync(VITEST_REPORT, { force: true });

/** The failed unit and integration tests, a few lines each, from vitest's JSON report. */
function vitestRecap() {
  if (!existsSync(VITEST_REPORT)) return ["  (vitest wrote no report: it stopped before its tests ran; see its output above)"];
  const report = JSON.parse(readFileSync(VITEST_REPORT, "utf8"));
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = relative(ROOT, String(file.name));
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (file.status === "failed" && failed.length === 0) lines.push(`  ${name}: ${String(file.message ?? "failed").split("\n").slice(0, 6).join("\n    ")}`);
    for (const test of failed) {
      lines.push(`  ${name} › ${test.fullName}`);
      for (const message of test.failureMessages ?? []) lines.push(...message.split("\n").slice(0, 5).map((line) => `    ${line}`));
    }
  }
  if (lines.length === 0) lines.push("  no test failed: an unhandled error or a failed set-up made vitest fail (see its output above)");
  return lines;
}

const stages = [
  ["Typecheck", "tsc", ["--noEmit"]],
  ["Lint", "eslint", [".", "--max-warnings=0"]],
  // The JSON report feeds the recap of failures printed last (CI shows the end of the output).
  ["Unit and integration tests", "vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_REPORT}`]],
  // The end-to-end tests run the production build: build it as production (NODE_ENV=test would bundle React's development build).
  ["Build", "remix", ["vite:build"], { NODE_ENV: "production" }],
  ["End-to-end tests", "playwright", ["test"]],
  // Last, since it stops and starts the cluster: the server under load through a database restart (issue 12).
  // Only against this checkout's own cluster; with DATABASE_URL pointing elsewhere it is left out.
  ...(usesPrivateCluster() ? [["Database restart under load", "tsx", ["tests/resilience/database-restart.ts"]]] : []),
];
const failed = [];
for (const [name, bin, args, overrides = {}] of stages) {
  step(name);
  const started = Date.now();
  const ok = tryBin(bin, args, { ...env, ...overrides });
  step(`${name}: ${ok ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) {
    failed.push(name);
    // Nothing to run end-to-end tests against without a build.
    if (name === "Build") break;
  }
}
if (failed.includes("Unit and integration tests")) {
  step("Unit and integration tests that failed (recap)");
  console.log(vitestRecap().join("\n"));
}
if (failed.length) fail(`Failed: ${failed.join(", ")}`);
step("All test stages passed.");
