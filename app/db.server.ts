import { connect, type DatabaseHandle } from "../db/client";
import { getEnv } from "./env.server";

// One pool per process, kept on globalThis so that Vite's hot reloads reuse it and the server
// entry (server.ts) can close it on shutdown.
const KEY = Symbol.for("pawroute.database");
type Holder = { [KEY]?: DatabaseHandle };

export function database(): DatabaseHandle {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const env = getEnv();
    holder[KEY] = connect(env.DATABASE_URL, { max: env.DB_POOL_SIZE });
  }
  return holder[KEY];
}

export function db() {
  return database().db;
}

export function sql() {
  return database().sql;
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const handle = holder[KEY];
  holder[KEY] = undefined;
  if (handle) await handle.close();
}
