// Which of a member's Treats pay for a plan, and how much a part-paying one takes off (decision 0238).
// A Treat of type 1 pays for Premium: 100 % pays the whole of its months (method 3, prize.server.ts);
// less takes that share of its months' worth of the plan off a card or PayPal payment, on /payment or
// when renewing. No payment module is imported here, so checkout and the Treat payment can both use it.
import { sql as rawSql } from "drizzle-orm";
import { db } from "../db.server";
import { AppError } from "../../core/errors";
import { hexTreatId, type TreatSubscriptionData } from "../treats/awarded.server";
import { TREAT_MESSAGES } from "../treats/types";
import { PRIZE_MESSAGES } from "./messages";
import type { Plan } from "./plans";
import type { TreatPaymentView } from "./types";

/** Does a Treat's subscription filter name this plan? Every plan is a Premium membership (app/treats/plans.ts). */
export function treatCoversPlan(filter: TreatSubscriptionData["filter"], plan: Plan): boolean {
  if (filter.kind === "none") return true;
  if (filter.kind === "type") return filter.value === "premium";
  return filter.value === plan.option;
}

/** How long the subscription a Treat pays for lasts: its interval of months or years, 1 to 36 months. */
export function treatMonths(data: Pick<TreatSubscriptionData, "interval" | "period">): number {
  const months = Math.floor(data.interval) * (data.period === "year" ? 12 : 1);
  return Math.min(36, Math.max(1, Number.isFinite(months) ? months : 1));
}

type TreatRow = { id: number; name: string; expires_at: Date | null; filter: "none" | "type" | "option"; filter_value: string | null; interval: number | null; period: "month" | "year" | null; discount: number };

async function usableTreats(userId: number, plan: Plan, treatId: number | null): Promise<TreatPaymentView[]> {
  const rows = await db().execute<TreatRow>(rawSql`
    SELECT t.id, o.name, t.expires_at, o.subscription_filter AS filter, o.subscription_filter_value AS filter_value,
           (o.data->>'interval')::numeric::int AS interval, o.data->>'period' AS period,
           least(100, greatest(0, coalesce((o.data->>'discount')::numeric, 100)))::int AS discount
    FROM awarded_treats t JOIN treat_options o ON o.id = t.option_id
    WHERE t.user_id = ${userId} AND o.type = 1 AND (${treatId}::int IS NULL OR t.id = ${treatId})
      AND t.redeemed_at IS NULL AND t.gifted_at IS NULL AND t.expired_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())
    ORDER BY t.expires_at NULLS LAST, t.id LIMIT 20`);
  return rows
    .filter((row) => row.discount > 0 && treatCoversPlan({ kind: row.filter, value: row.filter_value }, plan))
    .map((row) => ({
      hexId: hexTreatId(row.id),
      name: row.name,
      months: treatMonths({ interval: row.interval ?? 1, period: row.period ?? "month" }),
      expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      discountPercent: row.discount,
    }));
}

/** The member's unused Treats that pay the whole of this plan (method 3). */
export async function payingTreats(userId: number, plan: Plan): Promise<TreatPaymentView[]> {
  return (await usableTreats(userId, plan, null)).filter((treat) => treat.discountPercent >= 100);
}

/** The member's unused Treats that take a share off a payment for this plan ("A month of Premium at half price"). */
export async function partPayingTreats(userId: number, plan: Plan): Promise<TreatPaymentView[]> {
  return (await usableTreats(userId, plan, null)).filter((treat) => treat.discountPercent < 100);
}

/** The Treat's share of its months' worth of the plan, off `pence` (what the member pays otherwise): at least 30p stays to pay by card. */
export function treatDiscountPence(treat: Pick<TreatPaymentView, "months" | "discountPercent">, plan: Plan, pence: number): number {
  const share = Math.min(treat.months, plan.periodMonths) / plan.periodMonths;
  return Math.max(0, Math.min(Math.floor(pence * share * (treat.discountPercent / 100)), pence - 30));
}

/** A part-paying Treat the member names for this payment: theirs, unused, for this plan; else a 4xx with the reason. */
export async function partPayingTreat(userId: number, plan: Plan, treatId: number): Promise<TreatPaymentView & { id: number }> {
  const [treat] = await usableTreats(userId, plan, treatId);
  if (!treat) throw new AppError(404, TREAT_MESSAGES.notFound);
  if (treat.discountPercent >= 100) throw new AppError(422, PRIZE_MESSAGES.paysWhole, { code: "treat-pays-whole" });
  return { ...treat, id: treatId };
}
