// `npm test` (scripts/test.mjs): the end-to-end tests' own database, a copy of the freshly migrated and
// seeded test database (CREATE DATABASE … TEMPLATE: a file copy, a second or two), so they can run while
// vitest uses the test database (decision 0317): vitest's integration tests rename tables, truncate and
// count rows, which the app server under Playwright must not see. Both job-queue schemas are installed
// before any server starts: creating one later announces a graphile-worker migration on which every
// worker on the database shuts down (tests/e2e/operations.js-only.spec.ts).
//
// Usage: DATABASE_URL=<test database> tsx tests/support/e2e-database.ts <name of the copy>
// Exits 1 with one line when the copy cannot be made (e.g. someone is connected to the test database);
// `npm test` then runs the end-to-end tests after vitest on the test database itself.
import { Logger, runMigrations } from "graphile-worker";
import postgres from "postgres";

const source = new URL(process.env.DATABASE_URL ?? "");
const target = process.argv[2];
if (!source.pathname || !target || !/^[a-z_][a-z0-9_]{0,62}$/.test(target)) {
  console.error("usage: DATABASE_URL=<test database> tsx tests/support/e2e-database.ts <lower-case name>");
  process.exit(2);
}
const sourceName = decodeURIComponent(source.pathname.slice(1));
const admin = new URL(source);
admin.pathname = "/postgres";
const copy = new URL(source);
copy.pathname = `/${target}`;

const quiet = new Logger(() => () => undefined);
const sql = postgres(admin.toString(), { max: 1, onnotice: () => undefined });
try {
  await sql.unsafe(`DROP DATABASE IF EXISTS "${target}" WITH (FORCE)`);
  await sql.unsafe(`CREATE DATABASE "${target}" TEMPLATE "${sourceName.replaceAll('"', '""')}"`);
  for (const schema of ["graphile_worker", "graphile_worker_e2e"]) await runMigrations({ connectionString: copy.toString(), schema, logger: quiet });
} catch (error) {
  console.error(`Could not copy ${sourceName} to ${target}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await sql.end();
}
