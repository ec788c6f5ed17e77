import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, db, sql } from "../../app/db.server";
import { balanceDrift, creditPoints, pointsSummary, verifyEmailAndAwardPending } from "../../app/points/ledger.server";

// The Treat Points ledger: points_entries is the truth, the balance moves only with an entry, a source
// is credited once, and concurrent credits lose nothing.
const created: number[] = [];

async function member(verified = true): Promise<number> {
  const email = `ledger-${Date.now()}-${Math.random().toString(36).slice(2)}@test.pawroute`;
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, email_verified) VALUES (${email}, ${verified}) RETURNING id`;
  created.push(row.id);
  return row.id;
}

async function balance(userId: number): Promise<{ points: number; sum: number; entries: number }> {
  const [row] = await sql()<{ points: number; sum: number; entries: number }[]>`
    SELECT u.points, coalesce((SELECT sum(points) FROM points_entries WHERE user_id = u.id AND status = 'awarded'), 0)::int AS sum,
           (SELECT count(*) FROM points_entries WHERE user_id = u.id)::int AS entries
    FROM users u WHERE u.id = ${userId}`;
  return row;
}

afterAll(async () => {
  if (created.length) await sql()`DELETE FROM users WHERE id = ANY(${created}::int[])`;
  await closeDatabase();
});

describe("the Treat Points ledger", () => {
  it("50 parallel awards to one member: the balance equals the sum of the entries and rises by exactly the total", async () => {
    const userId = await member();
    await creditPoints({ userId, points: 7, reason: "Start", source: { kind: "welcome", id: `ledger-start-${userId}` } });
    const before = await balance(userId);
    const amounts = Array.from({ length: 50 }, (_, index) => 1 + (index % 9));
    const results = await Promise.all(
      amounts.map((points, index) => creditPoints({ userId, points, reason: `Parallel award ${index}`, source: { kind: "award", id: `ledger-${userId}-${index}` }, awardedBy: null })),
    );
    expect(results.every((result) => result.status === "awarded")).toBe(true);
    const after = await balance(userId);
    const total = amounts.reduce((sum, points) => sum + points, 0);
    expect(after.points - before.points).toBe(total);
    expect(after.points).toBe(after.sum);
    expect(after.entries).toBe(before.entries + 50);
    expect(await balanceDrift(userId)).toBe(0);
  });

  it("a repeated award request (same source id) counts once, even when the repeats race", async () => {
    const userId = await member();
    const award = () => creditPoints({ userId, points: 40, reason: "Great photos", source: { kind: "award", id: `repeat-${userId}` }, awardedBy: null });
    const results = await Promise.all([award(), award(), award(), award(), award()]);
    expect(results.filter((result) => result.status === "awarded")).toHaveLength(1);
    expect(results.filter((result) => result.status === "duplicate")).toHaveLength(4);
    expect(await award()).toMatchObject({ status: "duplicate", total: 40 });
    expect(await balance(userId)).toEqual({ points: 40, sum: 40, entries: 1 });
  });

  it("keeps an unverified member's points pending, outside the balance, until they verify", async () => {
    const userId = await member(false);
    expect(await creditPoints({ userId, points: 25, reason: "For a listing that was accepted", source: { kind: "listing", id: `pending-${userId}` } })).toMatchObject({ status: "pending", total: 0 });
    expect(await balance(userId)).toMatchObject({ points: 0, sum: 0, entries: 1 });
    expect(await db().transaction((tx) => verifyEmailAndAwardPending(tx, userId))).toBe(25);
    expect(await balance(userId)).toMatchObject({ points: 25, sum: 25 });
  });

  it("records who awarded an entry and its source, and shows them in the history", async () => {
    const userId = await member();
    const adminId = await member();
    await sql()`UPDATE users SET is_admin = true, username = ${`ledger${adminId}`} WHERE id = ${adminId}`;
    await creditPoints({ userId, points: 3, reason: "Helpful answer", source: { kind: "award", id: `who-${userId}` }, awardedBy: adminId });
    const summary = await pointsSummary(userId);
    expect(summary.entries[0]).toMatchObject({ points: 3, reason: "Helpful answer", sourceKind: "award", sourceId: `who-${userId}`, awardedBy: `ledger${adminId}` });
  });

  it("refuses nonsense and leaves the balance alone", async () => {
    const userId = await member();
    for (const points of [0, -5, 1.5, Number.NaN, 10_000_000]) {
      await expect(creditPoints({ userId, points, reason: "x", source: { kind: "award" } })).rejects.toMatchObject({ status: 400 });
    }
    await expect(creditPoints({ userId, points: 1, reason: "   ", source: { kind: "award" } })).rejects.toMatchObject({ status: 400 });
    await expect(creditPoints({ userId: 2_000_000_000, points: 1, reason: "Nobody", source: { kind: "award" } })).rejects.toMatchObject({ status: 404 });
    expect(await balance(userId)).toEqual({ points: 0, sum: 0, entries: 0 });
  });
});
