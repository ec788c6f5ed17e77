// Single-use, expiring links (verify email, change email, reset password). Only the SHA-256 of a
// token is stored; using one marks it used in the same statement that checks it.
import { and, eq, gt, isNull, lt, or, sql as rawSql } from "drizzle-orm";
import { accountTokens, type AccountTokenPurpose } from "../../db/schema";
import type { Database } from "../../db/client";
import { db } from "../db.server";
import { hashToken, newToken } from "./tokens.server";

type Executor = Pick<Database, "insert" | "update" | "select">;

export const TOKEN_LIFETIME_HOURS: Record<AccountTokenPurpose, number> = {
  "verify-email": 48,
  "change-email": 24,
  "reset-password": 1,
};

export async function issueToken(executor: Executor, userId: number, purpose: AccountTokenPurpose, email: string): Promise<string> {
  const { token, hash } = newToken();
  await executor.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hash,
    email,
    expiresAt: rawSql`now() + make_interval(hours => ${TOKEN_LIFETIME_HOURS[purpose]})`,
  });
  return token;
}

export type TokenState = "valid" | "expired" | "used" | "unknown";

export interface TokenRow {
  id: number;
  userId: number;
  email: string;
}

/** Where a link stands, for a clear message on the page it opens (does not use it up). */
export async function tokenState(token: string, purposes: AccountTokenPurpose[]): Promise<{ state: TokenState; row?: TokenRow & { purpose: AccountTokenPurpose } }> {
  if (!token || token.length > 200) return { state: "unknown" };
  const [row] = await db()
    .select({
      id: accountTokens.id,
      userId: accountTokens.userId,
      email: accountTokens.email,
      purpose: accountTokens.purpose,
      usedAt: accountTokens.usedAt,
      expired: rawSql<boolean>`${accountTokens.expiresAt} <= now()`,
    })
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, hashToken(token)));
  if (!row || !purposes.includes(row.purpose)) return { state: "unknown" };
  if (row.usedAt) return { state: "used" };
  if (row.expired) return { state: "expired" };
  return { state: "valid", row: { id: row.id, userId: row.userId, email: row.email, purpose: row.purpose } };
}

/** Uses a link up: returns its row when it was valid, else null (already used, expired or unknown). */
export async function consumeToken(executor: Executor, token: string, purpose: AccountTokenPurpose): Promise<TokenRow | null> {
  if (!token || token.length > 200) return null;
  const [row] = await executor
    .update(accountTokens)
    .set({ usedAt: rawSql`now()` })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, rawSql`now()`)))
    .returning({ id: accountTokens.id, userId: accountTokens.userId, email: accountTokens.email });
  return row ?? null;
}

/** Retires a member's other unused links of one kind (after a reset, older reset links stop working). */
export async function retireTokens(executor: Executor, userId: number, purpose: AccountTokenPurpose): Promise<void> {
  await executor
    .update(accountTokens)
    .set({ usedAt: rawSql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** The email change a member has asked for and not yet confirmed, if any. */
export async function pendingEmailChange(userId: number): Promise<string | null> {
  const [row] = await db()
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "change-email"), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, rawSql`now()`)))
    .orderBy(rawSql`${accountTokens.createdAt} DESC`)
    .limit(1);
  return row?.email ?? null;
}

/** Drops links that expired more than a week ago (hourly clean-up job). */
export async function deleteOldTokens(): Promise<void> {
  await db()
    .delete(accountTokens)
    .where(or(lt(accountTokens.expiresAt, rawSql`now() - interval '7 days'`)));
}
