// Paying for a subscription with a Treat: the spec's payment method 3, "prize" (docs/decisions/0127).
// The Treat is consumed in the same transaction that records the charge and starts the subscription, and
// the charge's key names the Treat, so a doubled or retried submit starts one subscription.
import { and, eq, sql as rawSql } from "drizzle-orm";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { charges, paymentMethods, subscriptions } from "../../db/schema";
import type { SessionUser } from "../auth/guards.server";
import { db } from "../db.server";
import { AppError, found, invariant } from "../errors";
import { consumeTreatForSubscription, hexTreatId, treatIdFromHex, type TreatSubscriptionData } from "../treats/awarded.server";
import { TREAT_MESSAGES } from "../treats/types";
import { PRIZE_MESSAGES, SUBSCRIPTION_MESSAGES } from "./messages";
import { readForm, safeNext } from "./pages.server";
import { findPlan, PAYMENT_METHOD, type Plan } from "./plans";
import { prizeSchema } from "./schemas";
import { addMonths, applySucceededIn, currentSubscription, type PaymentResult } from "./subscriptions.server";
import type { TreatPaymentView } from "./types";
import { confirmationHref } from "./urls";

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

type PayingRow = { id: number; name: string; expires_at: Date | null; filter: "none" | "type" | "option"; filter_value: string | null; interval: number | null; period: "month" | "year" | null };

/** The member's unused Treats that pay the whole of this plan (a partial discount is not a payment). */
export async function payingTreats(userId: number, plan: Plan): Promise<TreatPaymentView[]> {
  const rows = await db().execute<PayingRow>(rawSql`
    SELECT t.id, o.name, t.expires_at, o.subscription_filter AS filter, o.subscription_filter_value AS filter_value,
           (o.data->>'interval')::numeric::int AS interval, o.data->>'period' AS period
    FROM awarded_treats t JOIN treat_options o ON o.id = t.option_id
    WHERE t.user_id = ${userId} AND o.type = 1 AND coalesce((o.data->>'discount')::numeric, 100) >= 100
      AND t.redeemed_at IS NULL AND t.gifted_at IS NULL AND t.expired_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())
    ORDER BY t.expires_at NULLS LAST, t.id LIMIT 20`);
  return rows
    .filter((row) => treatCoversPlan({ kind: row.filter, value: row.filter_value }, plan))
    .map((row) => ({ hexId: hexTreatId(row.id), name: row.name, months: treatMonths({ interval: row.interval ?? 1, period: row.period ?? "month" }), expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null }));
}

async function resultOf(subscriptionId: number | null): Promise<PaymentResult> {
  const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId ?? 0));
  const applied = found(subscription, SUBSCRIPTION_MESSAGES.noSubscription);
  return { status: "succeeded", subscriptionId: applied.id, expiryDate: applied.expiresAt.toISOString() };
}

/**
 * The spec's POST users/me/paymentMethod {paymentMethod, method: 3}: the Treat pays for the plan. One
 * transaction records the charge (key `prize:{treat}`), consumes the Treat, starts the subscription and
 * writes the receipt; a failure anywhere leaves the Treat unused. A second submit waits on the charge's
 * unique key and then answers the subscription the first one started.
 */
export async function payWithTreat(user: SessionUser, input: { option: string; treatId: number }): Promise<PaymentResult> {
  const plan = findPlan(input.option);
  invariant(plan, 400, SUBSCRIPTION_MESSAGES.noPlan, { fieldErrors: { option: SUBSCRIPTION_MESSAGES.noPlan } });
  const idempotencyKey = `prize:${input.treatId}`;
  const subscriptionId = await db().transaction(async (tx) => {
    const [charge] = await tx.insert(charges).values({ userId: user.id, idempotencyKey, purpose: "subscribe", plan: plan.option, amountPence: 0 }).onConflictDoNothing().returning();
    if (!charge) {
      const [earlier] = await tx.select().from(charges).where(and(eq(charges.idempotencyKey, idempotencyKey), eq(charges.userId, user.id)));
      return found(earlier?.subscriptionId, TREAT_MESSAGES.notFound);
    }
    const current = await currentSubscription(user.id, tx);
    if (current && current.expiresAt > new Date()) throw new AppError(409, SUBSCRIPTION_MESSAGES.alreadySubscribed);
    const treat = await consumeTreatForSubscription(tx, user.id, input.treatId);
    if (treat.discount < 100 || !treatCoversPlan(treat.filter, plan)) throw new AppError(422, PRIZE_MESSAGES.wrongPlan(plan.name), { code: "treat-wrong-plan" });
    const [method] = await tx
      .insert(paymentMethods)
      .values({ userId: user.id, method: PAYMENT_METHOD.prize, providerRef: `treat:${treat.awardedTreatId}`, brand: treat.name })
      .onConflictDoUpdate({ target: [paymentMethods.userId, paymentMethods.providerRef], set: { brand: treat.name } })
      .returning({ id: paymentMethods.id });
    await tx.update(charges).set({ paymentMethodId: method.id, periodEnd: addMonths(new Date(), treatMonths(treat)) }).where(eq(charges.id, charge.id));
    await applySucceededIn(tx, charge.id, null);
    const [applied] = await tx.select({ subscriptionId: charges.subscriptionId }).from(charges).where(eq(charges.id, charge.id));
    return applied.subscriptionId;
  });
  return resultOf(subscriptionId);
}

/** The Treat form's plain POST on /payment: redirects to the confirmation, or answers the error for the Treat form to show. */
export async function treatFormAction(user: SessionUser, request: Request): Promise<Response> {
  try {
    const input = await readForm(request, prizeSchema.extend({ next: z.string().max(300).optional(), context: z.string().max(40).optional() }));
    const result = await payWithTreat(user, { option: input.option, treatId: treatIdFromHex(input.paymentMethod) });
    if (result.status !== "succeeded") throw new AppError(409, PRIZE_MESSAGES.failed);
    return redirect(confirmationHref(result.subscriptionId, safeNext(input.next ?? null), input.context?.replace(/[^\w-]/g, "") || null));
  } catch (error) {
    if (error instanceof AppError) return Response.json({ error: error.message, form: "treat" }, { status: error.status });
    throw error;
  }
}
