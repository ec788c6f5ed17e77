// Applies the checked-in migrations (idempotent: applied ones are skipped). `--create` creates the
// database first when it does not exist (for a test database on an existing server).
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { connect } from "./client";
import { databaseUrlFromEnv, exitWithMessage } from "./env";

const url = databaseUrlFromEnv();

async function createIfMissing(target: string) {
  const admin = new URL(target);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = "/postgres";
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (rows.length === 0) await sql.unsafe(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await sql.end();
  }
}

try {
  if (process.argv.includes("--create")) await createIfMissing(url);
  const handle = connect(url, { max: 1 });
  try {
    await migrate(handle.db, { migrationsFolder: "migrations" });
  } finally {
    await handle.close();
  }
} catch (error) {
  exitWithMessage(`Migrations failed on ${new URL(url).pathname.slice(1)}: ${error instanceof Error ? error.message : String(error)}`);
}
