// Bark Out for readers: the listing with its category checklist, full-text search and pages; one post
// with its gallery and related posts; favourites; the data of the feed and the sitemap.
import { AppError, found } from "../../core/errors";
import { sql } from "drizzle-orm";
import { db } from "../db.server";
import { imageUrl } from "../../core/images";
import type { BlogGalleryItem } from "../../db/schema";
import { ALL_CATEGORIES, BLOG_PAGE_SIZE, BLOG_QUERY_MAX, resolveCategories, type BlogCard, type BlogCategory, type BlogGalleryView, type BlogListing, type BlogPostView } from "./types";
import { videoEmbedSource } from "./video-embed";
import { pageCount } from "../../kit/pager";

/** A post readers may see: published, or scheduled with its date passed. */
const visible = sql`p.status IN ('published', 'scheduled') AND p.published_at <= now()`;
export const SLUG_PATTERN = /^[a-z0-9_-]{1,120}$/;
const MAX_PAGE = 10_000;

type CardRow = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  published_at: string | null;
  author_name: string;
  categories: BlogCategory[];
  is_favourite: boolean;
};

function toCard(row: CardRow): BlogCard {
  return {
    id: row.id,
    slug: row.slug,
    url: `/bark-out/${row.slug}`,
    title: row.title,
    excerpt: row.excerpt,
    publishedAt: row.published_at,
    authorName: row.author_name,
    categories: row.categories,
    isFavourite: row.is_favourite,
  };
}

function hasBadCharacters(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value);
}

export interface BlogFilters {
  selected: string[];
  q: string;
  page: number;
  /** True when the query held the checklist's helper field: the page redirects to the canonical address. */
  fromForm: boolean;
}

/** Reads and bounds the listing's query string; a bad value is a 400, never a database error. */
export function readBlogFilters(params: URLSearchParams): BlogFilters {
  const ticked = params.getAll("category");
  if (ticked.length > 20 || ticked.some((slug) => slug !== ALL_CATEGORIES && !SLUG_PATTERN.test(slug))) throw new AppError(400, "Please choose categories from the list.");
  const previousRaw = params.get("previous");
  const previous = previousRaw === null ? null : previousRaw.split(",").filter(Boolean);
  if (previous && (previous.length > 20 || previous.some((slug) => slug !== ALL_CATEGORIES && !SLUG_PATTERN.test(slug)))) throw new AppError(400, "Please choose categories from the list.");
  const q = (params.get("q") ?? "").trim();
  if (q.length > BLOG_QUERY_MAX || hasBadCharacters(q)) throw new AppError(400, `Please search with at most ${BLOG_QUERY_MAX} characters.`);
  const pageRaw = params.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(pageRaw) ? Number(pageRaw) : NaN;
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) throw new AppError(400, "That page number is not valid.");
  const selected = previous ? resolveCategories(ticked, previous) : [...new Set(ticked.filter((slug) => slug !== ALL_CATEGORIES))];
  return { selected, q, page, fromForm: previous !== null };
}

export async function blogCategories(): Promise<BlogCategory[]> {
  return db().execute<BlogCategory & Record<string, unknown>>(sql`SELECT id, slug, name FROM blog_categories ORDER BY position`);
}

let menuCategories: Promise<BlogCategory[]> | null = null;

/** The header's 'Bark Out blog' menu on every page: the categories come with the migrations and no screen edits them, so they are read once. */
export function blogMenuCategories(): Promise<BlogCategory[]> {
  menuCategories ??= blogCategories().catch((error: unknown) => {
    menuCategories = null;
    throw error;
  });
  return menuCategories;
}

/** The categories of post `p` as a JSON array. */
const categoriesOfPost = sql`COALESCE((SELECT json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name) ORDER BY c.position)
     FROM blog_post_categories pc JOIN blog_categories c ON c.id = pc.category_id WHERE pc.post_id = p.id), '[]'::json)`;

/** One page of the listing: newest first, or by relevance when searching. */
export async function listPosts(filters: Pick<BlogFilters, "selected" | "q" | "page">, userId: number | null): Promise<BlogListing> {
  const categories = await blogCategories();
  const known = new Set(categories.map((category) => category.slug));
  const selected = filters.selected.filter((slug) => known.has(slug));
  const byCategory = selected.length
    ? sql`AND EXISTS (SELECT 1 FROM blog_post_categories pc JOIN blog_categories c ON c.id = pc.category_id WHERE pc.post_id = p.id AND c.slug = ANY(${sql.param(selected)}))`
    : sql``;
  const bySearch = filters.q ? sql`AND p.search @@ websearch_to_tsquery('english', ${filters.q})` : sql``;
  const order = filters.q ? sql`ts_rank(p.search, websearch_to_tsquery('english', ${filters.q})) DESC, p.published_at DESC, p.id DESC` : sql`p.published_at DESC, p.id DESC`;
  const offset = (filters.page - 1) * BLOG_PAGE_SIZE;
  const rows = await db().execute<(CardRow & { total: number })>(sql`
    SELECT p.id, p.slug, p.title, p.excerpt, to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at, p.author_name,
           ${categoriesOfPost} AS categories,
           ${userId === null ? sql`false` : sql`EXISTS (SELECT 1 FROM blog_favourites f WHERE f.post_id = p.id AND f.user_id = ${userId})`} AS is_favourite,
           count(*) OVER ()::int AS total
    FROM blog_posts p
    WHERE ${visible} ${byCategory} ${bySearch}
    ORDER BY ${order}
    LIMIT ${BLOG_PAGE_SIZE} OFFSET ${offset}`);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filters.page > 1) {
    const [count] = await db().execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM blog_posts p WHERE ${visible} ${byCategory} ${bySearch}`);
    total = count.total;
  }
  return {
    posts: rows.map(toCard),
    categories,
    selected,
    q: filters.q,
    page: filters.page,
    total,
    totalPages: pageCount(total, BLOG_PAGE_SIZE),
  };
}

type PostRow = CardRow & {
  body_html: string;
  status: BlogPostView["status"];
  gallery: BlogGalleryItem[];
  updated_at: string;
  visible: boolean;
};

/** A video URL that plays as an embed: a YouTube or Vimeo video (watch page, short link or embed address). */
export function isEmbedUrl(url: string): boolean {
  return videoEmbedSource(url) !== null;
}

async function galleryView(items: BlogGalleryItem[]): Promise<BlogGalleryView[]> {
  const imageIds = items.flatMap((item) => (item.kind === "image" ? [item.id] : []));
  const stored = imageIds.length
    ? await db().execute<{ id: string; versions: Record<string, { width: number; height: number }> }>(sql`SELECT id, versions FROM uploaded_files WHERE id = ANY(${sql.param(imageIds)})`)
    : [];
  const versionsOf = new Map(stored.map((row) => [row.id, row.versions]));
  return items.flatMap((item): BlogGalleryView[] => {
    if (item.kind === "video") {
      // Embeds always load from YouTube's no-cookie player or Vimeo's player (the CSP allows only those).
      const embed = videoEmbedSource(item.url);
      return [{ kind: "video", url: embed ?? item.url, title: item.title, embed: embed !== null }];
    }
    const versions = versionsOf.get(item.id);
    if (!versions) return [];
    const thumb = versions["5"] ?? versions["6"];
    const srcset = ["5", "4", "3", "1"].filter((size) => versions[size]).map((size) => `${imageUrl(item.id, size)} ${versions[size].width}w`).join(", ");
    return [{ kind: "image", id: item.id, alt: item.alt, thumb: imageUrl(item.id, versions["5"] ? "5" : "6"), large: imageUrl(item.id, versions["1"] ? "1" : "3"), srcset, width: thumb?.width ?? 640, height: thumb?.height ?? 480 }];
  });
}

async function postRow(where: { slug: string } | { id: number }, userId: number | null): Promise<PostRow | undefined> {
  const [row] = await db().execute<PostRow>(sql`
    SELECT p.id, p.slug, p.title, p.excerpt, p.body_html, p.status, p.gallery, p.author_name,
           to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at,
           to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
           (${visible}) AS visible,
           ${categoriesOfPost} AS categories,
           ${userId === null ? sql`false` : sql`EXISTS (SELECT 1 FROM blog_favourites f WHERE f.post_id = p.id AND f.user_id = ${userId})`} AS is_favourite
    FROM blog_posts p
    WHERE ${"slug" in where ? sql`p.slug = ${where.slug}` : sql`p.id = ${where.id}`}`);
  return row;
}

async function toView(row: PostRow): Promise<BlogPostView> {
  return { ...toCard(row), bodyHtml: row.body_html, status: row.status, gallery: await galleryView(row.gallery), updatedAt: row.updated_at };
}

const NOT_FOUND = "Sorry, we couldn't find that article.";

/** A post as readers see it: drafts and posts scheduled for later are not found. */
export async function publishedPost(slug: string | undefined, userId: number | null): Promise<BlogPostView> {
  if (!slug || !SLUG_PATTERN.test(slug)) throw new AppError(404, NOT_FOUND);
  const row = found(await postRow({ slug }, userId), NOT_FOUND);
  if (!row.visible) throw new AppError(404, NOT_FOUND);
  return toView(row);
}

/** Any post, for the back office's preview. */
export async function postForPreview(id: number): Promise<BlogPostView> {
  return toView(found(await postRow({ id }, null), NOT_FOUND));
}

/** Up to three visible posts sharing the most categories with this one, newest first. */
export async function relatedPosts(postId: number): Promise<BlogCard[]> {
  const rows = await db().execute<CardRow>(sql`
    SELECT p.id, p.slug, p.title, p.excerpt, to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at, p.author_name,
           ${categoriesOfPost} AS categories, false AS is_favourite
    FROM blog_posts p
    JOIN LATERAL (
      SELECT count(*) AS shared FROM blog_post_categories a JOIN blog_post_categories b ON b.category_id = a.category_id
      WHERE a.post_id = p.id AND b.post_id = ${postId}
    ) s ON s.shared > 0
    WHERE p.id <> ${postId} AND ${visible}
    ORDER BY s.shared DESC, p.published_at DESC
    LIMIT 3`);
  return rows.map(toCard);
}

/** Adds a visible post to the member's favourites, or removes it; returns whether it is now a favourite. */
export async function toggleFavouritePost(userId: number, slug: string | undefined): Promise<boolean> {
  if (!slug || !SLUG_PATTERN.test(slug)) throw new AppError(404, NOT_FOUND);
  const [post] = await db().execute<{ id: number }>(sql`SELECT p.id FROM blog_posts p WHERE p.slug = ${slug} AND ${visible}`);
  if (!post) throw new AppError(404, NOT_FOUND);
  const removed = await db().execute(sql`DELETE FROM blog_favourites WHERE user_id = ${userId} AND post_id = ${post.id} RETURNING post_id`);
  if (removed.length > 0) return false;
  await db().execute(sql`INSERT INTO blog_favourites (user_id, post_id) VALUES (${userId}, ${post.id}) ON CONFLICT DO NOTHING`);
  return true;
}

/** The newest visible posts with their bodies, for the Atom feed. */
export async function feedPosts(limit = 20): Promise<(BlogCard & { bodyHtml: string; updatedAt: string })[]> {
  const rows = await db().execute<(CardRow & { body_html: string; updated_at: string })>(sql`
    SELECT p.id, p.slug, p.title, p.excerpt, p.body_html, p.author_name,
           to_char(p.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at,
           to_char(GREATEST(p.updated_at, p.published_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
           ${categoriesOfPost} AS categories, false AS is_favourite
    FROM blog_posts p WHERE ${visible}
    ORDER BY p.published_at DESC, p.id DESC LIMIT ${limit}`);
  return rows.map((row) => ({ ...toCard(row), bodyHtml: row.body_html, updatedAt: row.updated_at }));
}

/** Every visible post's address and date, for the sitemap. */
export async function sitemapPosts(): Promise<{ url: string; lastModified: string }[]> {
  const rows = await db().execute<{ slug: string; modified: string }>(sql`
    SELECT p.slug, to_char(GREATEST(p.updated_at, p.published_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS modified
    FROM blog_posts p WHERE ${visible} ORDER BY p.published_at DESC`);
  return rows.map((row) => ({ url: `/bark-out/${row.slug}`, lastModified: row.modified }));
}
