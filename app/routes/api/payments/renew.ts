import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "../../../auth/guards.server";
import { paymentAnswer } from "../../../payments/payment-method.server";
import { readJson } from "../../../payments/requests.server";
import { renewSchema } from "../../../payments/schemas";
import { renew } from "../../../payments/subscriptions.server";

/** The spec's POST users/me/subscriptions/current/renew: answers { expiryDate }, or the extra-authentication data to retry with. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const input = renewSchema.parse(await readJson(request));
  const result = await renew(user, { paymentMethod: input.paymentMethod, nonce: input.nonce, paymentIntent: input.payment_intent, key: input.key, period: input.period });
  return paymentAnswer(result);
}

export function loader() {
  return Response.json({ message: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
