// The services decision 0318 moved to drizzle without a test of their own: Bark Out's related posts, a
// member's favourite toggle and the back office's post editor, the job queue's gauges on /metrics, and the
// listing form's latest version (the one the form shows, which is not always the live one). Also the
// listing save's transaction: geo's nearest junction runs in it (sqlClientOf).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql as drizzleSql } from "drizzle-orm";
import { sessionCookieHeader } from "../../app/auth/guards.server";
import { startSession } from "../../app/auth/session.server";
import { editablePost, publishPost, savePost } from "../../app/blog/admin.server";
import { relatedPosts, toggleFavouritePost } from "../../app/blog/posts.server";
import { adminPostSchema } from "../../app/blog/schemas";
import { closeDatabase, db, sql, sqlClientOf } from "../../app/db.server";
import { getEnv } from "../../app/env.server";
import { listingFormPage } from "../../app/listings/form-page.server";
import { moderateListingVersion, saveListing } from "../../app/listings/save.server";
import { listingForRequest } from "../../app/listings/listing.server";
import { metricsText } from "../../app/ops/metrics.server";
import { AppError } from "../../core/errors";
import { JUNCTION_RADIUS_METRES } from "../../geo/road-links";
import { testUser, walkForm } from "./listing-helpers";

const users: number[] = [];
const posts: number[] = [];
const categories: number[] = [];
const listings: number[] = [];
const jobTask = `test-metric-${randomUUID().slice(0, 8)}`;

beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
});

afterAll(async () => {
  await sql()`DELETE FROM blog_posts WHERE id = ANY(${posts}::int[])`;
  await sql()`DELETE FROM blog_categories WHERE id = ANY(${categories}::int[])`;
  await sql()`DELETE FROM listings WHERE id = ANY(${listings}::int[])`;
  await sql()`DELETE FROM admin_audit_log WHERE actor_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  const schema = getEnv().JOB_QUEUE_SCHEMA;
  await sql()`DELETE FROM ${sql()(schema)}._private_jobs j USING ${sql()(schema)}._private_tasks t WHERE t.id = j.task_id AND t.identifier = ${jobTask}`;
  await sql()`DELETE FROM ${sql()(schema)}._private_tasks WHERE identifier = ${jobTask}`;
  await closeDatabase();
});

/** A published post in `categoryIds`, published at `publishedAt` (or a draft when null). */
async function post(categoryIds: number[], publishedAt: string | null): Promise<{ id: number; slug: string }> {
  const form = adminPostSchema.parse({ title: `Moved queries ${randomUUID()}`, body: "<p>Walkies</p>", descriptionFormat: "html", categories: [], status: "draft", publishedAt: "", gallery: [], videos: "" });
  const id = await savePost(null, form, []);
  posts.push(id);
  if (publishedAt) {
    await publishPost(id);
    await sql()`UPDATE blog_posts SET published_at = ${publishedAt}::timestamptz WHERE id = ${id}`;
  }
  for (const category of categoryIds) await sql()`INSERT INTO blog_post_categories (post_id, category_id) VALUES (${id}, ${category})`;
  const [row] = await sql()<{ slug: string }[]>`SELECT slug FROM blog_posts WHERE id = ${id}`;
  return { id, slug: row.slug };
}

const walk = (values: Record<string, unknown>) => walkForm({ description: "<p>A shady loop by the river with water for the dogs all the way round and a café at the end.</p>", ...values });

/** A category of its own, so that no demo post shares it. */
async function category(): Promise<number> {
  const slug = `test-${randomUUID().slice(0, 8)}`;
  const [row] = await sql()<{ id: number }[]>`
    INSERT INTO blog_categories (id, slug, name, position)
    SELECT coalesce(max(id), 0) + 1, ${slug}, ${slug}, coalesce(max(id), 0) + 1 FROM blog_categories RETURNING id`;
  categories.push(row.id);
  return row.id;
}

describe("Bark Out", () => {
  it("relates up to three visible posts by the number of shared categories, then the newest", async () => {
    const [a, b] = [await category(), await category()];
    const self = await post([a, b], "2026-01-01T10:00:00Z");
    const both = await post([a, b], "2025-01-01T10:00:00Z");
    const newer = await post([a], "2025-06-01T10:00:00Z");
    const older = await post([b], "2025-03-01T10:00:00Z");
    await post([a], "2025-02-01T10:00:00Z"); // shares one, oldest: the fourth, beyond the limit
    await post([a, b], null); // a draft shares both but is not visible
    await post([], "2025-12-01T10:00:00Z"); // shares none
    const related = await relatedPosts(self.id);
    expect(related.map((card) => card.slug)).toEqual([both.slug, newer.slug, older.slug]);
    expect(related[0].publishedAt).toBe("2025-01-01T10:00:00Z");
  });

  it("toggles a member's favourite on and off, and finds no draft, unknown or malformed post", async () => {
    const member = await testUser(users, { label: "favourite" });
    const visible = await post([], "2025-05-05T10:00:00Z");
    const draft = await post([], null);
    const favourites = async () => (await sql()<{ post_id: number }[]>`SELECT post_id FROM blog_favourites WHERE user_id = ${member.id}`).map((row) => row.post_id);
    expect(await toggleFavouritePost(member.id, visible.slug)).toBe(true);
    expect(await favourites()).toEqual([visible.id]);
    expect(await toggleFavouritePost(member.id, visible.slug)).toBe(false);
    expect(await favourites()).toEqual([]);
    expect(await toggleFavouritePost(member.id, visible.slug)).toBe(true);
    for (const slug of [draft.slug, `no-such-post-${randomUUID()}`, "Not A Slug!", undefined]) {
      await expect(toggleFavouritePost(member.id, slug)).rejects.toMatchObject({ status: 404 });
    }
    expect(await favourites()).toEqual([visible.id]);
  });

  it("gives the back office's editor a post's fields: categories sorted, UTC time, images and videos apart", async () => {
    const [a, b] = [await category(), await category()];
    const edited = await post([b, a], "2026-03-04T05:06:59Z");
    const gallery = [
      { kind: "image", id: "0123456789abcdef0123456789abcdef", alt: "A spaniel" },
      { kind: "video", url: "/videos/zoomies.mp4", title: "Zoomies" },
      { kind: "video", url: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", title: "On the beach" },
    ];
    await sql()`UPDATE blog_posts SET gallery = ${JSON.stringify(gallery)}::jsonb, author_name = 'Test Author' WHERE id = ${edited.id}`;
    const view = await editablePost(edited.id);
    expect(view).toMatchObject({
      id: edited.id,
      slug: edited.slug,
      bodyHtml: "<p>Walkies</p>",
      categories: [a, b].sort((x, y) => x - y),
      status: "published",
      publishedAt: "2026-03-04T05:06",
      gallery: ["0123456789abcdef0123456789abcdef"],
      videos: "/videos/zoomies.mp4 | Zoomies\nhttps://www.youtube-nocookie.com/embed/dQw4w9WgXcQ | On the beach",
      story: null,
      authorName: "Test Author",
    });
    const draft = await post([], null);
    expect(await editablePost(draft.id)).toMatchObject({ publishedAt: "", categories: [], gallery: [], videos: "" });
    await expect(editablePost(2_000_000_000)).rejects.toBeInstanceOf(AppError);
  });
});

describe("the job queue's gauges", () => {
  it("count a task's waiting, retrying and failed jobs", async () => {
    const schema = getEnv().JOB_QUEUE_SCHEMA;
    // Far in the future, so that no worker runs them: one new, one tried once, one out of attempts (and so not waiting).
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      const [job] = await sql()<{ id: string }[]>`SELECT id::text FROM ${sql()(schema)}.add_job(${jobTask}, '{}'::json, run_at => now() + interval '30 days', max_attempts => 5)`;
      ids.push(job.id);
    }
    await sql()`UPDATE ${sql()(schema)}._private_jobs SET attempts = 1 WHERE id = ${ids[1]}::bigint`;
    await sql()`UPDATE ${sql()(schema)}._private_jobs SET attempts = 5 WHERE id = ${ids[2]}::bigint`;
    const { body } = await metricsText();
    const gauge = (name: string) => body.match(new RegExp(`^${name}\\{task="${jobTask}"\\} (\\d+)$`, "m"))?.[1];
    expect({ depth: gauge("pawroute_job_queue_depth"), retrying: gauge("pawroute_job_queue_retrying"), failed: gauge("pawroute_job_queue_failed") }).toEqual({ depth: "2", retrying: "1", failed: "1" });
  });
});

describe("the listing form", () => {
  it("shows the latest version, not the live one, when a member's edit waits for moderation", async () => {
    const member = await testUser(users, { label: "latest-version" });
    const admin = await testUser(users, { label: "latest-version-admin", admin: true });
    const uploader = { user: member, visitorKey: null };
    const first = await saveListing({ user: member, uploader, existing: null, previousGallery: [], form: walk({ title: `First title ${randomUUID().slice(0, 6)}`, facilities: ["1"] }), draft: false });
    listings.push(first.id);
    const [version] = await sql()<{ id: number }[]>`SELECT current_version_id AS id FROM listings WHERE id = ${first.id}`;
    await moderateListingVersion(admin, version.id, "accept");
    const slug = first.url.split("/")[2];
    const live = await listingForRequest(sql(), new Request(`http://localhost${first.url}`), slug, member);
    await saveListing({ user: member, uploader, existing: live, previousGallery: [], form: walk({ title: "Second title, waiting", facilities: ["1", "3"] }), draft: false });
    const token = await startSession(member.id, { ip: "192.0.2.51", userAgent: "vitest" });
    const cookie = (await sessionCookieHeader(token)).split(";")[0];
    const page = await listingFormPage(new Request(`http://localhost${first.url}/edit`, { headers: { Cookie: cookie } }), "edit", slug);
    expect(page.listing?.title).toBe(live.title);
    expect(page.values).toMatchObject({ title: "Second title, waiting", facilities: ["1", "3"] });
  });
});

describe("saving a listing", () => {
  it("attaches the nearest junction, read in the save's transaction, as plain SQL finds it", async () => {
    const member = await testUser(users, { label: "junction" });
    const saved = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: null, previousGallery: [], form: walk({ title: `Junction walk ${randomUUID().slice(0, 6)}`, facilities: ["1", "999"] }), draft: false });
    listings.push(saved.id);
    const [row] = await sql()<{ junction_id: number | null; road_id: number | null; facility_ids: number[]; expected: number | null; expected_road: number | null }[]>`
      SELECT l.junction_id, l.road_id, l.facility_ids,
             (SELECT j.id FROM junctions j WHERE ST_DWithin(j.geom::geography, l.location, ${JUNCTION_RADIUS_METRES}) ORDER BY j.geom <-> l.location::geometry, j.id LIMIT 1) AS expected,
             (SELECT j.road_id FROM junctions j WHERE ST_DWithin(j.geom::geography, l.location, ${JUNCTION_RADIUS_METRES}) ORDER BY j.geom <-> l.location::geometry, j.id LIMIT 1) AS expected_road
      FROM listings l WHERE l.id = ${saved.id}`;
    expect(row.expected).not.toBeNull();
    expect({ junction: row.junction_id, road: row.road_id }).toEqual({ junction: row.expected, road: row.expected_road });
    expect(row.facility_ids).toEqual([1]);
  });

  it("runs what geo/ sends on sqlClientOf(tx) inside the drizzle transaction: seen by it, rolled back with it", async () => {
    const email = `rollback-${randomUUID()}@test.pawroute`;
    await expect(
      db().transaction(async (tx) => {
        const client = sqlClientOf(tx);
        await client`INSERT INTO users (email) VALUES (${email})`;
        const seen = await tx.execute<{ n: number }>(drizzleSql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`);
        expect(seen[0].n).toBe(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const [after] = await sql()<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE email = ${email}`;
    expect(after.n).toBe(0);
  });
});
