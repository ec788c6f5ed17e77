import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "../../../auth/guards.server";
import { paymentAnswer } from "../../../payments/payment-method.server";
import { readJson } from "../../../payments/requests.server";
import { enableAutoRenewSchema } from "../../../payments/schemas";
import { enableAutoRenew } from "../../../payments/subscriptions.server";
import { AppError } from "../../../../core/errors";

/**
 * The spec's POST users/me/subscriptions/current/enable-autorenew: answers { expiryDate } (with the
 * subscription's id, as the payment calls do). A card or PayPal account sent with it becomes the one
 * renewals use; nothing is charged now.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const input = enableAutoRenewSchema.parse(await readJson(request));
  const { expiryDate, subscriptionId } = await enableAutoRenew(user.id, { user, paymentMethod: input.paymentMethod, nonce: input.nonce });
  return paymentAnswer({ status: "succeeded", subscriptionId, expiryDate });
}

export function loader() {
  throw new AppError(405, "Use POST.", { allow: "POST" });
}
