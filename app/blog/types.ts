// Shapes the Bark Out pages receive from their loaders (no server imports: components use these).
import { formatDateInWords } from "../../kit/format";

export interface BlogCategory {
  id: number;
  slug: string;
  name: string;
}

export interface BlogCard {
  id: number;
  slug: string;
  url: string;
  title: string;
  excerpt: string;
  publishedAt: string | null;
  authorName: string;
  categories: BlogCategory[];
  isFavourite: boolean;
}

export interface BlogImageItem {
  kind: "image";
  id: string;
  alt: string;
  thumb: string;
  large: string;
  srcset: string;
  width: number;
  height: number;
}

/** A video shows as a link with a play button; the player (or embed) loads only after a click. */
export interface BlogVideoItem {
  kind: "video";
  url: string;
  title: string;
  /** An embeddable page (iframe) rather than a video file. */
  embed: boolean;
}

export type BlogGalleryView = BlogImageItem | BlogVideoItem;

export interface BlogPostView extends BlogCard {
  bodyHtml: string;
  status: "draft" | "scheduled" | "published";
  gallery: BlogGalleryView[];
  updatedAt: string;
}

export interface BlogListing {
  posts: BlogCard[];
  categories: BlogCategory[];
  /** The ticked categories' slugs; empty means 'All categories'. */
  selected: string[];
  q: string;
  page: number;
  totalPages: number;
  total: number;
}

export const BLOG_PAGE_SIZE = 9;
export const BLOG_QUERY_MAX = 100;
/** The value of the 'All categories' checkbox. */
export const ALL_CATEGORIES = "all";

/** The canonical /bark-out address for a set of filters (page 1 and the defaults are omitted). */
export function barkOutHref(filters: { selected: readonly string[]; q: string; page?: number }): string {
  const params = new URLSearchParams();
  for (const slug of filters.selected) params.append("category", slug);
  if (filters.q) params.set("q", filters.q);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return `/bark-out${query ? `?${query}` : ""}`;
}

/**
 * The category checklist's rule (public-directory.md §2), applied to what a form sent: ticking 'All
 * categories' unticks the others, ticking any category unticks 'all', and none left means all.
 * `previous` is what was ticked before (the hidden field), so the server can tell which box is new.
 */
export function resolveCategories(ticked: readonly string[], previous: readonly string[]): string[] {
  const specific = ticked.filter((slug) => slug !== ALL_CATEGORIES);
  const allTicked = ticked.includes(ALL_CATEGORIES);
  const allWasTicked = previous.length === 0 || previous.includes(ALL_CATEGORIES);
  if (allTicked && !allWasTicked) return [];
  return [...new Set(specific)];
}

export function formatPostDate(iso: string | null): string {
  if (!iso) return "";
  return formatDateInWords(iso);
}
