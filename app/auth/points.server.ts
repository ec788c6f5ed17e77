// The Treat Points ledger. Members whose email is not verified collect points as pending; verifying
// the address awards them (public-directory.md §4 and §6).
import { and, desc, eq, sql as rawSql } from "drizzle-orm";
import { pointsEntries, users } from "../../db/schema";
import type { Database } from "../../db/client";
import { db } from "../db.server";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface AwardResult {
  status: "awarded" | "pending";
  /** The member's awarded total after this entry. */
  total: number;
}

/** Records Treat Points for a member: awarded at once when their email is verified, else pending. */
export async function awardPoints(userId: number, points: number, reason: string): Promise<AwardResult> {
  if (!Number.isInteger(points) || points < 1) throw new RangeError("Treat Points are awarded in whole numbers of at least 1");
  const trimmed = reason.trim();
  if (!trimmed) throw new RangeError("Treat Points need a reason");
  return db().transaction(async (tx) => {
    const [user] = await tx.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new RangeError(`No member ${userId}`);
    const status = user.verified ? "awarded" : "pending";
    await tx.insert(pointsEntries).values({ userId, points, reason: trimmed, status, awardedAt: user.verified ? rawSql`now()` : null });
    const [after] = await tx
      .update(users)
      .set({ points: user.verified ? rawSql`${users.points} + ${points}` : users.points })
      .where(eq(users.id, userId))
      .returning({ total: users.points });
    return { status, total: after.total };
  });
}

/** Marks the email verified and awards every pending entry, in the caller's transaction. */
export async function verifyEmailAndAwardPending(tx: Transaction, userId: number): Promise<number> {
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

export interface PointsSummary {
  awarded: number;
  pending: number;
  entries: { id: number; date: Date; reason: string; points: number; status: "awarded" | "pending" }[];
}

export async function pointsSummary(userId: number, limit = 10): Promise<PointsSummary> {
  const [user] = await db().select({ points: users.points }).from(users).where(eq(users.id, userId));
  const [pending] = await db()
    .select({ sum: rawSql<number>`coalesce(sum(${pointsEntries.points}), 0)::int` })
    .from(pointsEntries)
    .where(and(eq(pointsEntries.userId, userId), eq(pointsEntries.status, "pending")));
  const entries = await db()
    .select({ id: pointsEntries.id, date: pointsEntries.createdAt, reason: pointsEntries.reason, points: pointsEntries.points, status: pointsEntries.status })
    .from(pointsEntries)
    .where(eq(pointsEntries.userId, userId))
    .orderBy(desc(pointsEntries.createdAt), desc(pointsEntries.id))
    .limit(limit);
  return { awarded: user?.points ?? 0, pending: pending?.sum ?? 0, entries };
}
