// Subscriptions and revenue per month, from the receipts (one per succeeded charge, docs/decisions/0120):
// calendar months in UK time, the current month included, months without payments kept as zeros.
import { sql } from "../db.server";
import type { MonthlyRevenue, RevenueSummary } from "./revenue";

export const REVENUE_MONTHS = 12;

export async function revenuePerMonth(months = REVENUE_MONTHS): Promise<RevenueSummary> {
  const rows = await sql()<MonthlyRevenue[]>`
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
    GROUP BY m.month ORDER BY m.month`;
  const [active] = await sql()<{ count: number }[]>`SELECT count(*)::int AS count FROM subscriptions WHERE ended_at IS NULL AND expires_at > now()`;
  return { months: rows.map((row) => ({ ...row })), activeSubscribers: active.count };
}
