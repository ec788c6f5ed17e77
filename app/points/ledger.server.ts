// The Treat Points ledger (docs/decisions/0050-points-ledger.md). points_entries is the single source of
// truth: a member's stored balance (users.points) is the sum of their awarded entries, and it changes only
// in the transaction that writes or awards an entry. Every credit names its source (a listing, a review,
// an administrator's award …) and, where it has one, a source id: one entry per (kind, id), so a repeated
// award (a retried request, a second acceptance) counts once. Members whose email is not verified collect
// points as pending; verifying the address awards them (public-directory.md §4 and §6).
import { and, desc, eq, sql as rawSql } from "drizzle-orm";
import { pointsEntries, users, type PointsSourceKind } from "../../db/schema";
import type { Database } from "../../db/client";
import { db } from "../db.server";
import { AppError } from "../../core/errors";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Transaction;

/** Largest single credit: keeps a mistyped award from overflowing the integer balance. */
export const MAX_POINTS_PER_ENTRY = 1_000_000;

export interface Credit {
  userId: number;
  points: number;
  reason: string;
  source: { kind: PointsSourceKind; id?: string | number | null };
  /** The administrator who awarded it; null for points the site gives by itself. */
  awardedBy?: number | null;
}

export interface CreditResult {
  /** "duplicate": an entry for this source already exists; nothing changed. */
  status: "awarded" | "pending" | "duplicate";
  /** The member's awarded balance after this call. */
  total: number;
  entryId: number | null;
}

function checkCredit(credit: Credit): { reason: string; sourceId: string | null } {
  if (!Number.isInteger(credit.points) || credit.points < 1 || credit.points > MAX_POINTS_PER_ENTRY) {
    throw new AppError(400, "Treat Points are awarded in whole numbers of at least 1", { fieldErrors: { points: "Please enter a whole number of at least 1." } });
  }
  const reason = credit.reason.trim();
  if (!reason) throw new AppError(400, "Treat Points need a reason", { fieldErrors: { message: "Please enter a reason for the award." } });
  if (reason.length > 500) throw new AppError(400, "The reason is too long (500 characters at most).", { fieldErrors: { message: "The reason is too long (500 characters at most)." } });
  const sourceId = credit.source.id === undefined || credit.source.id === null ? null : String(credit.source.id);
  if (sourceId !== null && (sourceId.length === 0 || sourceId.length > 200)) throw new AppError(400, "The points' source id is not valid.");
  return { reason, sourceId };
}

/**
 * Credits Treat Points inside the caller's transaction: locks the member's row (so concurrent credits
 * queue rather than overwrite), writes the entry unless its source already has one, and moves the balance
 * by exactly the entry's points when the member's email is verified.
 */
export async function creditPointsIn(tx: Transaction, credit: Credit): Promise<CreditResult> {
  const { reason, sourceId } = checkCredit(credit);
  const [user] = await tx.select({ verified: users.emailVerified, points: users.points }).from(users).where(eq(users.id, credit.userId)).for("update");
  if (!user) throw new AppError(404, "Sorry, we couldn't find that member.");
  const status = user.verified ? "awarded" : "pending";
  const [entry] = await tx
    .insert(pointsEntries)
    .values({
      userId: credit.userId,
      points: credit.points,
      reason,
      status,
      awardedAt: user.verified ? rawSql`now()` : null,
      awardedBy: credit.awardedBy ?? null,
      sourceKind: credit.source.kind,
      sourceId,
    })
    .onConflictDoNothing({ target: [pointsEntries.sourceKind, pointsEntries.sourceId], where: rawSql`${pointsEntries.sourceId} IS NOT NULL` })
    .returning({ id: pointsEntries.id });
  if (!entry) return { status: "duplicate", total: user.points, entryId: null };
  if (!user.verified) return { status, total: user.points, entryId: entry.id };
  const [after] = await tx
    .update(users)
    .set({ points: rawSql`${users.points} + ${credit.points}` })
    .where(eq(users.id, credit.userId))
    .returning({ total: users.points });
  return { status, total: after.total, entryId: entry.id };
}

/** Credits Treat Points in a transaction of its own. */
export function creditPoints(credit: Credit): Promise<CreditResult> {
  return db().transaction((tx) => creditPointsIn(tx, credit));
}

/** Marks the email verified and awards every pending entry, in the caller's transaction. */
export async function verifyEmailAndAwardPending(tx: Transaction, userId: number): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const awarded = await tx
    .update(pointsEntries)
    .set({ status: "awarded", awardedAt: rawSql`now()` })
    .where(and(eq(pointsEntries.userId, userId), eq(pointsEntries.status, "pending")))
    .returning({ points: pointsEntries.points });
  const sum = awarded.reduce((total, entry) => total + entry.points, 0);
  await tx
    .update(users)
    .set({ emailVerified: true, points: rawSql`${users.points} + ${sum}` })
    .where(eq(users.id, userId));
  return sum;
}

export interface PointsEntryView {
  id: number;
  date: Date;
  reason: string;
  points: number;
  status: "awarded" | "pending";
  sourceKind: PointsSourceKind;
  sourceId: string | null;
  awardedBy: string | null;
}

export interface PointsSummary {
  awarded: number;
  pending: number;
  entries: PointsEntryView[];
}

export async function pointsSummary(userId: number, limit = 10, executor: Executor = db()): Promise<PointsSummary> {
  const [user] = await executor.select({ points: users.points }).from(users).where(eq(users.id, userId));
  const [pending] = await executor
    .select({ sum: rawSql<number>`coalesce(sum(${pointsEntries.points}), 0)::int` })
    .from(pointsEntries)
    .where(and(eq(pointsEntries.userId, userId), eq(pointsEntries.status, "pending")));
  const entries = await executor
    .select({
      id: pointsEntries.id,
      date: pointsEntries.createdAt,
      reason: pointsEntries.reason,
      points: pointsEntries.points,
      status: pointsEntries.status,
      sourceKind: pointsEntries.sourceKind,
      sourceId: pointsEntries.sourceId,
      awardedBy: rawSql<string | null>`(SELECT coalesce(a.username, a.email) FROM users a WHERE a.id = ${pointsEntries.awardedBy})`,
    })
    .from(pointsEntries)
    .where(eq(pointsEntries.userId, userId))
    .orderBy(desc(pointsEntries.createdAt), desc(pointsEntries.id))
    .limit(limit);
  return { awarded: user?.points ?? 0, pending: pending?.sum ?? 0, entries };
}

/** The ledger's own check: the stored balance against the sum of awarded entries (0 when they agree). */
export async function balanceDrift(userId: number): Promise<number> {
  const rows = await db().execute<{ drift: number }>(rawSql`
    SELECT u.points - coalesce((SELECT sum(points) FROM points_entries WHERE user_id = u.id AND status = 'awarded'), 0)::int AS drift
    FROM users u WHERE u.id = ${userId}`);
  return Number(rows[0]?.drift ?? 0);
}
