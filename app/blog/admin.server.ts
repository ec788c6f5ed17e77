// The back office's blog work: the post list with its filter tabs, saving, publishing and deleting
// posts, and the books' order. Every route calls requireAdmin itself before any of this.
import { AppError, found } from "../../core/errors";
import { sql, type SQL } from "drizzle-orm";
import { db } from "../db.server";
import { slugOf } from "../slug";
import { plainTextToHtml, htmlToText, sanitiseDescription } from "../listings/sanitise.server";
import { awardStoryPoints } from "./points.server";
import { isEmbedUrl, SLUG_PATTERN } from "./posts.server";
import type { AdminPostForm } from "./schemas";
import { ADMIN_POST_MESSAGES } from "./schemas";
import { BOOKS_MESSAGES, type AdminPostRow, type AdminTab, type BookRow, type EditablePostView } from "./admin-types";
import type { BlogGalleryItem } from "../../db/schema";

const TAB_WHERE: Record<AdminTab, SQL> = {
  all: sql`true`,
  published: sql`p.status IN ('published', 'scheduled') AND p.published_at <= now()`,
  drafts: sql`p.status = 'draft' AND p.story IS NULL`,
  stories: sql`p.status = 'draft' AND p.story IS NOT NULL`,
  scheduled: sql`p.status = 'scheduled' AND p.published_at > now()`,
};

const PAGE = 50;

export async function adminPostList(tab: AdminTab, filters: { q: string; category: number | null; page: number }) {
  const where = sql`${TAB_WHERE[tab]}
    ${filters.q ? sql`AND p.title ILIKE ${`%${filters.q.replace(/[\\%_]/g, "\\$&")}%`}` : sql``}
    ${filters.category ? sql`AND EXISTS (SELECT 1 FROM blog_post_categories pc WHERE pc.post_id = p.id AND pc.category_id = ${filters.category})` : sql``}`;
  const [rows, counts] = await Promise.all([
    db().execute<AdminPostRow & { total: number } & Record<string, unknown>>(sql`
      SELECT p.id, p.slug, p.title, p.author_name AS "authorName", p.story IS NOT NULL AS "isStory",
             CASE WHEN p.status = 'scheduled' AND p.published_at <= now() THEN 'published' ELSE p.status END AS status,
             to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS "publishedAt",
             count(*) OVER ()::int AS total
      FROM blog_posts p WHERE ${where}
      ORDER BY COALESCE(p.published_at, p.created_at) DESC, p.id DESC
      LIMIT ${PAGE} OFFSET ${(filters.page - 1) * PAGE}`),
    db().execute<Record<AdminTab, number>>(sql`
      SELECT count(*)::int AS all,
             count(*) FILTER (WHERE ${TAB_WHERE.published})::int AS published,
             count(*) FILTER (WHERE ${TAB_WHERE.drafts})::int AS drafts,
             count(*) FILTER (WHERE ${TAB_WHERE.stories})::int AS stories,
             count(*) FILTER (WHERE ${TAB_WHERE.scheduled})::int AS scheduled
      FROM blog_posts p`),
  ]);
  return { posts: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0, counts: counts[0], pageSize: PAGE };
}

export type EditablePost = EditablePostView;

export async function editablePost(id: number): Promise<EditablePost> {
  const [row] = await db().execute<{ id: number; title: string; slug: string; excerpt: string; body_html: string; status: EditablePost["status"]; published_at: string | null; gallery: BlogGalleryItem[]; story: EditablePost["story"]; author_name: string; categories: number[] }>(sql`
    SELECT p.id, p.title, p.slug, p.excerpt, p.body_html, p.status, p.gallery, p.story, p.author_name,
           to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS published_at,
           COALESCE((SELECT array_agg(category_id ORDER BY category_id) FROM blog_post_categories WHERE post_id = p.id), '{}') AS categories
    FROM blog_posts p WHERE p.id = ${id}`);
  const post = found(row, "Sorry, we couldn't find that post.");
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    bodyHtml: post.body_html,
    categories: post.categories.map(Number),
    status: post.status,
    publishedAt: post.published_at ?? "",
    gallery: post.gallery.flatMap((item) => (item.kind === "image" ? [item.id] : [])),
    videos: post.gallery.flatMap((item) => (item.kind === "video" ? [`${item.url} | ${item.title}`] : [])).join("\n"),
    story: post.story,
    authorName: post.author_name,
  };
}

export function slugify(title: string): string {
  return slugOf(title) || "post";
}

/** Each line 'address | title': a file on this site (/…) or an https address on a known video host. */
export function parseVideos(text: string): BlogGalleryItem[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length > 20) throw new AppError(422, ADMIN_POST_MESSAGES.video, { fieldErrors: { videos: ADMIN_POST_MESSAGES.video } });
  return lines.map((line) => {
    const [url, ...title] = line.split("|").map((part) => part.trim());
    const local = /^\/(?!\/)[A-Za-z0-9._~/-]{1,300}$/.test(url);
    if (!local && !isEmbedUrl(url)) throw new AppError(422, ADMIN_POST_MESSAGES.video, { fieldErrors: { videos: ADMIN_POST_MESSAGES.video } });
    return { kind: "video", url, title: title.join(" | ").slice(0, 200) || "Video" };
  });
}

/** Creates or updates a post; a story published for the first time earns its author Treat Points. */
export async function savePost(id: number | null, form: AdminPostForm, imageIds: string[]): Promise<number> {
  const slug = form.slug || slugify(form.title);
  if (!SLUG_PATTERN.test(slug)) throw new AppError(422, ADMIN_POST_MESSAGES.slug, { fieldErrors: { slug: ADMIN_POST_MESSAGES.slug } });
  if (form.status === "scheduled" && !form.publishedAt) throw new AppError(422, ADMIN_POST_MESSAGES.publishedAt, { fieldErrors: { publishedAt: ADMIN_POST_MESSAGES.publishedAt } });
  const bodyHtml = sanitiseDescription(form.descriptionFormat === "html" ? form.body : plainTextToHtml(form.body));
  const bodyText = htmlToText(bodyHtml);
  const excerpt = form.excerpt || bodyText.slice(0, 200);
  const gallery: BlogGalleryItem[] = [...imageIds.map((image): BlogGalleryItem => ({ kind: "image", id: image, alt: "" })), ...parseVideos(form.videos)];
  const publishedAt = form.publishedAt ? `${form.publishedAt.length === 16 ? `${form.publishedAt}:00` : form.publishedAt}Z` : null;
  const postId = await db().transaction(async (tx) => {
    const taken = await tx.execute(sql`SELECT id FROM blog_posts WHERE slug = ${slug} AND id IS DISTINCT FROM ${id}`);
    if (taken.length) throw new AppError(409, "Another post already uses that slug.", { fieldErrors: { slug: "Another post already uses that slug." } });
    const dateValue = form.status === "draft" ? publishedAt : (publishedAt ?? new Date().toISOString());
    let saved: number;
    if (id === null) {
      const [row] = await tx.execute<{ id: number }>(sql`
        INSERT INTO blog_posts (slug, title, excerpt, body_html, body_text, status, published_at, author_name, gallery)
        VALUES (${slug}, ${form.title}, ${excerpt}, ${bodyHtml}, ${bodyText}, ${form.status}, ${dateValue}, 'Pawroute team', ${JSON.stringify(gallery)}::jsonb)
        RETURNING id`);
      saved = row.id;
    } else {
      const [row] = await tx.execute<{ id: number }>(sql`
        UPDATE blog_posts SET slug = ${slug}, title = ${form.title}, excerpt = ${excerpt}, body_html = ${bodyHtml}, body_text = ${bodyText}, status = ${form.status},
          published_at = ${dateValue}, gallery = ${JSON.stringify(gallery)}::jsonb, updated_at = now()
        WHERE id = ${id} RETURNING id`);
      saved = found(row, "Sorry, we couldn't find that post.").id;
      await tx.execute(sql`DELETE FROM blog_post_categories WHERE post_id = ${saved}`);
    }
    if (form.categories.length) {
      await tx.execute(sql`INSERT INTO blog_post_categories (post_id, category_id) SELECT ${saved}, id FROM blog_categories WHERE id = ANY(${sql.param(form.categories)}) ON CONFLICT DO NOTHING`);
    }
    await tx.execute(sql`UPDATE blog_posts SET book_order = CASE WHEN EXISTS (SELECT 1 FROM blog_post_categories pc JOIN blog_categories c ON c.id = pc.category_id WHERE pc.post_id = ${saved} AND c.slug = 'books')
      THEN COALESCE(book_order, (SELECT COALESCE(max(book_order), 0) + 1 FROM blog_posts)) ELSE NULL END WHERE id = ${saved}`);
    return saved;
  });
  if (form.status !== "draft") await awardStoryIfDue(postId);
  return postId;
}

/** Marks a published story's points as awarded (once) and awards them to its author. */
async function awardStoryIfDue(postId: number): Promise<void> {
  const [due] = await db().execute<{ author_user_id: number; title: string }>(sql`
    UPDATE blog_posts SET story_points_awarded_at = now()
    WHERE id = ${postId} AND story IS NOT NULL AND author_user_id IS NOT NULL AND story_points_awarded_at IS NULL AND status <> 'draft'
    RETURNING author_user_id, title`);
  if (!due) return;
  try {
    await awardStoryPoints(due.author_user_id, due.title);
  } catch (error) {
    await db().execute(sql`UPDATE blog_posts SET story_points_awarded_at = NULL WHERE id = ${postId}`);
    throw error;
  }
}

export async function publishPost(id: number): Promise<void> {
  const [row] = await db().execute(sql`UPDATE blog_posts SET status = 'published', published_at = LEAST(COALESCE(published_at, now()), now()), updated_at = now() WHERE id = ${id} RETURNING id`);
  found(row, "Sorry, we couldn't find that post.");
  await awardStoryIfDue(id);
}

export async function unpublishPost(id: number): Promise<void> {
  const [row] = await db().execute(sql`UPDATE blog_posts SET status = 'draft', updated_at = now() WHERE id = ${id} RETURNING id`);
  found(row, "Sorry, we couldn't find that post.");
}

export async function deletePost(id: number): Promise<void> {
  const [row] = await db().execute(sql`DELETE FROM blog_posts WHERE id = ${id} RETURNING id`);
  found(row, "Sorry, we couldn't find that post.");
}

/** The book posts in their order (account-and-back-office.md §3: Book post id, title, order). */
export async function bookList(): Promise<BookRow[]> {
  return db().execute<BookRow & Record<string, unknown>>(sql`
    SELECT p.id, p.title, p.slug, p.status, row_number() OVER (ORDER BY p.book_order NULLS LAST, p.published_at DESC NULLS LAST, p.id)::int AS "order"
    FROM blog_posts p
    WHERE EXISTS (SELECT 1 FROM blog_post_categories pc JOIN blog_categories c ON c.id = pc.category_id WHERE pc.post_id = p.id AND c.slug = 'books')
    ORDER BY p.book_order NULLS LAST, p.published_at DESC NULLS LAST, p.id`);
}

/** Saves the books' order: exactly the book posts, each once, or nothing changes. */
export async function saveBookOrder(ids: number[]): Promise<void> {
  await db().transaction(async (tx) => {
    const books = await tx.execute<{ id: number }>(sql`
      SELECT p.id FROM blog_posts p
      WHERE EXISTS (SELECT 1 FROM blog_post_categories pc JOIN blog_categories c ON c.id = pc.category_id WHERE pc.post_id = p.id AND c.slug = 'books')
      FOR UPDATE`);
    const known = new Set(books.map((book) => book.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw new AppError(409, BOOKS_MESSAGES.failure);
    await tx.execute(sql`UPDATE blog_posts p SET book_order = o.position FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS o(id, position) WHERE p.id = o.id`);
  });
}

/** Moves one book up or down a place (the buttons, with or without JavaScript). */
export async function moveBook(id: number, direction: "up" | "down"): Promise<void> {
  const order = (await bookList()).map((book) => book.id);
  const index = order.indexOf(id);
  if (index < 0) throw new AppError(404, BOOKS_MESSAGES.failure);
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= order.length) return;
  [order[index], order[target]] = [order[target], order[index]];
  await saveBookOrder(order);
}
