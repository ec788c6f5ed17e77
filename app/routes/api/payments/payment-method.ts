import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "../../../auth/guards.server";
import { paymentAnswer, registerPaymentMethod } from "../../../payments/payment-method.server";
import { readJson } from "../../../payments/requests.server";
import { AppError } from "../../../../core/errors";

/**
 * The spec's POST users/me/paymentMethod: {paymentMethod, method=2} with a plan subscribes by card,
 * {nonce, method=1} with a plan subscribes with the PayPal account just approved,
 * {paymentMethod, method=3} pays with a Treat, {paymentMethod, method=2} alone changes the renewal card.
 * Answers { status: "succeeded", id, expiryDate } or, when the bank asks for extra authentication,
 * { status: "requires_action", client_secret, payment_intent } to retry with.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return paymentAnswer(await registerPaymentMethod(user, await readJson(request)));
}

export function loader() {
  throw new AppError(405, "Use POST.", { allow: "POST" });
}
