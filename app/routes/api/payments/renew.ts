import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "../../../auth/guards.server";
import { paymentAnswer } from "../../../payments/payment-method.server";
import { readJson } from "../../../payments/requests.server";
import { renewWithTreat } from "../../../payments/prize.server";
import { renewSchema, renewTreatSchema } from "../../../payments/schemas";
import { treatIdFromHex } from "../../../treats/awarded.server";
import { renew } from "../../../payments/subscriptions.server";
import { AppError } from "../../../../core/errors";

/** The spec's POST users/me/subscriptions/current/renew: answers { expiryDate }, or the extra-authentication data to retry with. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const body = await readJson(request);
  // {paymentMethod: <Treat hex id>, method: 3}: a Treat pays for more of the plan (decision 0238).
  if (typeof body === "object" && body !== null && "method" in body && String(body.method) === "3") {
    return paymentAnswer(await renewWithTreat(user, treatIdFromHex(renewTreatSchema.parse(body).paymentMethod)));
  }
  const input = renewSchema.parse(body);
  const result = await renew(user, { paymentMethod: input.paymentMethod, nonce: input.nonce, paymentIntent: input.payment_intent, key: input.key, period: input.period, affiliateLink: input.affiliate_link, treat: input.treat ? treatIdFromHex(input.treat) : undefined });
  return paymentAnswer(result);
}

export function loader() {
  throw new AppError(405, "Use POST.", { allow: "POST" });
}
