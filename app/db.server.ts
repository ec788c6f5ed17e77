import { is } from "drizzle-orm";
import { PostgresJsSession } from "drizzle-orm/postgres-js";
import { connect, type Database, type DatabaseHandle, type Pool, type SqlClient } from "../db/client";
import { keepPlacesFound } from "../geo/geocode";
import { keepReferenceTiles } from "../geo/tiles";
import { getEnv } from "./env.server";

// One pool per process, kept on globalThis so that Vite's hot reloads reuse it and the server
// entry (server.ts) can close it on shutdown. Its connections are named after the process
// (POOL_APPLICATION_NAME) so /metrics can count them in pg_stat_activity.
const KEY = Symbol.for("pawroute.database");
/** This process's connections as PostgreSQL lists them (pg_stat_activity.application_name). */
export const POOL_APPLICATION_NAME = `pawroute:${process.pid}`;
type Holder = { [KEY]?: DatabaseHandle };

export function database(): DatabaseHandle {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const env = getEnv();
    holder[KEY] = connect(env.DATABASE_URL, { max: env.DB_POOL_SIZE, applicationName: POOL_APPLICATION_NAME });
    keepPlacesFound(holder[KEY].sql, { seconds: env.PLACE_CACHE_SECONDS });
    keepReferenceTiles(holder[KEY].sql, { seconds: env.TILE_CACHE_SECONDS });
  }
  return holder[KEY];
}

export function db() {
  return database().db;
}

export function sql() {
  return database().sql;
}

/** A drizzle transaction on the app's pool (`db().transaction(async (tx) => …)`). */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The postgres.js transaction a drizzle transaction runs on (drizzle's postgres-js driver opens it with
 * the pool's `begin`), for geo/ functions, which take a postgres.js client: what they send runs inside
 * the same transaction (docs/decisions/0318).
 */
export function sqlClientOf(tx: Transaction): SqlClient {
  const session = tx._.session;
  if (!is(session, PostgresJsSession)) throw new Error("sqlClientOf: not a drizzle postgres-js transaction");
  return session.client;
}

/**
 * A drizzle query built once per pool and sent as a named prepared statement (`.prepare(name)` with
 * `sql.placeholder`s), for the statements nearly every request runs: the builder's CPU is spent once, not
 * on every call (docs/decisions/0318). Rebuilt when the pool is (tests close and reopen it).
 */
export function preparedOnce<T>(build: (database: Database) => T): () => T {
  let made: { database: Database; query: T } | undefined;
  return () => {
    const current = db();
    if (made?.database !== current) made = { database: current, query: build(current) };
    return made.query;
  };
}

const REPLICA_KEY = Symbol.for("pawroute.database.replica");
type ReplicaHolder = { [REPLICA_KEY]?: DatabaseHandle };

/** The read replica's pool (DATABASE_REPLICA_URL), or null when none is configured. */
export function replicaSql(): Pool | null {
  const env = getEnv();
  if (!env.DATABASE_REPLICA_URL) return null;
  const holder = globalThis as ReplicaHolder;
  if (!holder[REPLICA_KEY]) {
    holder[REPLICA_KEY] = connect(env.DATABASE_REPLICA_URL, { max: env.DB_POOL_SIZE });
    keepPlacesFound(holder[REPLICA_KEY].sql, { seconds: env.PLACE_CACHE_SECONDS });
    keepReferenceTiles(holder[REPLICA_KEY].sql, { seconds: env.TILE_CACHE_SECONDS });
  }
  return holder[REPLICA_KEY].sql;
}

/** Errors that mean the replica cannot answer now (down, restarting, a query cancelled by replay). */
function replicaUnavailable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? "";
  return /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|CONNECT_TIMEOUT|CONNECTION_CLOSED|CONNECTION_ENDED|CONNECTION_DESTROYED|57P0[1-3]|40001|08\w{3})$/.test(code);
}

/**
 * Runs a read on the replica when there is one, else on the primary; a replica that cannot
 * answer (down, or a query cancelled by WAL replay) falls back to the primary. For search reads
 * only: what a visitor just wrote is read from the primary (sql()), never from here.
 */
export async function onReplica<T>(read: (pool: Pool) => Promise<T>): Promise<T> {
  const replica = replicaSql();
  if (!replica) return read(sql());
  try {
    return await read(replica);
  } catch (error) {
    if (replicaUnavailable(error)) return read(sql());
    throw error;
  }
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder & ReplicaHolder;
  const handles = [holder[KEY], holder[REPLICA_KEY]];
  holder[KEY] = undefined;
  holder[REPLICA_KEY] = undefined;
  await Promise.all(handles.map((handle) => handle?.close()));
}
