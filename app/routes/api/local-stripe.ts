import type { ActionFunctionArgs } from "@remix-run/node";
import { AppError, found } from "../../../core/errors";
import { stripeConfig } from "../../payments/stripe.server";

/**
 * /local/stripe-api/*: the local Stripe.js stand-in's calls (confirm a card setup, authenticate a payment,
 * create a wallet's payment method),
 * passed to the local Stripe API stand-in. Absent (404) when real Stripe keys are configured.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const config = stripeConfig();
  const path = params["*"] ?? "";
  found(config.local && config.apiUrl && /^v1\/((setup_intents|payment_intents)\/\w{1,120}\/(confirm|authenticate)|payment_methods)$/.test(path) ? true : null, "Not found.");
  const answer = await fetch(`${config.apiUrl}/${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${config.publishableKey}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: (await request.text()).slice(0, 10_000),
  });
  return new Response(await answer.text(), { status: answer.status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

export function loader() {
  throw new AppError(404, "Not found.");
}
