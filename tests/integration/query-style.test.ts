import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDashboard } from "../../app/admin/dashboard.server";
import { defaultVersion, listingDiff, listingVersionsOf, listListings } from "../../app/admin/listings.server";
import { adminPostList } from "../../app/blog/admin.server";
import { feedPosts, sitemapPosts } from "../../app/blog/posts.server";
import { listReviews, reviewDetail, updateReview } from "../../app/admin/reviews.server";
import { changeAddress, changePassword, changeUsername, listUsers, userDetail, USERNAME_TAKEN } from "../../app/admin/users.server";
import type { SessionUser } from "../../app/auth/guards.server";
import { startSession } from "../../app/auth/session.server";
import { closeDatabase, sql } from "../../app/db.server";
import { directoryStats } from "../../app/directory/stats.server";
import { compareRoads } from "../../app/components/RoadBadge";
import { saveListing } from "../../app/listings/save.server";
import { readiness } from "../../app/ops/http.server";
import { testUser, walkForm } from "./listing-helpers";

// Issue 51 (decision 0318): services moved from postgres.js templates to drizzle, checked against what
// the database holds, written here as plain SQL: the same rows, in the same order, with the same locks
// and audit entries.
const users: number[] = [];
const listings: number[] = [];
const run = `qs${Date.now().toString(36)}`;
let admin: SessionUser;
let member: SessionUser;
let other: SessionUser;

async function auditOf(recordType: string, recordId: number) {
  return sql()<{ action: string; before: unknown; after: unknown }[]>`
    SELECT action, before, after FROM admin_audit_log WHERE actor_id = ${admin.id} AND record_type = ${recordType} AND record_id = ${String(recordId)} ORDER BY id`;
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  admin = await testUser(users, { label: `${run}-admin`, admin: true });
  member = await testUser(users, { label: `${run}-member` });
  other = await testUser(users, { label: `${run}-other`, verified: false });
});

afterAll(async () => {
  await sql()`DELETE FROM listings WHERE id = ANY(${listings}::int[])`;
  await sql()`DELETE FROM admin_audit_log WHERE actor_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
});

describe("members in the back office", () => {
  it("lists by filter and search, newest first, and counts the matches", async () => {
    const found = await listUsers("active", new URLSearchParams({ q: run }));
    expect(found.users.map((row) => row.id)).toEqual([other.id, member.id, admin.id]);
    expect(found.pagination.total).toBe(3);
    expect((await listUsers("unverified", new URLSearchParams({ q: run }))).users.map((row) => row.id)).toEqual([other.id]);
    expect((await listUsers("admins", new URLSearchParams({ q: run }))).users.map((row) => row.id)).toEqual([admin.id]);
    // LIKE's wildcards are searched for as characters.
    expect((await listUsers("active", new URLSearchParams({ q: `${run}%` }))).pagination.total).toBe(0);
    const [first] = (await listUsers("active", new URLSearchParams({ q: `${run}-other` }))).users;
    expect(first).toMatchObject({ id: other.id, email: other.email, isAdmin: false, verified: false, deleted: false });
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
  });

  it("changes a username (a taken one is a field error), an address (added, then changed) and a password (sessions end), each audited", async () => {
    await changeUsername(admin, member.id, `${run}-name`);
    await expect(changeUsername(admin, other.id, `${run}-NAME`)).rejects.toMatchObject({ status: 409, fieldErrors: { username: USERNAME_TAKEN } });
    const address = { address1: "1 Mill Lane", address2: "", town: "Penrith", county: "Cumbria", postcode: "ca11 7aa", country: 235 };
    await changeAddress(admin, member.id, address);
    await changeAddress(admin, member.id, { ...address, address1: "2 Mill Lane" });
    await expect(changeAddress(admin, member.id, { ...address, country: 250 })).rejects.toMatchObject({ status: 422 });
    const addresses = await sql()<{ address1: string; postcode: string; country_id: number }[]>`SELECT address1, postcode, country_id FROM addresses WHERE user_id = ${member.id}`;
    expect(addresses).toEqual([{ address1: "2 Mill Lane", postcode: "CA11 7AA", country_id: 235 }]);
    await startSession(member.id, { ip: "192.0.2.51", userAgent: "vitest" });
    await changePassword(admin, member.id, "a new password for the test");
    const [sessions] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${member.id}`;
    expect(sessions.n).toBe(0);
    const entries = await auditOf("user", member.id);
    expect(entries.map((entry) => entry.action)).toEqual(["user.change-username", "user.change-address", "user.change-address", "user.change-password"]);
    expect(entries[0]).toMatchObject({ before: { username: null }, after: { username: `${run}-name` } });
    expect(entries[2].before).toMatchObject({ address1: "1 Mill Lane", postcode: "CA11 7AA", country_id: 235 });
    const detail = await userDetail(member.id);
    expect(detail).toMatchObject({ id: member.id, username: `${run}-name`, sessions: 0, address: { address1: "2 Mill Lane", countryId: 235 } });
    await expect(userDetail(2_000_000_000)).rejects.toMatchObject({ status: 404 });
  });
});

describe("reviews in the back office", () => {
  it("lists by filter and search, shows one, and saves an edit with its audit entry", async () => {
    const saved = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: null, previousGallery: [], form: walkForm({ title: `${run} review walk`, description: "<p>Shady paths by the river.</p>" }), draft: false });
    listings.push(saved.id);
    const content = "A fine walk with shade and water for the dogs. ".repeat(3);
    const [waiting] = await sql()<{ id: number }[]>`INSERT INTO reviews (listing_id, user_id, rating, title, content, status) VALUES (${saved.id}, ${member.id}, 4, ${`${run} waiting`}, ${content}, 0) RETURNING id`;
    const [accepted] = await sql()<{ id: number }[]>`INSERT INTO reviews (listing_id, user_id, rating, title, content, status) VALUES (${saved.id}, ${other.id}, 5, ${`${run} accepted`}, ${content}, 2) RETURNING id`;
    const all = await listReviews("all", new URLSearchParams({ q: run }));
    expect(all.reviews.map((row) => row.id)).toEqual([accepted.id, waiting.id]);
    expect(all.reviews[0]).toMatchObject({ title: `${run} accepted`, listing: { title: `${run} review walk`, url: saved.url }, author: other.email });
    expect(all.pagination.total).toBe(2);
    expect((await listReviews("unmoderated", new URLSearchParams({ q: run }))).reviews.map((row) => row.id)).toEqual([waiting.id]);
    expect((await listReviews("live", new URLSearchParams({ q: run }))).reviews.map((row) => row.id)).toEqual([accepted.id]);
    expect((await listReviews("all", new URLSearchParams({ q: `${run}_` }))).pagination.total).toBe(0);
    expect(await reviewDetail(waiting.id)).toMatchObject({ id: waiting.id, authorId: member.id, authorEmail: member.email, content, moderatedAt: null, gallery: [] });
    await updateReview(admin, waiting.id, { rating: 3, title: "Edited", content });
    await updateReview(admin, waiting.id, { rating: 3, title: "Edited", content });
    expect(await auditOf("review", waiting.id)).toEqual([{ action: "review.edit", before: { rating: 4, title: `${run} waiting`, content }, after: { rating: 3, title: "Edited", content } }]);
    await expect(updateReview(admin, 2_000_000_000, { rating: 3, title: "", content })).rejects.toMatchObject({ status: 404 });
  });
});

describe("listings in the back office", () => {
  it("lists by status and title, and compares a waiting edit with the live version", async () => {
    const title = `${run} edited walk`;
    const first = await saveListing({ user: admin, uploader: { user: admin, visitorKey: null }, existing: null, previousGallery: [], form: walkForm({ title, description: "<p>Shady paths by the river.</p>" }), draft: false });
    listings.push(first.id);
    const [record] = await sql()<{ id: number; slug: string; walk_type: string; user_id: number; status: number; current_version_id: number; free: boolean; title: string }[]>`
      SELECT id, slug, walk_type, user_id, status, current_version_id, free, title FROM listings WHERE id = ${first.id}`;
    const existing = { id: record.id, slug: record.slug, walkType: record.walk_type, userId: record.user_id, status: record.status, versionId: record.current_version_id, free: record.free, title: record.title } as unknown as Parameters<typeof saveListing>[0]["existing"];
    // The author (not an administrator) edits the live listing: the edit waits.
    await sql()`UPDATE listings SET user_id = ${member.id} WHERE id = ${first.id}`;
    const edit = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing, previousGallery: [], form: walkForm({ title, description: "<p>Shady paths by the river and a pub.</p>", town: "Appleby" }), draft: false });
    expect(edit.applied).toBe(false);
    const versions = await listingVersionsOf(first.id);
    expect(versions.map((version) => version.number)).toEqual([2, 1]);
    expect(await defaultVersion(first.id)).toBe(versions[0].id);
    const submitted = await listListings("submitted", new URLSearchParams({ q: `${run} EDITED` }));
    expect(submitted.listings.map((row) => row.id)).toEqual([first.id]);
    expect(submitted.listings[0]).toMatchObject({ statusName: "Live, edit waiting", waitingVersion: versions[0].id, url: first.url });
    expect((await listListings("draft", new URLSearchParams({ q: run }))).pagination.total).toBe(0);
    const diff = await listingDiff(first.id, versions[0].id);
    expect(diff.liveVersion).toEqual({ id: versions[1].id, number: 1 });
    expect(diff.fields.find((field) => field.label === "Town")).toEqual({ label: "Town", before: "Penrith", after: "Appleby", changed: true });
    expect(diff.fields.find((field) => field.label === "Country")).toMatchObject({ before: "United Kingdom", after: "United Kingdom", changed: false });
    await expect(listingDiff(first.id, 2_000_000_000)).rejects.toMatchObject({ status: 404 });
  });
});

describe("the blog", () => {
  it("lists the back office's tabs and the feed and sitemap from the visible posts", async () => {
    const page = await adminPostList("all", { q: "", category: null, page: 1 });
    const [counts] = await sql()<{ all: number; drafts: number }[]>`
      SELECT count(*)::int AS all, count(*) FILTER (WHERE status = 'draft' AND story IS NULL)::int AS drafts FROM blog_posts`;
    expect(page.counts).toMatchObject(counts);
    expect(page.total).toBe(counts.all);
    const visible = await sql()<{ slug: string }[]>`
      SELECT slug FROM blog_posts WHERE status IN ('published', 'scheduled') AND published_at <= now() ORDER BY published_at DESC, id DESC`;
    expect((await feedPosts(5)).map((post) => post.slug)).toEqual(visible.slice(0, 5).map((row) => row.slug));
    expect((await sitemapPosts()).map((post) => post.url).sort()).toEqual(visible.map((row) => `/bark-out/${row.slug}`).sort());
  });
});

describe("directory stats, dashboard and readiness", () => {
  it("count what the tables hold", async () => {
    const stats = await directoryStats();
    const types = await sql()<{ typeId: number; count: number }[]>`
      SELECT t.id AS "typeId", (SELECT count(*)::int FROM listings l WHERE l.type_id = t.id AND l.status = 2) AS count FROM listing_types t ORDER BY t.id`;
    expect(stats.listingsByType.map(({ typeId, count }) => ({ typeId, count }))).toEqual(types);
    const roads = await sql()<{ id: number; junctions: number; name: string; motorway: boolean }[]>`
      SELECT r.id, (SELECT count(*)::int FROM junctions j WHERE j.road_id = r.id) AS junctions, r.name, r.motorway FROM roads r JOIN countries c ON c.id = r.country_id
      ORDER BY c.id DESC, length(r.name), r.name`;
    // In sign order (decision 0351: sorted once on the server, not on each render), ties as the query has them.
    expect(stats.roads.map(({ id, junctions }) => ({ id, junctions }))).toEqual(roads.sort(compareRoads).map(({ id, junctions }) => ({ id, junctions })));

    const dashboard = await loadDashboard();
    const [queues] = await sql()<{ submitted: number; unmoderated: number }[]>`
      SELECT (SELECT count(*)::int FROM listings WHERE status = 1) AS submitted, (SELECT count(*)::int FROM reviews WHERE status = 0) AS unmoderated`;
    expect(dashboard.queues).toMatchObject({ submittedListings: queues.submitted, unmoderatedReviews: queues.unmoderated });
    const [members] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE deactivated_at IS NULL`;
    expect(dashboard.members.total).toBe(members.n);
    expect(dashboard.members.latest[0].id).toBe(other.id);
    expect(dashboard.listingsPerWeek).toHaveLength(12);
    expect(dashboard.listingsPerWeek.map((point) => point.week)).toEqual([...dashboard.listingsPerWeek.map((point) => point.week)].sort());

    expect(await readiness({ queueRunning: () => true })).toEqual({ ok: true, checks: { draining: true, queue: true, database: true, migrations: true } });
  });
});
