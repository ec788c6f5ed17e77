import { sql } from "drizzle-orm";
import { preparedOnce } from "../db.server";

/** A page rendered this long after the content version moved may be kept (render-cache.server.ts). */
export const RENDER_CACHE_SETTLE_MS = 1_000;

/** Each server process keeps at most this much page text: the cache's share of the memory budget (decision 0213). */
export const RENDER_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * The database's content version (migration 0027), from the primary: a replica's copy of a sequence
 * moves only every 32 steps, so it cannot tell a write happened.
 */
export async function contentVersion(): Promise<string> {
  const [row] = await readContentVersion().execute();
  return row.version;
}

// Every page view asks: built and prepared once (decision 0318). Before its first step the sequence
// shows 1 with is_called false: that is version 0.
const readContentVersion = preparedOnce((database) =>
  database
    .select({ version: sql<string>`(CASE WHEN is_called THEN last_value ELSE 0 END)::text` })
    .from(sql`content_version`)
    .prepare("content_version"),
);
