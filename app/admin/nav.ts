/**
 * The back office's navigation, in order: the admin layout renders this one list. Later issues append
 * their sections here (blog posts, Treats, friendly discounts …). `waiting` names a count of what waits
 * for an administrator (app/admin/waiting.server.ts computes them; add yours to WAITING_COUNTS there).
 * A plain module: no server imports, so the layout component can read it.
 */
import { BLOG_ADMIN_NAV } from "../blog/admin-nav";

export interface AdminNavItem {
  to: string;
  label: string;
  /** The key of a waiting count shown beside the label (e.g. submitted listings). */
  waiting?: string;
  /** Matches only the exact path (the dashboard), not its children. */
  end?: boolean;
}

/** The blog pages' waiting counts: submitted stories wait on the posts, unread messages on the messages. */
const BLOG_WAITING: Record<string, string | undefined> = {
  "/account/admin/blog-posts": "submitted-stories",
  "/account/admin/contact-messages": "unread-messages",
};

export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/account/admin", label: "Dashboard", end: true },
  { to: "/account/admin/listings/submitted", label: "Listings", waiting: "submitted-listings" },
  { to: "/account/admin/reviews/unmoderated", label: "Reviews", waiting: "unmoderated-reviews" },
  { to: "/account/admin/users", label: "Members" },
  { to: "/account/admin/manage-roads", label: "Roads" },
  { to: "/account/admin/treats", label: "Treats" },
  { to: "/account/admin/affiliate-links", label: "Discount links" },
  ...BLOG_ADMIN_NAV.map((item) => ({ ...item, waiting: BLOG_WAITING[item.to] })),
];

/** What each waiting count means, for the badge's accessible label. */
export const WAITING_LABELS: Record<string, string> = {
  "submitted-listings": "listings waiting for moderation",
  "unmoderated-reviews": "reviews waiting for moderation",
  "submitted-stories": "submitted stories waiting to be read",
  "unread-messages": "unread contact messages",
};
