// Set-up helpers shared by `npm start`, `npm test` and `npm run dev`.
// Plain Node with no dependencies: these run before `npm ci` has installed anything.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync, readdirSync, statSync, symlinkSync, lstatSync } from "node:fs";
import { createServer } from "node:net";
import { totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const DATA_DIR = join(ROOT, ".data");
const PG_BIN = "/usr/lib/postgresql/15/bin";
const PG_SHARE = "/usr/share/postgresql/15/extension";
const PG_PACKAGES = ["postgresql-15", "postgresql-15-postgis-3", "postgresql-15-pgrouting"];
const PORT_FILE = join(DATA_DIR, "pg-port");
/** The private cluster's port: PAWROUTE_PG_PORT, else the one this checkout's cluster last used, else 55432. */
let pgPort = Number(process.env.PAWROUTE_PG_PORT || (existsSync(PORT_FILE) ? readFileSync(PORT_FILE, "utf8").trim() : 55432));
export const APP_DATABASE = "pawroute";
export const TEST_DATABASE = "pawroute_test";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

export function step(message) {
  process.stderr.write(`\u001b[36m▸\u001b[0m ${message}\n`);
}

/** Stops with one clear line: what went wrong and what to do. */
export function fail(message) {
  process.stderr.write(`\u001b[31m✖ ${message}\u001b[0m\n`);
  process.exit(1);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", cwd: ROOT, ...options });
  if (result.error) return { ok: false, error: result.error };
  return { ok: result.status === 0, status: result.status };
}

function quiet(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: "utf8", cwd: ROOT, ...options });
  return { ok: !result.error && result.status === 0, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

// ---------------------------------------------------------------- npm packages

/** The lockfile and the patches npm ci applies to packages (patches/, by patch-package on postinstall). */
function lockHash() {
  const hash = createHash("sha256").update(readFileSync(join(ROOT, "package-lock.json")));
  const patches = join(ROOT, "patches");
  if (existsSync(patches)) for (const name of readdirSync(patches).sort()) hash.update(name).update(readFileSync(join(patches, name)));
  return hash.digest("hex");
}

/** Runs `npm ci` when node_modules is missing or was installed from another lockfile. */
export function ensureNodeModules() {
  const stamp = join(ROOT, "node_modules", ".pawroute-lock");
  const want = lockHash();
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === want) return;
  step("Installing npm packages (npm ci)");
  const result = run("npm", ["ci", "--no-audit", "--no-fund"]);
  if (!result.ok) fail("npm ci failed: check the messages above, then run `npm ci` by hand and start again.");
  writeFileSync(stamp, want);
}

// ---------------------------------------------------------------- Debian packages

function missingPostgresParts() {
  const missing = [];
  if (!existsSync(join(PG_BIN, "postgres"))) missing.push("postgresql-15");
  if (!existsSync(join(PG_SHARE, "postgis.control"))) missing.push("postgresql-15-postgis-3");
  if (!existsSync(join(PG_SHARE, "pgrouting.control"))) missing.push("postgresql-15-pgrouting");
  return missing;
}

/** Installs Debian packages: as root directly, else through passwordless sudo, else says the command to run. */
export function ensureDebianPackages(packages, why) {
  const command = `apt-get install -y ${packages.join(" ")}`;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let prefix = [];
  if (!isRoot) {
    if (!quiet("sudo", ["-n", "true"]).ok) fail(`${why} is missing. Run: sudo apt-get update && sudo ${command}`);
    prefix = ["sudo", "-n", "-E"];
  }
  step(`Installing ${packages.join(", ")} (${why})`);
  const exec = (args) => (prefix.length ? run(prefix[0], [...prefix.slice(1), ...args], { env }) : run(args[0], args.slice(1), { env }));
  const update = exec(["apt-get", "update", "-qq"]);
  const install = update.ok && exec(["apt-get", "install", "-y", "-qq", ...packages]);
  if (!install || !install.ok) fail(`Could not install ${packages.join(", ")}. Run: ${isRoot ? "" : "sudo "}${command}`);
}

export function ensurePostgresPackages() {
  const missing = missingPostgresParts();
  if (missing.length === 0) return;
  ensureDebianPackages(PG_PACKAGES, "PostgreSQL 15 with PostGIS and pgRouting");
  const still = missingPostgresParts();
  if (still.length) fail(`${still.join(", ")} still missing after installing. Run: apt-get install -y ${PG_PACKAGES.join(" ")}`);
}

// ---------------------------------------------------------------- database URL

/** The connection URL for a database: DATABASE_URL when set (validated), else the private cluster. */
export function databaseUrl(database = APP_DATABASE) {
  const external = process.env.DATABASE_URL;
  if (external) {
    checkDatabaseUrl(external, "DATABASE_URL");
    return external;
  }
  return `postgres://postgres@127.0.0.1:${pgPort}/${database}`;
}

export function checkDatabaseUrl(value, name) {
  let url;
  try {
    url = new URL(value);
  } catch {
    fail(`${name} is not a valid URL ("${value}"). Use the form postgres://user:password@host:5432/database`);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    fail(`${name} must start with postgres:// or postgresql:// (got "${url.protocol}")`);
  }
  if (!url.hostname || url.pathname.length < 2) {
    fail(`${name} needs a host and a database name, e.g. postgres://user:password@localhost:5432/pawroute`);
  }
}

export function usesPrivateCluster() {
  return !process.env.DATABASE_URL;
}

// ---------------------------------------------------------------- the private cluster

function pgDataDir() {
  return join(DATA_DIR, "pg");
}

/** As root, the server must run as the postgres user, who must be able to reach the data directory. */
function asPostgres(cmd, args, options = {}) {
  if (!isRoot) return quiet(cmd, args, options);
  return quiet("runuser", ["-u", "postgres", "--", cmd, ...args], options);
}

function postgresCanReach(dir) {
  return quiet("runuser", ["-u", "postgres", "--", "test", "-x", dir]).ok;
}

/**
 * Prepares .data/ for the cluster. When the checkout is somewhere the postgres user cannot reach
 * (a home directory with mode 700), the cluster lives under /var/lib/pawroute and .data/pg links to it.
 */
function prepareDataDir() {
  mkdirSync(DATA_DIR, { recursive: true });
  const dataDir = pgDataDir();
  if (existsSync(dataDir) || isSymlink(dataDir)) return dataDir;
  if (isRoot && !postgresCanReach(DATA_DIR)) {
    const target = join("/var/lib/pawroute", createHash("sha1").update(ROOT).digest("hex").slice(0, 12));
    mkdirSync(target, { recursive: true });
    execFileSync("chown", ["postgres:postgres", target]);
    symlinkSync(target, dataDir);
    return dataDir;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (isRoot) execFileSync("chown", ["-R", "postgres:postgres", dataDir]);
  return dataDir;
}

function isSymlink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function clusterPaths() {
  const data = prepareDataDir();
  return { data, log: join(data, "server.log"), socket: data };
}

export function clusterIsRunning() {
  const { data } = clusterPaths();
  if (!existsSync(join(data, "PG_VERSION"))) return false;
  if (!asPostgres(join(PG_BIN, "pg_ctl"), ["-D", data, "status"]).ok) return false;
  // A running cluster may have been started on another port: postmaster.pid's fourth line says which.
  const pidFile = join(data, "postmaster.pid");
  const port = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[3]) : NaN;
  if (Number.isInteger(port) && port > 0) pgPort = port;
  return true;
}

function portIsFree(port) {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once("error", () => resolvePort(false));
    server.once("listening", () => server.close(() => resolvePort(true)));
    server.listen(port, "127.0.0.1");
  });
}

/**
 * Memory settings sized from the machine at each start (so a cluster created on a small laptop grows
 * on a larger machine): PostgreSQL's usual advice, a quarter of the memory for shared_buffers (from
 * 128 MB to 4 GB, enough for the million-listing hot set of listings, their versions and the indexes)
 * and half for effective_cache_size. Decision 0175.
 */
function memorySettings() {
  // In a container the cgroup's limit, not the host's memory, is what the cluster may use.
  const limit = process.constrainedMemory?.() || Infinity;
  const mb = Math.floor(Math.min(totalmem(), limit) / 1024 / 1024);
  const sharedBuffers = Math.max(128, Math.min(4096, Math.floor(mb / 4)));
  const effectiveCache = Math.max(512, Math.floor(mb / 2));
  return [`-c shared_buffers=${sharedBuffers}MB`, `-c effective_cache_size=${effectiveCache}MB`];
}

const CLUSTER_SETTINGS = [
  "work_mem = 32MB",
  "maintenance_work_mem = 512MB",
  "max_connections = 100",
  "jit = off",
  "max_wal_size = 4GB",
  "unix_socket_directories = ''",
  "listen_addresses = '127.0.0.1'",
];

export async function startCluster({ fast = false } = {}) {
  ensurePostgresPackages();
  const { data, log } = clusterPaths();
  if (!existsSync(join(data, "PG_VERSION"))) {
    step(`Creating the private PostgreSQL cluster in ${join(DATA_DIR, "pg")}`);
    const init = asPostgres(join(PG_BIN, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
    if (!init.ok) fail(`initdb failed: ${init.stderr.trim().split("\n").pop()}`);
    const conf = join(data, "postgresql.conf");
    writeFileSync(conf, `${readFileSync(conf, "utf8")}\n# Pawroute\n${CLUSTER_SETTINGS.join("\n")}\n`);
  }
  if (clusterIsRunning()) return;
  if (!(await portIsFree(pgPort))) {
    // Another program (or another checkout's cluster) holds the port: take the next free one, unless pinned.
    if (process.env.PAWROUTE_PG_PORT) fail(`Port ${pgPort} (PAWROUTE_PG_PORT) is in use by another program. Choose a free port, or set DATABASE_URL to use an existing server.`);
    const busy = pgPort;
    for (let port = 55432; port < 55532 && pgPort === busy; port++) if (await portIsFree(port)) pgPort = port;
    if (pgPort === busy) fail("No free port from 55432 to 55531 for PostgreSQL. Set PAWROUTE_PG_PORT to a free port, or DATABASE_URL to use an existing server.");
    step(`Port ${busy} is in use: the private cluster will use ${pgPort}`);
  }
  writeFileSync(PORT_FILE, String(pgPort));
  step(`Starting PostgreSQL on 127.0.0.1:${pgPort}`);
  const options = [`-p ${pgPort}`, ...memorySettings()];
  // A throwaway test cluster does not need crash safety; skipping fsync makes it several times faster.
  if (fast) options.push("-c fsync=off -c synchronous_commit=off -c full_page_writes=off");
  const started = asPostgres(join(PG_BIN, "pg_ctl"), ["-D", data, "-l", log, "-w", "-t", "60", "-o", options.join(" "), "start"]);
  if (!started.ok) {
    const tail = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").slice(-3).join(" | ") : started.stderr;
    fail(`PostgreSQL did not start: ${tail}`);
  }
  await waitUntilReady();
}

export async function waitUntilReady(timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (quiet(join(PG_BIN, "pg_isready"), ["-h", "127.0.0.1", "-p", String(pgPort), "-q"]).ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  fail(`PostgreSQL did not accept connections on port ${pgPort} within ${timeoutMs / 1000} s; see ${join(DATA_DIR, "pg", "server.log")}`);
}

export function stopCluster() {
  const { data } = clusterPaths();
  if (!clusterIsRunning()) return false;
  const stopped = asPostgres(join(PG_BIN, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
  if (!stopped.ok) fail(`pg_ctl stop failed: ${stopped.stderr.trim()}`);
  return true;
}

function psql(database, sqlText) {
  return quiet(join(PG_BIN, "psql"), ["-h", "127.0.0.1", "-p", String(pgPort), "-U", "postgres", "-d", database, "-tAc", sqlText]);
}

export function ensureDatabase(name) {
  const exists = psql("postgres", `SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  if (!exists.ok) fail(`Could not query the cluster: ${exists.stderr.trim()}`);
  if (exists.stdout.trim() === "1") return;
  step(`Creating database ${name}`);
  const created = psql("postgres", `CREATE DATABASE ${name}`);
  if (!created.ok) fail(`Could not create database ${name}: ${created.stderr.trim()}`);
}

/** Drops a database of the private cluster, if it is there (a copy a stage no longer needs). */
export function dropDatabase(name) {
  const dropped = psql("postgres", `DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  if (!dropped.ok) step(`Could not drop database ${name}: ${dropped.stderr.trim()}`);
}

/** Starts the private cluster (unless DATABASE_URL is set) and makes sure both databases exist. */
export async function ensureDatabases({ fast = false } = {}) {
  if (!usesPrivateCluster()) {
    databaseUrl();
    return;
  }
  await startCluster({ fast });
  ensureDatabase(APP_DATABASE);
  ensureDatabase(TEST_DATABASE);
}

// ---------------------------------------------------------------- running project commands

/** Runs a project binary (from node_modules/.bin) and stops the set-up when it fails. */
export function runBin(bin, args, env, what) {
  const result = run(join(ROOT, "node_modules", ".bin", bin), args, { env: { ...process.env, ...env } });
  if (!result.ok) fail(`${what} failed (see above).`);
}

/** Brings a database's schema up to date and loads the demo data when it is empty (`create`: make the database first). */
export function prepareDatabase(env, { create = false, what = "the database" } = {}) {
  runBin("tsx", ["db/migrate.ts", ...(create ? ["--create"] : [])], env, `Migrating ${what}`);
  runBin("tsx", ["db/seed/cli.ts", "--if-empty"], env, `Loading the demo data into ${what}`);
}

/** Runs the production build when a source is newer than it (`npm start`, the benchmarks). */
export function buildIfStale(env = {}) {
  if (!buildIsStale()) return;
  step("Building the app");
  runBin("remix", ["vite:build"], env, "The build");
}

export function tryBin(bin, args, env) {
  return run(join(ROOT, "node_modules", ".bin", bin), args, { env: { ...process.env, ...env } }).ok;
}

/** Starts a long-running child, forwarding Ctrl-C and SIGTERM so it can close its pool and exit. */
export function runForeground(cmd, args, env) {
  const child = spawn(cmd, args, { stdio: "inherit", cwd: ROOT, env: { ...process.env, ...env } });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

// ---------------------------------------------------------------- build freshness

const SOURCE_DIRS = ["app", "core", "geo", "db", "kit", "media", "public", "build-tools"];
const SOURCE_FILES = ["remix.config.js", "vite.config.ts", "package-lock.json", "server.ts", "cluster.ts"];

function newestMtime(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when build/ is older than any source file, so a second start skips the build. */
export function buildIsStale() {
  const stamp = join(ROOT, "build", "server", "index.js");
  // The bundled entries (build/entry/, build-tools/server-entry.ts) come with the same build.
  if (!existsSync(stamp) || !existsSync(join(ROOT, "build", "entry", "server.js"))) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = [...SOURCE_DIRS, ...SOURCE_FILES].map((p) => join(ROOT, p)).filter(existsSync);
  return sources.some((p) => newestMtime(p) > built);
}

/** The test database: TEST_DATABASE_URL, else DATABASE_URL's database with a _test suffix, else the private cluster's. */
export function testDatabaseUrl() {
  if (process.env.TEST_DATABASE_URL) {
    checkDatabaseUrl(process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL");
    return process.env.TEST_DATABASE_URL;
  }
  if (process.env.DATABASE_URL) {
    const url = new URL(databaseUrl());
    url.pathname = `${url.pathname}_test`;
    return url.toString();
  }
  return databaseUrl(TEST_DATABASE);
}

/** A random secret kept in .data/<name> (made on first use), unless the variable is set. */
function keptSecret(variable, name) {
  if (process.env[variable]) return process.env[variable];
  const file = join(DATA_DIR, name);
  if (!existsSync(file)) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

/** A per-checkout random session secret in .data/, unless SESSION_SECRET is set. */
export function sessionSecret() {
  return keptSecret("SESSION_SECRET", "session-secret");
}

/** The local payment stand-ins' webhook secret, per checkout, beside the session secret (decision 0241). */
export function paymentsLocalSecret() {
  return keptSecret("PAYMENTS_LOCAL_SECRET", "payments-local-secret");
}
