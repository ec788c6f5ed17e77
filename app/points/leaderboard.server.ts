// The leaderboard (public-directory.md §2 /leaderboard): members ranked by the Treat Points awarded in a
// period, in one statement with window functions over the awarded entries. The partial index
// points_entries_awarded_leaderboard (awarded_at INCLUDE user_id, points WHERE status = 'awarded') lets the
// month and year boards read only their period's entries, from the index alone.
import { sql as rawSql } from "drizzle-orm";
import { db } from "../db.server";
import type { LeaderboardPeriod, LeaderboardRow } from "../members/types";

export const LEADERBOARD_SIZE = 50;

/** The start of the period in the site's time zone (UK), or null for all time. */
function periodStart(period: LeaderboardPeriod) {
  if (period === "month") return rawSql`date_trunc('month', now() AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London'`;
  if (period === "year") return rawSql`date_trunc('year', now() AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London'`;
  return rawSql`'-infinity'::timestamptz`;
}

/**
 * The top members for the period (ties share a rank), plus the viewing member's own row when it falls
 * below the top. Only members with a username are ranked; deactivated members are left out.
 */
export async function leaderboard(period: LeaderboardPeriod, viewerId: number | null, size = LEADERBOARD_SIZE): Promise<LeaderboardRow[]> {
  const rows = await db().execute<{ rank: number; username: string; points: number; reviews: number; is_me: boolean }>(rawSql`
    WITH totals AS (
      SELECT e.user_id, sum(e.points)::int AS points
      FROM points_entries e
      WHERE e.status = 'awarded' AND e.awarded_at >= ${periodStart(period)}
      GROUP BY e.user_id
    ), ranked AS (
      SELECT u.id, u.username, t.points,
        rank() OVER (ORDER BY t.points DESC)::int AS rank,
        row_number() OVER (ORDER BY t.points DESC, lower(u.username)) AS position
      FROM totals t JOIN users u ON u.id = t.user_id
      WHERE t.points > 0 AND u.username IS NOT NULL AND u.deactivated_at IS NULL
    )
    SELECT r.rank, r.username, r.points, r.id = ${viewerId ?? 0} AS is_me,
      (SELECT count(*)::int FROM reviews v WHERE v.user_id = r.id AND v.status IN (1, 2)) AS reviews
    FROM ranked r
    WHERE r.position <= ${size} OR r.id = ${viewerId ?? 0}
    ORDER BY r.position`);
  return rows.map((row) => ({ rank: Number(row.rank), username: row.username, points: Number(row.points), reviews: Number(row.reviews), isMe: row.is_me }));
}

/** One member's all-time rank among ranked members (null when they have no points or no username). */
export async function allTimeRank(userId: number): Promise<number | null> {
  const rows = await db().execute<{ rank: number }>(rawSql`
    SELECT 1 + (SELECT count(*) FROM users o WHERE o.points > u.points AND o.username IS NOT NULL AND o.deactivated_at IS NULL)::int AS rank
    FROM users u WHERE u.id = ${userId} AND u.points > 0 AND u.username IS NOT NULL`);
  return rows[0] ? Number(rows[0].rank) : null;
}
