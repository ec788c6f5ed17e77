import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, db, sql } from "../../app/db.server";
import { checklistFor, markSocialMediaSubscribed } from "../../app/members/checklist.server";
import { creditReferralIn, readReferralToken, recordReferralJoin, referFriend, referralToken, REFERRALS_PER_DAY } from "../../app/members/referral.server";
import { updateProfile } from "../../app/members/profile.server";
import type { SessionUser } from "../../app/auth/guards.server";
import { creditPoints } from "../../app/points/ledger.server";
import { leaderboard } from "../../app/points/leaderboard.server";
import { AppError } from "../../core/errors";

// The member area's services against the real database: the checklist's events, bio and referral points
// credited once, referral refusals and the daily limit, and the leaderboard's order and index.
const created: number[] = [];
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function member(options: { verified?: boolean; username?: string | null } = {}): Promise<SessionUser> {
  const email = `members-${tag}-${created.length}@test.pawroute`;
  const username = options.username === undefined ? `m${tag}${created.length}`.slice(0, 15) : options.username;
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, email_verified, username) VALUES (${email}, ${options.verified ?? true}, ${username}) RETURNING id`;
  created.push(row.id);
  const user: SessionUser = { id: row.id, email, username, emailVerified: options.verified ?? true, isAdmin: false } as SessionUser;
  return user;
}

async function points(userId: number): Promise<number> {
  const [row] = await sql()<{ points: number }[]>`SELECT points FROM users WHERE id = ${userId}`;
  return row.points;
}

afterAll(async () => {
  if (created.length) await sql()`DELETE FROM users WHERE id = ANY(${created}::int[])`;
  await closeDatabase();
});

describe("the member area", () => {
  it("the checklist reads its items from real events, and social media is recorded once", async () => {
    const user = await member({ verified: false, username: null });
    let checklist = await checklistFor(user.id);
    expect(checklist.doneCount).toBe(0);
    expect(await markSocialMediaSubscribed(user.id)).toBe(true);
    expect(await markSocialMediaSubscribed(user.id)).toBe(false);
    checklist = await checklistFor(user.id);
    expect(checklist.items.filter((item) => item.done).map((item) => item.id)).toEqual(["social-media"]);
  });

  it("the subscribe item is done only while the member has a current, unexpired subscription", async () => {
    const user = await member();
    const done = async () => (await checklistFor(user.id)).items.find((item) => item.id === "subscribe")?.done;
    expect(await done()).toBe(false);
    const [row] = await sql()<{ id: number }[]>`INSERT INTO subscriptions (user_id, plan, expires_at) VALUES (${user.id}, 'monthly', now() + interval '1 month') RETURNING id`;
    expect(await done()).toBe(true);
    await sql()`UPDATE subscriptions SET expires_at = now() - interval '1 minute' WHERE id = ${row.id}`;
    expect(await done()).toBe(false);
    await sql()`UPDATE subscriptions SET expires_at = now() + interval '1 month', ended_at = now() WHERE id = ${row.id}`;
    expect(await done()).toBe(false);
  });

  it("the first bio earns BIO_POINTS once, however often the profile is saved", async () => {
    const user = await member();
    await Promise.all([1, 2, 3].map((n) => updateProfile(user, { bio: `Bio ${n}`, twitterUsername: "" })));
    await updateProfile(user, { bio: "Another", twitterUsername: "dogs" });
    expect(await points(user.id)).toBe(5);
    const entries = await sql()`SELECT 1 FROM points_entries WHERE user_id = ${user.id} AND source_kind = 'bio'`;
    expect(entries).toHaveLength(1);
  });

  it("referral tokens are signed: a changed id or signature reads as nothing", () => {
    const token = referralToken(42);
    expect(readReferralToken(token)).toBe(42);
    expect(readReferralToken(token.replace(/^42/, "43"))).toBeNull();
    expect(readReferralToken(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(readReferralToken("1\u0000.x")).toBeNull();
  });

  it("a referral is refused for oneself, a member and a repeat; the daily limit holds under parallel requests", async () => {
    const referrer = await member();
    const other = await member();
    await expect(referFriend(referrer, { email: referrer.email.toUpperCase(), message: "" })).rejects.toBeInstanceOf(AppError);
    await expect(referFriend(referrer, { email: other.email, message: "" })).rejects.toMatchObject({ status: 409 });
    const results = await Promise.allSettled(Array.from({ length: REFERRALS_PER_DAY + 5 }, (_, n) => referFriend(referrer, { email: `friend-${tag}-${n}@test.pawroute`, message: "" })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(REFERRALS_PER_DAY);
    await expect(referFriend(referrer, { email: `friend-${tag}-0@test.pawroute`, message: "" })).rejects.toMatchObject({ status: 409 });
    await sql()`DELETE FROM referrals WHERE referrer_id = ${referrer.id}`;
  });

  it("a friend who joins with the invited address and verifies credits the referrer once", async () => {
    const referrer = await member();
    const email = `invited-${tag}@test.pawroute`;
    await referFriend(referrer, { email, message: "Hello" });
    const [referral] = await sql()<{ id: number }[]>`SELECT id FROM referrals WHERE referrer_id = ${referrer.id}`;
    const [friend] = await sql()<{ id: number }[]>`INSERT INTO users (email) VALUES (${email.toUpperCase()}) RETURNING id`;
    created.push(friend.id);
    await recordReferralJoin(referralToken(referral.id), email);
    await Promise.all([1, 2].map(() => db().transaction((tx) => creditReferralIn(tx, friend.id))));
    await db().transaction((tx) => creditReferralIn(tx, friend.id));
    expect(await points(referrer.id)).toBe(50);
  });

  it("the leaderboard ranks by the period's awarded points, ties share a rank, and the viewer's row is always there", async () => {
    const base = Math.floor(Date.now() / 1000) - 1_700_000_000 + 1_000;
    const [a, b, c] = [await member(), await member(), await member()];
    await creditPoints({ userId: a.id, points: Math.min(base + 5, 1_000_000), reason: "t", source: { kind: "award", id: `lb-${tag}-a` } });
    await creditPoints({ userId: b.id, points: Math.min(base + 5, 1_000_000), reason: "t", source: { kind: "award", id: `lb-${tag}-b` } });
    await creditPoints({ userId: c.id, points: 1, reason: "t", source: { kind: "award", id: `lb-${tag}-c` } });
    const rows = await leaderboard("month", c.id, 10_000);
    const ranks = new Map(rows.map((row) => [row.username, row]));
    expect(ranks.get(a.username ?? "")?.rank).toBe(ranks.get(b.username ?? "")?.rank);
    const small = await leaderboard("all", c.id, 1);
    expect(small.some((row) => row.isMe && row.username === c.username)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain("@");
  });

  it("the month's board reads the covering partial index", async () => {
    await sql()`ANALYZE points_entries`;
    // The test database is small, so the planner would scan it whole or walk the per-member index to
    // skip a sort; forbidding both (the DROP is rolled back) shows the leaderboard index serves the query.
    const rollback = new Error("rolled back");
    let plan: { "QUERY PLAN": string }[] = [];
    await sql()
      .begin(async (tx) => {
        await tx`SET LOCAL enable_seqscan = off`;
        await tx`DROP INDEX points_entries_user`;
        plan = await tx<{ "QUERY PLAN": string }[]>`
          EXPLAIN SELECT user_id, sum(points) FROM points_entries WHERE status = 'awarded' AND awarded_at >= date_trunc('month', now()) GROUP BY user_id`;
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("points_entries_awarded_leaderboard");
  });
});
