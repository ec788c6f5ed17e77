// `npm test`: the same set-up as `npm start` against the test database, then typecheck, lint,
// vitest (unit + integration on the real database), a production build and Playwright end-to-end tests.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, relative } from "node:path";
import { ROOT, dropDatabase, ensureDatabases, ensureDebianPackages, ensureNodeModules, fail, prepareDatabase, sessionSecret, startCluster, step, testDatabaseUrl, usesPrivateCluster } from "./lib.mjs";

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
// Issue 51's goal is from a warm install: what `npm ci` took (nothing when node_modules is current) is its own row.
const INSTALLED = Date.now();
// The test environment. Its DATABASE_URL is set by the set-up, once the cluster is up (it may take another port).
const env = { NODE_ENV: "test", SESSION_SECRET: sessionSecret(), E2E_PORT: String(await freePortBlock()) };

// vitest runs twice (decision 0344): its unit project, which needs no database, as soon as the lint is over,
// while the database restart stage has the cluster; every other project once the database is free. Each run
// writes its own JSON report.
const VITEST_REPORT = join(ROOT, ".data", "test-results", "vitest.json");
const VITEST_UNIT_REPORT = join(ROOT, ".data", "test-results", "vitest-unit.json");
mkdirSync(dirname(VITEST_REPORT), { recursive: true });
for (const report of [VITEST_REPORT, VITEST_UNIT_REPORT]) rmSync(report, { force: true });

/** The failed tests of one vitest run, a few lines each, from its JSON report. */
function vitestRecap(reportFile) {
  if (!existsSync(reportFile)) return ["  (vitest wrote no report: it stopped before its tests ran; see its output above)"];
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
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

// Two lanes (decisions 0313, 0317, 0327). vitest runs its files one after another on the test database and
// leaves most of a core idle; the end-to-end tests need only the build. So:
// - lane 1: the typecheck and lint, the unit tests, then the rest of vitest (their output held and shown as one block at the end);
// - lane 2: the build, the database restart, then the end-to-end tests (shown as they run) on their own copy of the test database
//   (tests/support/e2e-database.ts), made before vitest touches it: vitest's integration tests rename
//   tables, truncate and count rows, which the server under test must not see.
// When the copy cannot be made (someone is connected to the test database), the end-to-end tests wait for
// vitest and use the test database itself, as before. vitest's action-bodies test waits for the build
// (PAWROUTE_BUILD_DONE) and posts to the production server instead of compiling every route through Vite.
const BUILD_DONE = join(ROOT, ".data", "test-results", "build-done");
rmSync(BUILD_DONE, { force: true });
env.PAWROUTE_BUILD_DONE = BUILD_DONE;
/** A copy of the test database (tests/support/e2e-database.ts) named with this suffix; its URL, or null when it cannot be made. */
function copyOfTestDatabase(suffix) {
  const url = new URL(env.DATABASE_URL);
  url.pathname = `${url.pathname}_${suffix}`;
  const made = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), ["tests/support/e2e-database.ts", decodeURIComponent(url.pathname.slice(1))], { cwd: ROOT, env: { ...process.env, ...env }, stdio: "inherit" }).status === 0;
  return made ? url.toString() : null;
}

/** What the set-up made: the end-to-end tests' copy of the test database and the restart stage's (null: none). */
let e2eDatabaseUrl = null;
let restartDatabaseUrl = null;

/**
 * The set-up the tests need: the cluster, the Debian packages, the migrated and seeded test database and its
 * two copies. The typecheck, lint and build need none of it: they start before it and run alongside
 * (decision 0336), where the set-up used to leave a core idle for its 15–20 s.
 */
async function setUp() {
  await ensureDatabases({ fast: true });
  // Chromium's headless shell, the browser Playwright itself uses for headless tests: much less CPU than the
  // full browser per page (docs/decisions/0190).
  // E2E_CHROMIUM names another browser instead (playwright.config.ts stops if it is missing).
  if (!process.env.E2E_CHROMIUM && !existsSync("/usr/bin/chromium-headless-shell")) ensureDebianPackages(["chromium-headless-shell"], "Chromium's headless shell for the end-to-end tests");
  if (!existsSync("/usr/bin/osmium")) ensureDebianPackages(["osmium-tool"], "osmium for the importer's tests (.osm.pbf extracts)");
  env.DATABASE_URL = testDatabaseUrl();
  prepareDatabase(env, { create: true, what: "the test database" });
  step("Copying the test database for the end-to-end tests");
  e2eDatabaseUrl = copyOfTestDatabase("e2e");
  if (!e2eDatabaseUrl) step("No copy: the end-to-end tests will run after the unit and integration tests, on the test database");
  // The server under load through a database restart (issue 12) stops and starts the cluster, so it runs while
  // no other stage uses the database: in lane 2 after the build (it needs the production server), before vitest
  // and the end-to-end tests start, while lane 1 runs the typecheck and lint. Its writes go to a copy of its own.
  // Only against this checkout's own cluster; with DATABASE_URL pointing elsewhere it is left out.
  restartDatabaseUrl = usesPrivateCluster() ? copyOfTestDatabase("restart") : null;
}

const build = ["Build", "remix", ["vite:build"], { NODE_ENV: "production" }];
// Issue 52's size budget, read from the build just made: the results pages' first JavaScript ≤ 70 KB gzipped,
// with the map, the filter form, a member's favourite toggle and the map modal left to load on demand.
const budget = ["JavaScript budget", "node", ["scripts/bundle-size.mjs", "public/results/route", "public/results/location"]];
const checks = [
  // TypeScript 7's native compiler checks the types: a quarter of 5.9's CPU (decision 0343). TypeScript 5.9 stays the
  // library typescript-eslint and the editor load.
  ["Typecheck", "node", ["node_modules/typescript-native/bin/tsc", "--noEmit"]],
  ["Lint", "eslint", [".", "--max-warnings=0"]],
];
// The JSON reports feed the recap of failures printed last (CI shows the end of the output).
const vitestRun = (name, project, report) => [name, "vitest", ["run", `--project=${project}`, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]];
const UNIT = "Unit tests (no database)";
const INTEGRATION = "Integration and component tests";
const vitestUnit = vitestRun(UNIT, "unit", VITEST_UNIT_REPORT);
const vitest = vitestRun(INTEGRATION, "!unit", VITEST_REPORT);
const END_TO_END = "End-to-end tests";
const RESTART = "Database restart under load";
/** The end-to-end stage, on its copy of the test database when the set-up made one. */
const endToEnd = () => [END_TO_END, "playwright", ["test"], e2eDatabaseUrl ? { DATABASE_URL: e2eDatabaseUrl } : {}];
// PAWROUTE_PG_FAST: the cluster comes back as npm test started it, without crash safety (scripts/db.mjs).
const restart = () => (restartDatabaseUrl ? [RESTART, "tsx", ["tests/resilience/database-restart.ts"], { DATABASE_URL: restartDatabaseUrl, PAWROUTE_PG_FAST: "1" }] : null);

/** Each stage's wall time and whether it passed, printed as a table at the end of every run. */
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")} s`;

/** The stages' processes still running: a set-up that fails (fail() exits) stops them too. */
const running = new Set();
process.on("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

/**
 * Runs one stage; with `hold`, its output is kept (in a file: the set-up blocks this process while the first
 * stages run, and a full pipe would stall them) and returned instead of shown as it comes.
 */
function runStage([name, bin, args, overrides = {}], { hold = false } = {}) {
  const started = Date.now();
  if (!hold) step(name);
  const held = hold ? join(dirname(VITEST_REPORT), `${name.toLowerCase().replace(/[^a-z]+/g, "-")}.log`) : null;
  const fd = held ? openSync(held, "w") : null;
  return new Promise((resolve) => {
    const child = spawn(bin === "node" ? process.execPath : join(ROOT, "node_modules", ".bin", bin), args, {
      cwd: ROOT,
      env: { ...process.env, ...env, ...overrides, ...(hold ? { FORCE_COLOR: "1" } : {}) },
      stdio: hold ? ["ignore", fd, fd] : "inherit",
    });
    running.add(child);
    let finished = false;
    const done = (ok) => {
      if (finished) return;
      finished = true;
      running.delete(child);
      const ms = Date.now() - started;
      times.push({ name, ms, ok });
      if (hold) {
        closeSync(fd);
        step(`${name}: ${ok ? "passed" : "FAILED"} in ${seconds(ms)} (output below, at the end)`);
      }
      resolve({ name, ok, ms, output: held ? readFileSync(held, "utf8") : "" });
    };
    child.on("error", () => done(false));
    child.on("close", (code) => done(code === 0));
  });
}

/** The set-up is over: the test database and its copies are ready. */
let setUpDone;
const setUpFinished = new Promise((resolve) => (setUpDone = resolve));
/** The database is free for vitest once the restart stage is over (or will not run). */
let databaseFree;
const databaseFreed = new Promise((resolve) => (databaseFree = resolve));

/**
 * Lane 1: the typecheck and lint, the unit tests (no database: they run while the restart stage has the
 * cluster, where lane 1 used to wait), then the rest of vitest once the database restart is over, all held.
 */
async function checkLane() {
  const results = [];
  for (const stage of checks) results.push(await runStage(stage, { hold: true }));
  // The test environment (DATABASE_URL among it) is complete once the set-up is over.
  await setUpFinished;
  results.push(await runStage(vitestUnit, { hold: true }));
  await databaseFreed;
  return [await runStage(vitest, { hold: true }), ...results];
}

/**
 * Lane 2: the build (held), the database restart (shown as it runs), then the end-to-end tests as they run (at
 * once on their own database, else after lane 1).
 */
async function buildLane(lane1) {
  const built = await runStage(build, { hold: true });
  writeFileSync(BUILD_DONE, built.ok ? "ok" : "failed");
  await setUpFinished;
  // Nothing to run the restart or the end-to-end tests against without a build.
  if (!built.ok) {
    databaseFree();
    return [built];
  }
  const sized = await runStage(budget, { hold: true });
  const restartStage = restart();
  const restarted = restartStage ? [await runStage(restartStage)] : [];
  // Whatever happened in it, the cluster is up again before the tests use it.
  if (restartStage) {
    await startCluster({ fast: true });
    // Nothing needs the restart's copy after it: dropped, it is not in read-replica.test.ts's base backup of the cluster.
    dropDatabase(decodeURIComponent(new URL(restartDatabaseUrl).pathname.slice(1)));
  }
  databaseFree();
  if (!e2eDatabaseUrl) await lane1;
  return [built, sized, ...restarted, await runStage(endToEnd())];
}

const failed = [];
// Lane 1's typecheck and lane 2's build start now; the set-up runs beside them (it blocks this process
// while it runs, which the stages do not mind: their output goes to files).
const lane1 = checkLane();
const lane2 = buildLane(lane1);
const setUpStarted = Date.now();
await setUp();
const setUpMs = Date.now() - setUpStarted;
setUpDone();
const lanes = await Promise.all([lane1, lane2]);
const held = lanes.flat().filter((result) => result.name !== END_TO_END && result.name !== RESTART);
for (const result of held) {
  step(`${result.name} (ran alongside the end-to-end tests)`);
  process.stdout.write(result.output);
  step(`${result.name}: ${result.ok ? "passed" : "FAILED"} in ${seconds(result.ms)}`);
}
for (const result of lanes.flat()) if (!result.ok) failed.push(result.name);
for (const [name, report] of [[UNIT, VITEST_UNIT_REPORT], [INTEGRATION, VITEST_REPORT]]) {
  if (!failed.includes(name)) continue;
  step(`${name} that failed (recap)`);
  console.log(vitestRecap(report).join("\n"));
}

step("Time per stage (lane 1: typecheck, lint, unit tests, integration and component tests; alongside lane 2: build, database restart, end-to-end tests)");
const INSTALL = "Install (npm ci, when node_modules is not current)";
const SETUP = "Set-up (packages, database, test database copies; alongside the first stages)";
const WARM = "Total from a warm install (issue 51: ≤ 10 min)";
const width = Math.max(INSTALL.length, SETUP.length, WARM.length, ...times.map((time) => time.name.length));
const table = times.map((time) => `  ${time.name.padEnd(width)}  ${seconds(time.ms).padStart(8)}  ${time.ok ? "passed" : "FAILED"}`);
const ended = Date.now();
table.push(`  ${INSTALL.padEnd(width)}  ${seconds(INSTALLED - SCRIPT_STARTED).padStart(8)}`);
table.push(`  ${SETUP.padEnd(width)}  ${seconds(setUpMs).padStart(8)}`);
table.push(`  ${"Total".padEnd(width)}  ${seconds(ended - SCRIPT_STARTED).padStart(8)}  (${minutes(ended - SCRIPT_STARTED)})`);
table.push(`  ${WARM.padEnd(width)}  ${seconds(ended - INSTALLED).padStart(8)}  (${minutes(ended - INSTALLED)})`);
process.stderr.write(`${table.join("\n")}\n`);
if (failed.length) fail(`Failed: ${failed.join(", ")}`);
step("All test stages passed.");
