// npm run db:backup / db:restore round trip: the test database is dumped (pg_dump custom format),
// restored into a new empty database, and every table compared by row count and content checksum. One dump
// serves both tests (decision 0352): the refusal reads only the target database.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";

const SOURCE = process.env.DATABASE_URL ?? "";
/** Named after the test database, so runs on other test databases of a shared server never drop each other's. */
const RESTORE_DATABASE = `${decodeURIComponent(new URL(SOURCE).pathname.slice(1)).slice(0, 40)}_restore_check`;
const restoreUrl = (() => {
  const url = new URL(SOURCE);
  url.pathname = `/${RESTORE_DATABASE}`;
  return url.toString();
})();
const adminUrl = (() => {
  const url = new URL(SOURCE);
  url.pathname = "/postgres";
  return url.toString();
})();
const folder = mkdtempSync(path.join(os.tmpdir(), "pawroute-backup-"));

let dumped: string | undefined;
/** The test database dumped by `backup` once for this file. */
function dump(): string {
  dumped ??= (() => {
    const file = path.join(folder, "test-database.dump");
    script(["backup", file], SOURCE);
    return file;
  })();
  return dumped;
}

function script(args: string[], databaseUrl: string): string {
  return execFileSync(process.execPath, ["scripts/backup.mjs", ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Every table's row count and an md5 over its rows in a stable order. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const tables = await sql<{ schema: string; name: string }[]>`
      SELECT schemaname AS schema, tablename AS name FROM pg_tables
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'topology', 'tiger') ORDER BY 1, 2`;
    const result: Record<string, string> = {};
    for (const { schema, name } of tables) {
      const quoted = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
      const [row] = await sql.unsafe<{ rows: number; checksum: string | null }[]>(
        `SELECT count(*)::int AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS checksum FROM ${quoted} t`,
      );
      result[`${schema}.${name}`] = `${row.rows} rows, ${row.checksum ?? "empty"}`;
    }
    return result;
  } finally {
    await sql.end();
  }
}

async function recreateEmpty() {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${RESTORE_DATABASE}" WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE "${RESTORE_DATABASE}"`);
  } finally {
    await admin.end();
  }
}

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${RESTORE_DATABASE}" WITH (FORCE)`);
  await admin.end();
});

describe("database backup and restore", () => {
  it("restores a backup into an empty database with the same rows in every table", async () => {
    const file = dump();
    await recreateEmpty();
    script(["restore", file], restoreUrl);

    const [before, after] = await Promise.all([fingerprint(SOURCE), fingerprint(restoreUrl)]);
    expect(Object.keys(before).length).toBeGreaterThan(10);
    expect(before["public.listings"]).toMatch(/^[1-9]\d* rows/);
    expect(after).toEqual(before);
  });

  it("refuses to restore over a database that has tables, unless told to replace them", async () => {
    expect(() => script(["restore", dump()], SOURCE)).toThrow(/already has tables/);
  });
});
