import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = PostgresJsDatabase<typeof schema>;
export type SqlClient = postgres.Sql;

export interface DatabaseHandle {
  db: Database;
  sql: SqlClient;
  close: () => Promise<void>;
}

/** One pool per process: drizzle for typed queries, the raw client for PostGIS SQL and COPY. */
export function connect(url: string, options: { max?: number } = {}): DatabaseHandle {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => undefined,
    connection: { application_name: "pawroute" },
  });
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
