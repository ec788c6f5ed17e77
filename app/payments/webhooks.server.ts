// Provider events (webhooks): verified by signature, stored by id before they are applied, in one
// transaction with the change, so a replayed event changes nothing (docs/decisions/0120-payments.md).
import { and, eq, sql as rawSql } from "drizzle-orm";
import { charges, paymentEvents } from "../../db/schema";
import { db } from "../db.server";
import { AppError } from "../errors";
import { applySucceededIn } from "./subscriptions.server";
import { stripe, stripeConfig } from "./stripe.server";

export const MAX_WEBHOOK_BYTES = 256 * 1024;

/** POST /api/webhooks/stripe: answers whether the event was new. */
export async function receiveStripeEvent(payload: string, signature: string | null): Promise<{ received: true; duplicate: boolean }> {
  if (!signature) throw new AppError(400, "Missing Stripe-Signature header.");
  let event;
  try {
    event = stripe().webhooks.constructEvent(payload, signature, stripeConfig().webhookSecret);
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
