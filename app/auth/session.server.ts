// Sessions are rows: the cookie carries a random token, the row is keyed by the token's SHA-256.
import { and, desc, eq, gt, lt, ne, sql as rawSql } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import type { Database } from "../../db/client";
import { db, preparedOnce } from "../db.server";
import type { Client } from "./client.server";
import type { SessionListItem } from "./session-types";
import { hashToken, newToken } from "./tokens.server";

/** A session not used for this long has ended (the cookie lasts as long). */
export const SESSION_IDLE_DAYS = 30;
/** last_used_at is written at most this often, so most page views are a single read. */
const TOUCH_AFTER_SECONDS = 60;

export interface SessionUser {
  id: number;
  email: string;
  username: string | null;
  isAdmin: boolean;
  emailVerified: boolean;
  hasPassword: boolean;
  /** The session row's id (the token's hash), never the token itself. */
  sessionId: string;
}

type Executor = Pick<Database, "insert" | "delete" | "select" | "update">;

/** Starts a new session (a new id at every log-in) and returns the token for the cookie. */
export async function startSession(userId: number, client: Client, executor: Executor = db()): Promise<string> {
  const { token, hash } = newToken();
  await executor.insert(sessions).values({ id: hash, userId, ip: client.ip, userAgent: client.userAgent });
  return token;
}

/** Every page view runs it: built once, a prepared statement on two primary keys (decision 0318). */
const sessionByHash = preparedOnce((database) =>
  database
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      isAdmin: users.isAdmin,
      emailVerified: users.emailVerified,
      hasPassword: rawSql<boolean>`${users.passwordHash} IS NOT NULL`,
      stale: rawSql<boolean>`${sessions.lastUsedAt} < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, rawSql.placeholder("id")), gt(sessions.lastUsedAt, rawSql`now() - make_interval(days => ${SESSION_IDLE_DAYS})`)))
    .prepare("lookup_session"),
);

/**
 * The member behind a session token, or null when the session has ended or never existed. Every page
 * view runs this: one prepared statement on two primary keys (budget: p95 ≤ 2 ms, npm run bench:auth).
 */
export async function lookupSession(token: string): Promise<SessionUser | null> {
  const id = hashToken(token);
  const [row] = await sessionByHash().execute({ id });
  if (!row) return null;
  if (row.stale) await db().update(sessions).set({ lastUsedAt: rawSql`now()` }).where(eq(sessions.id, id));
  const { stale: _stale, ...user } = row;
  return { ...user, sessionId: id };
}


/** A member's live sessions, most recently used first. */
export async function listSessions(userId: number, currentSessionId: string): Promise<SessionListItem[]> {
  const rows = await db()
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), rawSql`${sessions.lastUsedAt} > now() - make_interval(days => ${SESSION_IDLE_DAYS})`))
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt.toISOString(), current: row.id === currentSessionId }));
}

/** Ends one of the member's own sessions; false when it is not theirs or already ended. */
export async function endSession(userId: number, sessionId: string): Promise<boolean> {
  const ended = await db()
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of a member, or every one but `keep`. */
export async function endAllSessions(userId: number, keep?: string, executor: Executor = db()): Promise<void> {
  await executor.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}

/** Removes sessions idle past their lifetime (run by the hourly clean-up job). */
export async function deleteIdleSessions(): Promise<void> {
  await db()
    .delete(sessions)
    .where(lt(sessions.lastUsedAt, rawSql`now() - make_interval(days => ${SESSION_IDLE_DAYS})`));
}
