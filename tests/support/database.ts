import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { connect, type DatabaseHandle } from "../../db/client";

/** The test database that `npm test` migrated and seeded with the demo data. */
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the tests with `npm test`");
  return url;
}

export function connectTestDatabase(): DatabaseHandle {
  return connect(testDatabaseUrl(), { max: 4 });
}

/**
 * A client of the test database that hands each statement's text to `sent` as it is sent (postgres.js's
 * `debug` hook): to count a code path's round trips, or see their order. The caller ends it.
 */
export function watchedClient(sent: (query: string) => void, max = 2): postgres.Sql {
  return postgres(testDatabaseUrl(), { max, onnotice: () => undefined, debug: (_connection, query) => sent(query) });
}

/**
 * A new, empty database on the same server, for tests that must start from nothing. Its name begins with the
 * test database's (`pawroute_test_seed_…` for the prefix `pawroute_seed`), so runs on other test databases of a
 * shared server never pick the same name, and a scratch database left behind says whose it was.
 */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(testDatabaseUrl());
  const owner = decodeURIComponent(base.pathname.slice(1)).slice(0, 30);
  // PostgreSQL cuts names at 63 bytes: the owner, the test's own word, the process and the time in base 36 fit.
  const name = `${owner}_${prefix.replace(/^pawroute_/, "")}_${process.pid}_${Date.now().toString(36)}`.slice(0, 63);
  const adminUrl = new URL(base);
  adminUrl.pathname = "/postgres";
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await migrate(handle.db, { migrationsFolder: "migrations" });
}

/**
 * The tables' indexes and constraints as PostgreSQL describes them, validated or not, in one sorted list:
 * a bulk load that drops them for speed must leave this list as the migrations made it.
 */
export async function indexesAndConstraints(handle: DatabaseHandle, tables: readonly string[]): Promise<string[]> {
  const rows = await handle.sql<{ line: string }[]>`
    SELECT tablename || ' ' || indexdef AS line FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY(${tables}::text[])
    UNION ALL
    SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) || CASE WHEN convalidated THEN '' ELSE ' NOT VALID' END
    FROM pg_constraint WHERE conrelid::regclass::text = ANY(${tables}::text[])
    ORDER BY 1`;
  return rows.map((row) => row.line);
}

/**
 * A postgres.js client that counts the statements sent through it as tagged templates (the pool's own
 * work goes on). A template is counted when it is sent (awaited), so fragments written into another
 * statement are not counted as statements of their own.
 */
export function countedStatements<Sql extends postgres.Sql>(pool: Sql): { client: Sql; statements: () => number } {
  let statements = 0;
  const client = ((strings: TemplateStringsArray, ...values: unknown[]) => {
    const query = (pool as unknown as (s: TemplateStringsArray, ...v: unknown[]) => PromiseLike<unknown>)(strings, ...values);
    const send = query.then.bind(query);
    let sent = false;
    Object.defineProperty(query, "then", {
      value: (...args: Parameters<typeof send>) => {
        if (!sent) statements++;
        sent = true;
        return send(...args);
      },
    });
    return query;
  }) as unknown as Sql;
  return { client, statements: () => statements };
}
