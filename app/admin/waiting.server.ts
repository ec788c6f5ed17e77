// The counts of what waits for an administrator, shown in the admin navigation (app/admin/nav.ts).
import { count, countDistinct, eq, and, isNotNull, isNull } from "drizzle-orm";
import { blogPosts, contactMessages, listingVersions, reviews } from "../../db/schema";
import { db } from "../db.server";

export const WAITING_COUNTS: Record<string, () => Promise<number>> = {
  /** Submitted listings and submitted edits of live listings. */
  "submitted-listings": async () => {
    const [row] = await db().select({ count: countDistinct(listingVersions.listingId) }).from(listingVersions).where(eq(listingVersions.status, 1));
    return row?.count ?? 0;
  },
  "unmoderated-reviews": async () => {
    const [row] = await db().select({ count: count() }).from(reviews).where(eq(reviews.status, 0));
    return row?.count ?? 0;
  },
  /** Stories members and visitors sent in, not yet published (app/blog/admin.server.ts's "stories" tab). */
  "submitted-stories": async () => {
    const [row] = await db()
      .select({ count: count() })
      .from(blogPosts)
      .where(and(eq(blogPosts.status, "draft"), isNotNull(blogPosts.story)));
    return row?.count ?? 0;
  },
  "unread-messages": async () => {
    const [row] = await db().select({ count: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
    return row?.count ?? 0;
  },
};

export async function waitingCounts(): Promise<Record<string, number>> {
  const entries = await Promise.all(Object.entries(WAITING_COUNTS).map(async ([key, count]) => [key, await count()] as const));
  return Object.fromEntries(entries);
}
