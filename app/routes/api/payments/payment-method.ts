import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "../../../auth/guards.server";
import { readJson } from "../../../payments/requests.server";
import { checkoutSchema, paypalCheckoutSchema } from "../../../payments/schemas";
import { checkout } from "../../../payments/subscriptions.server";

/**
 * The spec's POST users/me/paymentMethod {paymentMethod, method=2} or {nonce, method=1}: registers the card or PayPal account and pays for the
 * chosen plan. Answers { status: "succeeded", id, expiryDate } or, when the bank asks for extra
 * authentication, { status: "requires_action", client_secret, payment_intent } to retry with.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const body = await readJson(request);
  // PayPal (method 1) sends the approved token as its nonce; a card (method 2) its payment method.
  const input = isPayPal(body) ? paypalCheckoutSchema.parse(body) : checkoutSchema.parse(body);
  const result = await checkout(user, {
    option: input.option,
    ...("nonce" in input ? { nonce: input.nonce } : { paymentMethod: input.paymentMethod, paymentIntent: input.payment_intent }),
    affiliateLink: input.affiliate_link,
    key: input.key,
  });
  return Response.json(
    result.status === "succeeded" ? { status: result.status, id: result.subscriptionId, expiryDate: result.expiryDate } : { status: result.status, client_secret: result.clientSecret, payment_intent: result.paymentIntent },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function isPayPal(body: unknown): boolean {
  const method = body && typeof body === "object" ? (body as { method?: unknown }).method : undefined;
  return method === 1 || method === "1";
}

export function loader() {
  return Response.json({ message: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
