// Provider events (webhooks): verified by signature, read with zod (a body of any other shape answers
// 400 and is logged, never 500: a 5xx makes Stripe retry for days), stored by id before they are
// applied, in one transaction with the change, so a replayed event changes nothing
// (docs/decisions/0120-payments.md, 0240 for refunds and disputes).
import { and, eq, sql as rawSql } from "drizzle-orm";
import { z } from "zod";
import { charges, paymentEvents } from "../../db/schema";
import { db } from "../db.server";
import { AppError } from "../../core/errors";
import type { Transaction } from "../points/ledger.server";
import { applyMoneyBackIn, type MoneyBack } from "./refunds.server";
import { applySucceededIn } from "./subscriptions.server";
import { paypalGateway, stripeGateway } from "./gateways.server";
import { WEBHOOK_MESSAGES } from "./messages";
import { valueToPence } from "./paypal.server";


export const MAX_WEBHOOK_BYTES = 256 * 1024;


type Received = { received: true; duplicate: boolean };

/** A correctly signed body the handler cannot use: logged (provider, what was wrong) and answered 400. */
function unusable(provider: string, issues: z.ZodIssue[] | string): AppError {
  const detail = typeof issues === "string" ? issues : issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`).join("; ");
  console.warn(`[webhooks ${provider}] refused a signed body of an unexpected shape: ${detail.slice(0, 500)}`);
  return new AppError(400, WEBHOOK_MESSAGES.unreadable, { code: "webhook_unreadable" });
}

function parse<T extends z.ZodTypeAny>(provider: string, schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw unusable(provider, parsed.error.issues);
  return parsed.data;
}

const eventId = z.string().regex(/^[\w-]{1,100}$/, "an event id");
const pence = z.number().int().min(0).max(100_000_000);
const metadata = z.record(z.string()).nullish();

/** What every Stripe event must have; data.object is read by the event's own schema. */
const stripeEvent = z.object({ id: eventId, type: z.string().min(1).max(100), data: z.object({ object: z.object({}).passthrough() }) });

const stripeObjects = {
  paymentIntent: z.object({
    id: z.string().min(1).max(255),
    amount: pence,
    metadata,
    last_payment_error: z.object({ code: z.string().max(100).nullish() }).nullish(),
  }),
  charge: z.object({
    id: z.string().min(1).max(255),
    amount: pence,
    amount_refunded: pence,
    payment_intent: z.string().min(1).max(255).nullish(),
    metadata,
    refunds: z.object({ data: z.array(z.object({ reason: z.string().max(100).nullish() }).passthrough()) }).nullish(),
  }),
  dispute: z.object({
    id: z.string().min(1).max(255),
    amount: pence,
    payment_intent: z.string().min(1).max(255).nullish(),
    metadata,
    reason: z.string().max(100).nullish(),
    status: z.enum(["warning_needs_response", "warning_under_review", "warning_closed", "needs_response", "under_review", "won", "lost", "prevented"]),
  }),
};

/** Our charge for a provider reference (PaymentIntent or PayPal order id) or our own id in metadata. */
async function chargeOf(tx: Transaction, ourId: unknown, providerRef: string | null | undefined) {
  const id = Number(ourId);
  const where = Number.isSafeInteger(id) && id > 0 ? eq(charges.id, id) : providerRef ? eq(charges.providerRef, providerRef) : null;
  if (!where) return null;
  const [charge] = await tx.select().from(charges).where(where);
  return charge ?? null;
}

async function moneyBack(tx: Transaction, charge: { id: number } | null, input: Omit<MoneyBack, "chargeId">): Promise<void> {
  if (!charge) {
    console.warn(`[webhooks ${input.provider}] ${input.kind} event ${input.eventId} names no charge of ours; stored, nothing changed`);
    return;
  }
  await applyMoneyBackIn(tx, { ...input, chargeId: charge.id });
}

/** POST /api/webhooks/stripe: answers whether the event was new. */
export async function receiveStripeEvent(payload: string, signature: string | null): Promise<Received> {
  const verified = await stripeGateway.verifyEvent(payload, new Headers(signature === null ? {} : { "Stripe-Signature": signature }));
  const event = parse("stripe", stripeEvent, verified);
  const object = event.data.object;
  // Read before the transaction: a body the handler cannot use is refused without storing its id.
  const intent = event.type.startsWith("payment_intent.") ? parse("stripe", stripeObjects.paymentIntent, object) : null;
  const charge = event.type === "charge.refunded" ? parse("stripe", stripeObjects.charge, object) : null;
  const dispute = event.type.startsWith("charge.dispute.") ? parse("stripe", stripeObjects.dispute, object) : null;
  return db().transaction(async (tx) => {
    const stored = await tx.insert(paymentEvents).values({ provider: "stripe", eventId: event.id, type: event.type }).onConflictDoNothing().returning();
    if (stored.length === 0) return { received: true as const, duplicate: true };
    if (intent && (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed")) {
      const ours = await chargeOf(tx, intent.metadata?.charge_id, intent.id);
      if (ours && ours.amountPence === intent.amount) {
        if (event.type === "payment_intent.succeeded") await applySucceededIn(tx, ours.id, intent.id);
        else await tx.update(charges).set({ status: "failed", failureCode: intent.last_payment_error?.code ?? "payment_failed" }).where(and(eq(charges.id, ours.id), rawSql`${charges.status} <> 'succeeded'`));
      }
    }
    if (charge) {
      const ours = await chargeOf(tx, charge.metadata?.charge_id, charge.payment_intent);
      const reason = charge.refunds?.data.at(-1)?.reason ?? "";
      await moneyBack(tx, ours, { provider: "stripe", eventId: event.id, kind: "refund", amountPence: charge.amount_refunded, cumulative: true, reason: String(reason) });
    }
    if (dispute && (event.type === "charge.dispute.created" || event.type === "charge.dispute.closed")) {
      const ours = await chargeOf(tx, dispute.metadata?.charge_id, dispute.payment_intent);
      const kind = event.type === "charge.dispute.created" ? "dispute-opened" : dispute.status === "lost" ? "dispute-lost" : "dispute-won";
      await moneyBack(tx, ours, { provider: "stripe", eventId: event.id, kind, amountPence: dispute.amount, reason: dispute.reason ?? "" });
    }
    return { received: true as const, duplicate: false };
  });
}

const paypalAmount = z.object({ currency_code: z.string().length(3), value: z.string().max(20) });
const paypalEvent = z.object({ id: eventId, event_type: z.string().min(1).max(100), resource: z.object({}).passthrough() });
const paypalResource = z.object({
  id: z.string().min(1).max(100),
  custom_id: z.string().max(127).nullish(),
  amount: paypalAmount,
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().max(100).nullish() }).nullish() }).nullish(),
  status_details: z.object({ reason: z.string().max(100).nullish() }).nullish(),
  note_to_payer: z.string().max(255).nullish(),
  reason_code: z.string().max(100).nullish(),
  links: z.array(z.object({ rel: z.string().max(40), href: z.string().max(500) }).passthrough()).nullish(),
});
const PAYPAL_HANDLED = new Set(["PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.DENIED", "PAYMENT.CAPTURE.REFUNDED", "PAYMENT.CAPTURE.REVERSED"]);

/**
 * POST /api/webhooks/paypal: PayPal's notifications, verified by the PayPal gateway (PayPal's verify-webhook-signature call),
 * stored by event id in the same transaction as their change (a replay changes nothing). A completed
 * capture applies its charge (custom_id = our charge id) when the amount matches to the penny; a denied
 * one marks a charge that has not succeeded as failed; a refund or reversal gives money back (0240).
 */
export async function receivePayPalEvent(payload: string, headers: Headers): Promise<Received> {
  const event = parse("paypal", paypalEvent, await paypalGateway.verifyEvent(payload, headers));
  const resource = PAYPAL_HANDLED.has(event.event_type) ? parse("paypal", paypalResource, event.resource) : null;
  const amount = resource?.amount.currency_code === "GBP" ? valueToPence(resource.amount.value) : null;
  if (resource && event.event_type === "PAYMENT.CAPTURE.REFUNDED" && amount === null) throw unusable("paypal", `resource.amount: not an amount in GBP (${resource.amount.currency_code} ${resource.amount.value})`);
  // A refund or reversal may name only its capture (the `up` link): PayPal says whose capture it is.
  const up = resource?.links?.find((link) => link.rel === "up")?.href.match(/\/v2\/payments\/captures\/([\w-]+)$/)?.[1];
  const owner = resource && !resource.custom_id && !resource.supplementary_data?.related_ids?.order_id && up ? await paypalGateway.captureOwner(up) : null;
  return db().transaction(async (tx) => {
    const stored = await tx.insert(paymentEvents).values({ provider: "paypal", eventId: event.id, type: event.event_type }).onConflictDoNothing().returning();
    if (stored.length === 0) return { received: true as const, duplicate: true };
    if (!resource) return { received: true as const, duplicate: false };
    const orderId = resource.supplementary_data?.related_ids?.order_id ?? owner?.orderId ?? null;
    const ours = await chargeOf(tx, resource.custom_id ?? owner?.customId, orderId);
    if (event.event_type === "PAYMENT.CAPTURE.COMPLETED" || event.event_type === "PAYMENT.CAPTURE.DENIED") {
      if (ours && amount === ours.amountPence) {
        if (event.event_type === "PAYMENT.CAPTURE.COMPLETED") await applySucceededIn(tx, ours.id, orderId);
        else await tx.update(charges).set({ status: "failed", failureCode: resource.status_details?.reason ?? "DENIED" }).where(and(eq(charges.id, ours.id), rawSql`${charges.status} <> 'succeeded'`));
      }
    } else if (event.event_type === "PAYMENT.CAPTURE.REFUNDED") {
      await moneyBack(tx, ours, { provider: "paypal", eventId: event.id, kind: "refund", amountPence: amount ?? 0, reason: resource.note_to_payer ?? "" });
    } else {
      await moneyBack(tx, ours, { provider: "paypal", eventId: event.id, kind: "reversal", amountPence: amount ?? 0, reason: resource.reason_code ?? resource.status_details?.reason ?? "" });
    }
    return { received: true as const, duplicate: false };
  });
}
