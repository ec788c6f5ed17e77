import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { deleteUsers } from "../../app/admin/users.server";
import { acceptReview, createReview, denyReview, deleteReview, restoreReview, visibleReviews } from "../../app/reviews/reviews.server";

// Reviews: moderation statuses, Treat Points once, the approval mail queued once, admins published at once.
const created: number[] = [];
const QUEUE = process.env.JOB_QUEUE_SCHEMA ?? "graphile_worker";
let listingId = 0;
const text = "A lovely loop along the river with plenty of shade, water for the dogs and a friendly café at the end of it.";

async function user(options: { admin?: boolean; verified?: boolean } = {}): Promise<SessionUser> {
  const email = `reviews-${Date.now()}-${Math.random().toString(36).slice(2)}@test.pawroute`;
  const [row] = await sql()<{ id: number }[]>`
    INSERT INTO users (email, username, is_admin, email_verified) VALUES (${email}, ${`rv${Math.random().toString(36).slice(2, 10)}`}, ${options.admin ?? false}, ${options.verified ?? true}) RETURNING id`;
  created.push(row.id);
  return { id: row.id, email, username: null, isAdmin: options.admin ?? false, emailVerified: options.verified ?? true, hasPassword: true, sessionId: "test" };
}

async function approvalMails(email: string): Promise<number> {
  const rows = await sql()<{ count: number }[]>`
    SELECT count(*)::int AS count FROM ${sql()(QUEUE)}._private_jobs j JOIN ${sql()(QUEUE)}._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${email} AND j.payload->>'subject' = 'Your Pawroute review has been approved'`;
  return rows[0]?.count ?? 0;
}

async function points(userId: number): Promise<{ awarded: number; pending: number }> {
  const [row] = await sql()<{ awarded: number; pending: number }[]>`
    SELECT u.points AS awarded, coalesce((SELECT sum(points) FROM points_entries WHERE user_id = u.id AND status = 'pending'), 0)::int AS pending FROM users u WHERE u.id = ${userId}`;
  return row;
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  process.env.REVIEW_POINTS = "10";
  const [listing] = await sql()<{ id: number }[]>`SELECT id FROM listings WHERE status = 2 ORDER BY id LIMIT 1`;
  listingId = listing.id;
});

afterAll(async () => {
  await sql()`DELETE FROM ${sql()(QUEUE)}._private_jobs j USING ${sql()(QUEUE)}._private_tasks t WHERE t.id = j.task_id AND t.identifier = 'send-mail' AND j.payload->>'to' LIKE 'reviews-%@test.pawroute'`;
  await sql()`DELETE FROM admin_audit_log WHERE actor_id = ANY(${created}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${created}::int[])`;
  await closeDatabase();
});

describe("reviews", () => {
  it("keeps a member's review hidden until an administrator accepts it; then awards points and queues one mail", async () => {
    const member = await user();
    const admin = await user({ admin: true });
    const uploader = { user: member, visitorKey: null };
    const { id, published } = await createReview(member, uploader, { id: listingId }, { rating: 4, title: "Great walk", content: text, gallery: [] });
    expect(published).toBe(false);
    expect((await visibleReviews(listingId)).reviews.map((review) => review.id)).not.toContain(id);

    await acceptReview(admin, id);
    const shown = await visibleReviews(listingId);
    expect(shown.reviews.find((review) => review.id === id)).toMatchObject({ rating: 4, title: "Great walk", status: 2 });
    expect(await points(member.id)).toEqual({ awarded: 10, pending: 0 });
    expect(await approvalMails(member.email)).toBe(1);

    // Denied, restored (status 1) and accepted again: still one award and one mail.
    await denyReview(admin, id, "It needs more detail to help other dog owners");
    expect((await visibleReviews(listingId)).reviews.map((review) => review.id)).not.toContain(id);
    await restoreReview(admin, id);
    expect((await visibleReviews(listingId)).reviews.find((review) => review.id === id)?.status).toBe(1);
    await acceptReview(admin, id);
    expect(await points(member.id)).toEqual({ awarded: 10, pending: 0 });
    expect(await approvalMails(member.email)).toBe(1);

    await deleteReview(admin, id);
    expect((await visibleReviews(listingId)).reviews.map((review) => review.id)).not.toContain(id);
  });

  it("keeps a deleted member's review on the listing under 'A former member'", async () => {
    const member = await user();
    const admin = await user({ admin: true });
    const { id } = await createReview(member, { user: member, visitorKey: null }, { id: listingId }, { rating: 3, title: "Before I left", content: text, gallery: [] });
    await acceptReview(admin, id);
    const named = (await visibleReviews(listingId)).reviews.find((review) => review.id === id);
    expect(named?.user.username).not.toBe("A former member");
    await deleteUsers(admin, [member.id]);
    const kept = (await visibleReviews(listingId)).reviews.find((review) => review.id === id);
    expect(kept).toMatchObject({ title: "Before I left", user: { username: "A former member" } });
    await deleteReview(admin, id);
  });

  it("keeps the points pending for a member whose email is not verified", async () => {
    const member = await user({ verified: false });
    const admin = await user({ admin: true });
    const { id } = await createReview(member, { user: member, visitorKey: null }, { id: listingId }, { rating: 5, title: "", content: text, gallery: [] });
    await acceptReview(admin, id);
    expect(await points(member.id)).toEqual({ awarded: 0, pending: 10 });
  });

  it("publishes an administrator's review at once", async () => {
    const admin = await user({ admin: true });
    const { id, published } = await createReview(admin, { user: admin, visitorKey: null }, { id: listingId }, { rating: 3, title: "", content: text, gallery: [] });
    expect(published).toBe(true);
    expect((await visibleReviews(listingId)).reviews.find((review) => review.id === id)?.status).toBe(2);
  });

  it("counts and averages every visible review, not only the page of them it shows", async () => {
    const admin = await user({ admin: true });
    const uploader = { user: admin, visitorKey: null };
    await createReview(admin, uploader, { id: listingId }, { rating: 5, title: "Five", content: text, gallery: [] });
    await createReview(admin, uploader, { id: listingId }, { rating: 2, title: "Two", content: text, gallery: [] });
    const [expected] = await sql()<{ count: number; average: number }[]>`
      SELECT count(*)::int AS count, round(avg(rating), 1)::float8 AS average FROM reviews WHERE listing_id = ${listingId} AND status IN (1, 2)`;
    expect(expected.count).toBeGreaterThanOrEqual(2);
    const shown = await visibleReviews(listingId, 1);
    expect(shown.reviews).toHaveLength(1);
    expect(shown.reviews[0].title).toBe("Two");
    expect(shown.summary).toEqual({ count: expected.count, average: expected.average });
    const [none] = await sql()<{ id: number }[]>`SELECT id FROM listings l WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.listing_id = l.id AND r.status IN (1, 2)) ORDER BY id LIMIT 1`;
    expect(await visibleReviews(none.id)).toEqual({ reviews: [], summary: { count: 0, average: null } });
  });

  it("lets only administrators moderate", async () => {
    const member = await user();
    const { id } = await createReview(member, { user: member, visitorKey: null }, { id: listingId }, { rating: 2, title: "", content: text, gallery: [] });
    await expect(acceptReview(member, id)).rejects.toMatchObject({ status: 403 });
    await expect(denyReview(member, id, "A reason")).rejects.toMatchObject({ status: 403 });
  });

  it("answers a retried submission (same client key) with the first review, also when both arrive at once (decision 0258)", async () => {
    const member = await user();
    const uploader = { user: member, visitorKey: null };
    const key = randomUUID();
    const input = { rating: 4, title: "Sent twice", content: text, gallery: [] };
    const first = await createReview(member, uploader, { id: listingId }, input, key);
    expect(await createReview(member, uploader, { id: listingId }, input, key)).toEqual(first);
    const together = await Promise.all([randomUUID(), randomUUID()].flatMap((k) => [k, k]).map((k) => createReview(member, uploader, { id: listingId }, input, k)));
    expect(together[0]).toEqual(together[1]);
    expect(together[2]).toEqual(together[3]);
    const [{ n }] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM reviews WHERE user_id = ${member.id}`;
    expect(n).toBe(3);
    // Another member's key is their own.
    const other = await user();
    expect((await createReview(other, { user: other, visitorKey: null }, { id: listingId }, input, key)).id).not.toBe(first.id);
  });
});
