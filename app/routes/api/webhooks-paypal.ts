import type { ActionFunctionArgs } from "@remix-run/node";
import { AppError } from "../../../core/errors";
import { MAX_WEBHOOK_BYTES, receivePayPalEvent } from "../../payments/webhooks.server";

/** POST /api/webhooks/paypal: PayPal's notifications, verified by PayPal and applied once (a replay changes nothing). */
export async function action({ request }: ActionFunctionArgs) {
  const payload = await request.text();
  if (payload.length > MAX_WEBHOOK_BYTES) throw new AppError(413, "Too large.");
  return Response.json(await receivePayPalEvent(payload, request.headers));
}

export function loader() {
  throw new AppError(405, "Use POST.", { allow: "POST" });
}
