// The spec's POST users/me/paymentMethod: one call, four uses (docs/decisions/0127). With a plan and a
// card (method 2) or a PayPal nonce (method 1) it subscribes; with a Treat (method 3) the Treat pays; with a card and no plan it
// changes the card the current subscription renews with.
import type { SessionUser } from "../auth/guards.server";
import { treatIdFromHex } from "../treats/awarded.server";
import { payWithTreat } from "./prize.server";
import { changeCardSchema, checkoutSchema, paypalCheckoutSchema, prizeSchema } from "./schemas";
import { changeCard, checkout, type PaymentResult } from "./subscriptions.server";

export async function registerPaymentMethod(user: SessionUser, body: unknown): Promise<PaymentResult> {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (String(fields.method) === "3") {
    const input = prizeSchema.parse(body);
    return payWithTreat(user, { option: input.option, treatId: treatIdFromHex(input.paymentMethod) });
  }
  if (String(fields.method) === "1") {
    // PayPal sends the approved vault setup token as its nonce (docs/decisions/0123).
    const input = paypalCheckoutSchema.parse(body);
    return checkout(user, { option: input.option, nonce: input.nonce, affiliateLink: input.affiliate_link, treat: input.treat ? treatIdFromHex(input.treat) : undefined, key: input.key });
  }
  if (fields.option === undefined) return changeCard(user, changeCardSchema.parse(body).paymentMethod);
  const input = checkoutSchema.parse(body);
  return checkout(user, { option: input.option, paymentMethod: input.paymentMethod, paymentIntent: input.payment_intent, affiliateLink: input.affiliate_link, treat: input.treat ? treatIdFromHex(input.treat) : undefined, key: input.key });
}

/** A payment call's JSON answer: done, or the extra-authentication data to retry with. */
export function paymentAnswer(result: PaymentResult): Response {
  return Response.json(
    result.status === "succeeded" ? { status: result.status, id: result.subscriptionId, expiryDate: result.expiryDate } : { status: result.status, client_secret: result.clientSecret, payment_intent: result.paymentIntent },
    { headers: { "Cache-Control": "no-store" } },
  );
}
