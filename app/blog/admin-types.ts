// The back office's blog shapes and messages (no server imports: components use these).

export const ADMIN_TABS = ["all", "published", "drafts", "stories", "scheduled"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
  all: "All",
  published: "Published",
  drafts: "Drafts",
  stories: "Submitted stories",
  scheduled: "Scheduled",
};

export function adminTabHref(tab: AdminTab): string {
  return tab === "all" ? "/account/admin/blog-posts" : `/account/admin/blog-posts/${tab}`;
}

export interface AdminPostRow {
  id: number;
  slug: string;
  title: string;
  authorName: string;
  isStory: boolean;
  status: "draft" | "scheduled" | "published";
  publishedAt: string | null;
}

export interface BookRow {
  id: number;
  title: string;
  slug: string;
  status: string;
  order: number;
}

/** account-and-back-office.md §8, word for word. */
export const BOOKS_MESSAGES = {
  success: "Books order updates successfully",
  failure: "Couldn't update books order",
} as const;

export const BLOG_ADMIN_MESSAGES = {
  saved: "The post has been saved",
  published: "The post has been published",
  unpublished: "The post is a draft again",
  deleted: "The post has been deleted",
} as const;

/** The editor's view of a post (what app/blog/admin.server.ts's editablePost returns). */
export interface EditablePostView {
  id: number | null;
  title: string;
  slug: string;
  excerpt: string;
  bodyHtml: string;
  categories: number[];
  status: "draft" | "scheduled" | "published";
  publishedAt: string;
  gallery: string[];
  videos: string;
  story: { likes: string; favouriteWalks: string; walkActivities: string; name?: string; email?: string } | null;
  authorName: string;
}
