import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = PostgresJsDatabase<typeof schema>;
/** A client or a transaction: seed and geo functions run on either. */
export type SqlClient = postgres.Sql | postgres.TransactionSql;
/** The pool itself, for what needs transactions or COPY streams. */
export type Pool = postgres.Sql;

export interface DatabaseHandle {
  db: Database;
  sql: Pool;
  close: () => Promise<void>;
}

/** One pool per process: drizzle for typed queries, the raw client for PostGIS SQL and COPY. */
export function connect(url: string, options: { max?: number; applicationName?: string } = {}): DatabaseHandle {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => undefined,
    // Reconnect at once when the database comes back: the default backoff grows with each failed
    // attempt (3^n / 100 s, up to 20 s), which kept the app answering 503 for seconds after a restart.
    backoff: () => 0.1,
    // A connection attempt that hangs fails after 5 s (default 30 s): the request answers 503, not a timeout.
    connect_timeout: 5,
    connection: { application_name: options.applicationName ?? "pawroute" },
  });
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
