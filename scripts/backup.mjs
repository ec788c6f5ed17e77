// npm run db:backup [-- file]   — pg_dump (custom format) of the app database (DATABASE_URL, else the private cluster)
// npm run db:restore -- file [--clean] — pg_restore into the database; it must be empty unless --clean
// Custom format: compressed, restorable table by table, and pg_restore checks it before writing (docs/decisions/0062-operations.md).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { DATA_DIR, databaseUrl, ensureDatabases, fail, step, usesPrivateCluster } from "./lib.mjs";

const [command, ...rest] = process.argv.slice(2);
const flags = new Set(rest.filter((arg) => arg.startsWith("--")));
const [file] = rest.filter((arg) => !arg.startsWith("--"));

function run(bin, args) {
  const result = spawnSync(bin, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.error) fail(`${bin} could not run: ${result.error.message}. Install the PostgreSQL 15 client (apt-get install postgresql-client-15).`);
  return result;
}

function pgBin(name) {
  const versioned = `/usr/lib/postgresql/15/bin/${name}`;
  return existsSync(versioned) ? versioned : name;
}

if (usesPrivateCluster()) await ensureDatabases();
const url = databaseUrl();
const name = decodeURIComponent(new URL(url).pathname.slice(1));

if (command === "backup") {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  const target = resolve(file ?? join(DATA_DIR, "backups", `${name}-${stamp}.dump`));
  mkdirSync(dirname(target), { recursive: true });
  step(`Backing up ${name} to ${target}`);
  const dump = run(pgBin("pg_dump"), ["--format=custom", "--compress=6", "--no-owner", "--no-privileges", "--file", target, url]);
  if (dump.status !== 0) fail(`pg_dump failed: ${dump.stderr.trim()}`);
  step(`Backup written: ${target} (${(statSync(target).size / 1024 / 1024).toFixed(1)} MB)`);
} else if (command === "restore") {
  if (!file) fail("Usage: npm run db:restore -- <file.dump> [--clean]");
  if (!existsSync(file)) fail(`No backup at ${file}`);
  // Refuse to mix a backup into a database that already has tables, unless asked to replace them.
  const tables = run(pgBin("psql"), ["-Atc", "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND tablename NOT IN ('spatial_ref_sys')", url]);
  if (tables.status !== 0) fail(`Cannot reach ${name}: ${tables.stderr.trim()}`);
  const clean = flags.has("--clean");
  if (Number(tables.stdout.trim()) > 0 && !clean) fail(`${name} already has tables. Restore into an empty database, or pass --clean to replace what it holds.`);
  step(`Restoring ${file} into ${name}${clean ? " (replacing what it holds)" : ""}`);
  const args = ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname", url];
  if (clean) args.push("--clean", "--if-exists");
  const restored = run(pgBin("pg_restore"), [...args, file]);
  if (restored.status !== 0) fail(`pg_restore failed: ${restored.stderr.trim()}`);
  step(`Restored ${name} from ${file}`);
} else {
  fail("Usage: node scripts/backup.mjs backup [file] | restore <file> [--clean]");
}
