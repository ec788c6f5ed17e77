// `npm test`: the same set-up as `npm start` against the test database, then typecheck, lint,
// vitest (unit + integration on the real database), a production build and Playwright end-to-end tests.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, relative } from "node:path";
import { ROOT, ensureDatabases, ensureDebianPackages, ensureNodeModules, fail, prepareDatabase, sessionSecret, step, testDatabaseUrl, usesPrivateCluster } from "./lib.mjs";

const SCRIPT_STARTED = Date.now();

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

// Two lanes while vitest runs (decision 0313): vitest is one process waiting on PostgreSQL most of the time
// (its files run one after another on the shared database), so the typecheck, lint and build share the
// second core. The second lane's output is held and printed as one block when it ends, so the two never
// interleave. The end-to-end tests need the build and vitest's database set-up (the job queue's schema).
const checks = [
  ["Typecheck", "tsc", ["--noEmit"]],
  ["Lint", "eslint", [".", "--max-warnings=0"]],
  // The end-to-end tests run the production build: build it as production (NODE_ENV=test would bundle React's development build).
  ["Build", "remix", ["vite:build"], { NODE_ENV: "production" }],
];
// The JSON report feeds the recap of failures printed last (CI shows the end of the output).
const vitest = ["Unit and integration tests", "vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_REPORT}`]];
const after = [
  ["End-to-end tests", "playwright", ["test"]],
  // Last, since it stops and starts the cluster: the server under load through a database restart (issue 12).
  // Only against this checkout's own cluster; with DATABASE_URL pointing elsewhere it is left out.
  ...(usesPrivateCluster() ? [["Database restart under load", "tsx", ["tests/resilience/database-restart.ts"]]] : []),
];

/** Each stage's wall time and whether it passed, printed as a table at the end of every run. */
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")} s`;

/** Runs one stage; with `hold`, its output is kept and returned instead of shown as it comes. */
function runStage([name, bin, args, overrides = {}], { hold = false } = {}) {
  const started = Date.now();
  if (!hold) step(name);
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, "node_modules", ".bin", bin), args, {
      cwd: ROOT,
      env: { ...process.env, ...env, ...overrides, ...(hold ? { FORCE_COLOR: "1" } : {}) },
      stdio: hold ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    const done = (ok) => {
      const ms = Date.now() - started;
      times.push({ name, ms, ok });
      resolve({ name, ok, ms, output: Buffer.concat(output).toString("utf8") });
    };
    child.on("error", () => done(false));
    child.on("close", (code) => done(code === 0));
  });
}

/** The second lane: typecheck, lint, build, one after another, shown as one block when done. */
async function checkLane() {
  const results = [];
  for (const stage of checks) {
    const result = await runStage(stage, { hold: true });
    results.push(result);
    // Nothing to run end-to-end tests against without a build.
    if (!result.ok && stage[0] === "Build") break;
  }
  return results;
}

const runStarted = Date.now();
const failed = [];
const [laneResults, vitestResult] = await Promise.all([checkLane(), runStage(vitest)]);
step(`${vitestResult.name}: ${vitestResult.ok ? "passed" : "FAILED"} in ${seconds(vitestResult.ms)}`);
for (const result of laneResults) {
  step(`${result.name} (ran alongside the unit and integration tests)`);
  process.stdout.write(result.output);
  step(`${result.name}: ${result.ok ? "passed" : "FAILED"} in ${seconds(result.ms)}`);
}
for (const result of [...laneResults, vitestResult]) if (!result.ok) failed.push(result.name);
if (!failed.includes("Build") && laneResults.some((result) => result.name === "Build")) {
  for (const stage of after) {
    const result = await runStage(stage);
    step(`${result.name}: ${result.ok ? "passed" : "FAILED"} in ${seconds(result.ms)}`);
    if (!result.ok) failed.push(result.name);
  }
}
if (failed.includes("Unit and integration tests")) {
  step("Unit and integration tests that failed (recap)");
  console.log(vitestRecap().join("\n"));
}

step("Time per stage (typecheck, lint and build ran alongside the unit and integration tests)");
const SETUP = "Set-up (install check, test database)";
const width = Math.max(SETUP.length, ...times.map((time) => time.name.length));
const table = times.map((time) => `  ${time.name.padEnd(width)}  ${seconds(time.ms).padStart(8)}  ${time.ok ? "passed" : "FAILED"}`);
table.push(`  ${SETUP.padEnd(width)}  ${seconds(runStarted - SCRIPT_STARTED).padStart(8)}`);
table.push(`  ${"Total".padEnd(width)}  ${seconds(Date.now() - SCRIPT_STARTED).padStart(8)}  (${minutes(Date.now() - SCRIPT_STARTED)})`);
process.stderr.write(`${table.join("\n")}\n`);
if (failed.length) fail(`Failed: ${failed.join(", ")}`);
step("All test stages passed.");
