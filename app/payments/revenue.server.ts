// Subscriptions and revenue per month, from the receipts (one per succeeded charge, docs/decisions/0120):
// calendar months in UK time, the current month included, months without payments kept as zeros.
import { and, count, gt, isNull, sql } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { db } from "../db.server";
import type { MonthlyRevenue, RevenueSummary } from "./revenue";

export const REVENUE_MONTHS = 12;

export async function revenuePerMonth(months = REVENUE_MONTHS): Promise<RevenueSummary> {
  const rows = await db().execute<MonthlyRevenue & Record<string, unknown>>(sql`
    WITH months AS (
      SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'Europe/London') - make_interval(months => ${months - 1}),
                             date_trunc('month', now() AT TIME ZONE 'Europe/London'), interval '1 month') AS month
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month,
           count(r.id) FILTER (WHERE c.purpose = 'subscribe')::int AS "newSubscriptions",
           count(r.id) FILTER (WHERE c.purpose = 'renew')::int AS renewals,
           count(r.id) FILTER (WHERE c.purpose = 'switch')::int AS switches,
           coalesce(sum(r.amount_pence), 0)::int AS "revenuePence"
    FROM months m
    LEFT JOIN receipts r ON (r.issued_at AT TIME ZONE 'Europe/London') >= m.month AND (r.issued_at AT TIME ZONE 'Europe/London') < m.month + interval '1 month'
    LEFT JOIN charges c ON c.id = r.charge_id
    GROUP BY m.month ORDER BY m.month`);
  const [active] = await db()
    .select({ count: count() })
    .from(subscriptions)
    .where(and(isNull(subscriptions.endedAt), gt(subscriptions.expiresAt, sql`now()`)));
  return { months: rows.map((row) => ({ ...row })), activeSubscribers: active.count };
}
