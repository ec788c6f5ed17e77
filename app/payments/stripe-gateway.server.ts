// The card gateway on Stripe's PaymentIntents (port.ts), through the stripe SDK, which talks to Stripe
// with a key or to the local stand-in without one (stripe.server.ts).
import type Stripe from "stripe";
import { AppError } from "../../core/errors";
import { cardErrorMessage, WEBHOOK_MESSAGES } from "./messages";
import type { CardGateway, ChargeOutcome } from "./port";
import { cardErrorOf, refusalOf, stripe, stripeConfig } from "./stripe.server";

function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  if (intent.status === "succeeded") return { status: "succeeded", ref: intent.id };
  if (intent.status === "requires_action" && intent.client_secret) return { status: "requires_action", ref: intent.id, clientSecret: intent.client_secret };
  return { status: "incomplete", ref: intent.id, message: cardErrorMessage({}) };
}

/** A card refusal (decline, expiry, authentication the bank insists on off-session) as an outcome; any other error is thrown on. */
async function refusalsAsOutcomes(call: () => Promise<Stripe.PaymentIntent>): Promise<ChargeOutcome> {
  try {
    return outcomeOf(await call());
  } catch (error) {
    const card = cardErrorOf(error);
    if (!card) throw error;
    return { status: "declined", ref: card.paymentIntentId ?? null, failureCode: card.decline_code ?? card.code ?? "card_error", code: card.code, message: cardErrorMessage(card) };
  }
}

export const stripeGateway: CardGateway = {
  needsCustomer: true,
  confirmsAfterAuthentication: true,

  createCharge: (charge) =>
    refusalsAsOutcomes(async () =>
      (await stripe()).paymentIntents.create(
        {
          amount: charge.amountPence,
          currency: "gbp",
          customer: charge.customerRef ?? undefined,
          payment_method: charge.methodRef,
          confirm: true,
          off_session: charge.offSession,
          description: charge.description,
          metadata: { charge_id: String(charge.chargeId) },
        },
        { idempotencyKey: charge.idempotencyKey },
      ),
    ),

  confirmCharge: ({ ref }) =>
    refusalsAsOutcomes(async () => {
      const { paymentIntents } = await stripe();
      const intent = await paymentIntents.retrieve(ref);
      return intent.status === "requires_confirmation" ? paymentIntents.confirm(intent.id) : intent;
    }),

  readCharge: ({ ref }) => refusalsAsOutcomes(async () => (await stripe()).paymentIntents.retrieve(ref)),

  async cancelCharge({ ref }) {
    const { paymentIntents } = await stripe();
    let intent = await paymentIntents.retrieve(ref);
    if (intent.status !== "succeeded" && intent.status !== "canceled") {
      intent = await paymentIntents.cancel(intent.id).catch(() => paymentIntents.retrieve(ref));
    }
    return outcomeOf(intent);
  },

  async refundCharge({ ref, amountPence, idempotencyKey }) {
    try {
      const refund = await (await stripe()).refunds.create({ payment_intent: ref, ...(amountPence === undefined ? {} : { amount: amountPence }) }, { idempotencyKey });
      return { status: "refunded", ref: refund.id, amountPence: refund.amount };
    } catch (error) {
      // Nothing left to refund, more than is left, a charge that was never paid: Stripe's invalid request.
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return { status: "refused", code: refusal.code, message: refusal.message };
    }
  },

  // Stripe signs each event with the endpoint's secret (Stripe-Signature: a timestamp and an HMAC).
  async verifyEvent(payload, headers) {
    const signature = headers.get("Stripe-Signature");
    if (!signature) throw new AppError(400, WEBHOOK_MESSAGES.noSignature);
    const { webhooks } = await stripe();
    try {
      return webhooks.constructEvent(payload, signature, stripeConfig().webhookSecret);
    } catch {
      throw new AppError(400, WEBHOOK_MESSAGES.signature);
    }
  },

  async createCustomer(member) {
    const customer = await (await stripe()).customers.create({ email: member.email, metadata: { user_id: String(member.id) } }, { idempotencyKey: `customer:${member.id}` });
    return customer.id;
  },

  async createCardSetup(customerRef) {
    const intent = await (await stripe()).setupIntents.create({ customer: customerRef, usage: "off_session" });
    return { clientSecret: intent.client_secret };
  },

  async readCard(ref) {
    let card: Stripe.PaymentMethod;
    try {
      card = await (await stripe()).paymentMethods.retrieve(ref);
    } catch {
      return null;
    }
    const customerRef = typeof card.customer === "string" ? card.customer : (card.customer?.id ?? null);
    return { ref: card.id, customerRef, brand: card.card?.brand ?? "", last4: card.card?.last4 ?? "", expMonth: card.card?.exp_month ?? null, expYear: card.card?.exp_year ?? null };
  },
};
