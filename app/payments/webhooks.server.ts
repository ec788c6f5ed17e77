// Provider events (webhooks): verified by signature, stored by id before they are applied, in one
// transaction with the change, so a replayed event changes nothing (docs/decisions/0120-payments.md).
import { and, eq, sql as rawSql } from "drizzle-orm";
import { charges, paymentEvents } from "../../db/schema";
import { db } from "../db.server";
import { AppError } from "../errors";
import { applySucceededIn } from "./subscriptions.server";
import { valueToPence, verifyWebhook } from "./paypal.server";
import { stripe, stripeConfig } from "./stripe.server";

export const MAX_WEBHOOK_BYTES = 256 * 1024;

/** POST /api/webhooks/stripe: answers whether the event was new. */
export async function receiveStripeEvent(payload: string, signature: string | null): Promise<{ received: true; duplicate: boolean }> {
  if (!signature) throw new AppError(400, "Missing Stripe-Signature header.");
  let event;
  try {
    event = (await stripe()).webhooks.constructEvent(payload, signature, stripeConfig().webhookSecret);
  } catch {
    throw new AppError(400, "The webhook signature could not be verified.");
  }
  return db().transaction(async (tx) => {
    const stored = await tx.insert(paymentEvents).values({ provider: "stripe", eventId: event.id, type: event.type }).onConflictDoNothing().returning();
    if (stored.length === 0) return { received: true as const, duplicate: true };
    if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed") {
      const intent = event.data.object;
      const chargeId = Number(intent.metadata?.charge_id);
      const [charge] = await tx
        .select()
        .from(charges)
        .where(Number.isSafeInteger(chargeId) && chargeId > 0 ? eq(charges.id, chargeId) : eq(charges.providerRef, intent.id));
      if (charge && charge.amountPence === intent.amount) {
        if (event.type === "payment_intent.succeeded") await applySucceededIn(tx, charge.id, intent.id);
        else await tx.update(charges).set({ status: "failed", failureCode: intent.last_payment_error?.code ?? "payment_failed" }).where(and(eq(charges.id, charge.id), rawSql`${charges.status} <> 'succeeded'`));
      }
    }
    return { received: true as const, duplicate: false };
  });
}

interface PayPalEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: { id?: string; custom_id?: string; amount?: { currency_code?: string; value?: string }; supplementary_data?: { related_ids?: { order_id?: string } }; status_details?: { reason?: string } };
}

/**
 * POST /api/webhooks/paypal: PayPal's notifications, verified with PayPal's verify-webhook-signature call,
 * stored by event id in the same transaction as their change (a replay changes nothing). A completed
 * capture applies its charge (custom_id = our charge id) when the amount matches to the penny; a denied
 * one marks a charge that has not succeeded as failed.
 */
export async function receivePayPalEvent(payload: string, headers: Headers): Promise<{ received: true; duplicate: boolean }> {
  let event: PayPalEvent;
  try {
    event = JSON.parse(payload) as PayPalEvent;
  } catch {
    throw new AppError(400, "The webhook body could not be read.");
  }
  if (typeof event.id !== "string" || !/^[\w-]{1,100}$/.test(event.id) || typeof event.event_type !== "string") throw new AppError(400, "The webhook body could not be read.");
  if (!(await verifyWebhook(headers, event))) throw new AppError(400, "The webhook signature could not be verified.");
  const eventId = event.id;
  const type = event.event_type.slice(0, 100);
  return db().transaction(async (tx) => {
    const stored = await tx.insert(paymentEvents).values({ provider: "paypal", eventId, type }).onConflictDoNothing().returning();
    if (stored.length === 0) return { received: true as const, duplicate: true };
    const resource = event.resource ?? {};
    const chargeId = Number(resource.custom_id);
    const orderId = resource.supplementary_data?.related_ids?.order_id ?? null;
    if ((type === "PAYMENT.CAPTURE.COMPLETED" || type === "PAYMENT.CAPTURE.DENIED") && (Number.isSafeInteger(chargeId) || orderId)) {
      const [charge] = await tx
        .select()
        .from(charges)
        .where(Number.isSafeInteger(chargeId) && chargeId > 0 ? eq(charges.id, chargeId) : eq(charges.providerRef, orderId ?? ""));
      const amount = resource.amount?.currency_code === "GBP" ? valueToPence(resource.amount.value) : null;
      if (charge && amount === charge.amountPence) {
        if (type === "PAYMENT.CAPTURE.COMPLETED") await applySucceededIn(tx, charge.id, orderId);
        else await tx.update(charges).set({ status: "failed", failureCode: resource.status_details?.reason ?? "DENIED" }).where(and(eq(charges.id, charge.id), rawSql`${charges.status} <> 'succeeded'`));
      }
    }
    return { received: true as const, duplicate: false };
  });
}
