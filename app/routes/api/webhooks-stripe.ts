import type { ActionFunctionArgs } from "@remix-run/node";
import { AppError } from "../../../core/errors";
import { MAX_WEBHOOK_BYTES, receiveStripeEvent } from "../../payments/webhooks.server";

/** POST /api/webhooks/stripe: Stripe's events, verified by signature and applied once (a replay changes nothing). */
export async function action({ request }: ActionFunctionArgs) {
  const payload = await request.text();
  if (payload.length > MAX_WEBHOOK_BYTES) throw new AppError(413, "Too large.");
  return Response.json(await receiveStripeEvent(payload, request.headers.get("stripe-signature")));
}

export function loader() {
  throw new AppError(405, "Use POST.", { allow: "POST" });
}
