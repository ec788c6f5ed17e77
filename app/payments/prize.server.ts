// Paying for a subscription with a Treat: the spec's payment method 3, "prize" (docs/decisions/0127).
// The Treat is consumed in the same transaction that records the charge and starts the subscription, and
// the charge's key names the Treat, so a doubled or retried submit starts one subscription.
import { formatDateShortYear } from "../../kit/format";
import { eq } from "drizzle-orm";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { charges, paymentMethods, subscriptions } from "../../db/schema";
import type { SessionUser } from "../auth/guards.server";
import { db } from "../db.server";
import { AppError, found, invariant } from "../../core/errors";
import { errorResponse } from "../error-response.server";
import { consumeTreatForSubscription, treatIdFromHex } from "../treats/awarded.server";
import { TREAT_MESSAGES } from "../treats/types";
import { redirectWithFlash } from "../auth/flash.server";
import { PAYMENT_MESSAGES, PRIZE_MESSAGES, SUBSCRIPTION_MESSAGES, TREAT_FORM_ERROR } from "./messages";
import { readForm, safeNext } from "./pages.server";
import { oneAtATime } from "./in-flight.server";
import { findPlan, PAYMENT_METHOD } from "./plans";
import { prizeSchema, renewTreatSchema } from "./schemas";
import { addMonths, applySucceededIn, currentSubscription, type PaymentResult } from "./subscriptions.server";
import { treatCoversPlan, treatMonths } from "./treat-discounts.server";
import { confirmationHref } from "./urls";

export { payingTreats, treatCoversPlan, treatMonths } from "./treat-discounts.server";

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
      if (!treatCoversPlan(treat.filter, paysFor)) throw new AppError(422, PRIZE_MESSAGES.wrongPlan(paysFor.name), { code: "treat-wrong-plan" });
      // A part-paying Treat is used with a card or PayPal payment (decision 0238), not on its own.
      if (treat.discount < 100) throw new AppError(422, PRIZE_MESSAGES.partPays(treat.discount), { code: "treat-part-pays" });
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
    return redirectWithFlash("/account/subscriptions", PAYMENT_MESSAGES.renewed(formatDateShortYear(result.expiryDate)));
  } catch (error) {
    if (error instanceof AppError) return errorResponse(new AppError(error.status, error.message, { fieldErrors: error.fieldErrors, code: TREAT_FORM_ERROR }));
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
    if (error instanceof AppError) return errorResponse(new AppError(error.status, error.message, { fieldErrors: error.fieldErrors, code: TREAT_FORM_ERROR }));
    throw error;
  }
}
