// The counts of what waits for an administrator, shown in the admin navigation (app/admin/nav.ts).
import { sql } from "../db.server";

export const WAITING_COUNTS: Record<string, () => Promise<number>> = {
  /** Submitted listings and submitted edits of live listings. */
  "submitted-listings": async () => {
    const [row] = await sql()<{ count: number }[]>`SELECT count(DISTINCT listing_id)::int AS count FROM listing_versions WHERE status = 1`;
    return row?.count ?? 0;
  },
  "unmoderated-reviews": async () => {
    const [row] = await sql()<{ count: number }[]>`SELECT count(*)::int AS count FROM reviews WHERE status = 0`;
    return row?.count ?? 0;
  },
  /** Stories members and visitors sent in, not yet published (app/blog/admin.server.ts's "stories" tab). */
  "submitted-stories": async () => {
    const [row] = await sql()<{ count: number }[]>`SELECT count(*)::int AS count FROM blog_posts WHERE status = 'draft' AND story IS NOT NULL`;
    return row?.count ?? 0;
  },
  "unread-messages": async () => {
    const [row] = await sql()<{ count: number }[]>`SELECT count(*)::int AS count FROM contact_messages WHERE read_at IS NULL`;
    return row?.count ?? 0;
  },
};

export async function waitingCounts(): Promise<Record<string, number>> {
  const entries = await Promise.all(Object.entries(WAITING_COUNTS).map(async ([key, count]) => [key, await count()] as const));
  return Object.fromEntries(entries);
}
