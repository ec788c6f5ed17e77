// The back office dashboard: what waits, new members, listings and reviews per week, latest admin actions.
import { count, desc, isNull, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { db } from "../db.server";
import { iso } from "./params.server";
import { latestAuditEntries, type AuditEntryView } from "./audit.server";
import type { WeeklyPoint } from "./chart";
import { revenuePerMonth } from "../payments/revenue.server";
import type { RevenueSummary } from "../payments/revenue";

export const DASHBOARD_WEEKS = 12;

export interface Dashboard {
  queues: { submittedListings: number; pendingEdits: number; draftListings: number; unmoderatedReviews: number; deniedReviews: number; submittedStories: number; unreadMessages: number };
  members: { total: number; lastWeek: number; latest: { id: number; username: string | null; email: string; createdAt: string; verified: boolean }[] };
  listingsPerWeek: WeeklyPoint[];
  reviewsPerWeek: WeeklyPoint[];
  audit: AuditEntryView[];
  revenue: RevenueSummary;
}

/** Counts per week (Monday starts) over the last `weeks` weeks, this week included, zeros kept. */
async function perWeek(table: "listings" | "reviews" | "users", weeks: number): Promise<WeeklyPoint[]> {
  const rows = await db().execute<{ week: Date | string; count: number }>(sql`
    WITH weeks AS (
      SELECT generate_series(date_trunc('week', now()) - make_interval(weeks => ${weeks - 1}), date_trunc('week', now()), interval '1 week') AS week
    )
    SELECT w.week, count(t.id)::int AS count
    FROM weeks w LEFT JOIN ${sql.identifier(table)} t ON t.created_at >= w.week AND t.created_at < w.week + interval '1 week'
    GROUP BY w.week ORDER BY w.week`);
  return rows.map((row) => ({ week: iso(row.week).slice(0, 10), count: row.count }));
}

export async function loadDashboard(): Promise<Dashboard> {
  // "l.status = 2" is geo/listing.ts's live(): the literal the partial indexes match.
  const [queues] = await db().execute<Dashboard["queues"]>(sql`
    SELECT
      (SELECT count(*)::int FROM listings WHERE status = 1) AS "submittedListings",
      (SELECT count(DISTINCT v.listing_id)::int FROM listing_versions v JOIN listings l ON l.id = v.listing_id WHERE v.status = 1 AND l.status = 2) AS "pendingEdits",
      (SELECT count(*)::int FROM listings WHERE status = 4) AS "draftListings",
      (SELECT count(*)::int FROM reviews WHERE status = 0) AS "unmoderatedReviews",
      (SELECT count(*)::int FROM reviews WHERE status = 3) AS "deniedReviews",
      (SELECT count(*)::int FROM blog_posts WHERE status = 'draft' AND story IS NOT NULL) AS "submittedStories",
      (SELECT count(*)::int FROM contact_messages WHERE read_at IS NULL) AS "unreadMessages"`);
  const [members] = await db()
    .select({ total: count(), last_week: sql<number>`count(*) FILTER (WHERE ${users.createdAt} > now() - interval '7 days')::int` })
    .from(users)
    .where(isNull(users.deactivatedAt));
  const latest = await db()
    .select({ id: users.id, username: users.username, email: users.email, created_at: users.createdAt, email_verified: users.emailVerified })
    .from(users)
    .where(isNull(users.deactivatedAt))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(5);
  const [listingsPerWeek, reviewsPerWeek, audit, revenue] = await Promise.all([perWeek("listings", DASHBOARD_WEEKS), perWeek("reviews", DASHBOARD_WEEKS), latestAuditEntries(8), revenuePerMonth()]);
  return {
    queues,
    members: {
      total: members.total,
      lastWeek: members.last_week,
      latest: latest.map((row) => ({ id: row.id, username: row.username, email: row.email, createdAt: iso(row.created_at), verified: row.email_verified })),
    },
    listingsPerWeek,
    reviewsPerWeek,
    audit,
    revenue,
  };
}
