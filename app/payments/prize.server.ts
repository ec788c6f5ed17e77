// Paying for a subscription with a Treat: the spec's payment method 3, "prize" (docs/decisions/0127).
// The Treat is consumed in the same transaction that records the charge and starts the subscription, and
// the charge's key names the Treat, so a doubled or retried submit starts one subscription.
import { eq, sql as rawSql } from "drizzle-orm";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { charges, paymentMethods, subscriptions } from "../../db/schema";
import type { SessionUser } from "../auth/guards.server";
import { db } from "../db.server";
import { AppError, found, invariant } from "../errors";
import { consumeTreatForSubscription, hexTreatId, treatIdFromHex, type TreatSubscriptionData } from "../treats/awarded.server";
import { TREAT_MESSAGES } from "../treats/types";
import { flashHeader } from "../auth/flash.server";
import { PAYMENT_MESSAGES, PRIZE_MESSAGES, SUBSCRIPTION_MESSAGES } from "./messages";
import { readForm, safeNext } from "./pages.server";
import { oneAtATime } from "./in-flight.server";
import { findPlan, formatShortDate, PAYMENT_METHOD, type Plan } from "./plans";
import { prizeSchema, renewTreatSchema } from "./schemas";
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
 * transaction records the charge (key `prize:{treat}`), consumes the Treat, starts the subscription (or,
 * for a subscriber, lengthens the current one by the Treat's months: decision 0238) and writes the
 * receipt; a failure anywhere leaves the Treat unused. It runs under the member's payment lease
 * (decision 0235), so a doubled submit or another tab answers the subscription the first one started.
 */
export async function payWithTreat(user: SessionUser, input: { option: string; treatId: number }): Promise<PaymentResult> {
  const plan = findPlan(input.option);
  invariant(plan, 400, SUBSCRIPTION_MESSAGES.noPlan, { fieldErrors: { option: SUBSCRIPTION_MESSAGES.noPlan } });
  const idempotencyKey = `prize:${input.treatId}`;
  const subscriptionId = await oneAtATime(user.id, idempotencyKey, () =>
    db().transaction(async (tx) => {
      const [earlier] = await tx.select().from(charges).where(eq(charges.idempotencyKey, idempotencyKey));
      if (earlier) return found(earlier.userId === user.id ? earlier.subscriptionId : null, TREAT_MESSAGES.notFound);
      const current = await currentSubscription(user.id, tx);
      const active = current && current.expiresAt > new Date() ? current : null;
      // A subscriber's Treat pays for more of the plan they are on.
      const paysFor = active ? (findPlan(active.plan) ?? plan) : plan;
      const [charge] = await tx
        .insert(charges)
        .values({ userId: user.id, idempotencyKey, purpose: active ? "renew" : "subscribe", plan: paysFor.option, subscriptionId: active?.id ?? null, amountPence: 0 })
        .returning();
      const treat = await consumeTreatForSubscription(tx, user.id, input.treatId);
      if (treat.discount < 100 || !treatCoversPlan(treat.filter, paysFor)) throw new AppError(422, PRIZE_MESSAGES.wrongPlan(paysFor.name), { code: "treat-wrong-plan" });
      const [method] = await tx
        .insert(paymentMethods)
        .values({ userId: user.id, method: PAYMENT_METHOD.prize, providerRef: `treat:${treat.awardedTreatId}`, brand: treat.name })
        .onConflictDoUpdate({ target: [paymentMethods.userId, paymentMethods.providerRef], set: { brand: treat.name } })
        .returning({ id: paymentMethods.id });
      await tx
        .update(charges)
        .set({ paymentMethodId: method.id, periodEnd: addMonths(active ? active.expiresAt : new Date(), treatMonths(treat)) })
        .where(eq(charges.id, charge.id));
      await applySucceededIn(tx, charge.id, null);
      const [applied] = await tx.select({ subscriptionId: charges.subscriptionId }).from(charges).where(eq(charges.id, charge.id));
      return applied.subscriptionId;
    }),
  );
  return resultOf(subscriptionId);
}

/** A Treat used on the renew or enable-autorenew page, or the renew call with method 3: it pays for more of the member's plan. */
export async function renewWithTreat(user: SessionUser, treatId: number): Promise<PaymentResult> {
  const subscription = found(await currentSubscription(user.id), SUBSCRIPTION_MESSAGES.noSubscription);
  return payWithTreat(user, { option: subscription.plan, treatId });
}

/** The Treat form's plain POST on the renew and enable-autorenew pages: back to the subscription with the spec's renewal message. */
export async function renewTreatAction(user: SessionUser, request: Request): Promise<Response> {
  try {
    const input = await readForm(request, renewTreatSchema);
    const result = await renewWithTreat(user, treatIdFromHex(input.paymentMethod));
    if (result.status !== "succeeded") throw new AppError(409, PRIZE_MESSAGES.failed);
    return redirect("/account/subscriptions", { headers: { "Set-Cookie": await flashHeader(PAYMENT_MESSAGES.renewed(formatShortDate(result.expiryDate))) } });
  } catch (error) {
    if (error instanceof AppError) return Response.json({ error: error.message, form: "treat" }, { status: error.status });
    throw error;
  }
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
