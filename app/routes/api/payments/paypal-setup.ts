import type { ActionFunctionArgs } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { requireMember } from "../../../auth/guards.server";
import { found } from "../../../../core/errors";
import { createSetupToken, paypalConfig } from "../../../payments/paypal.server";
import { AppError } from "../../../../core/errors";

/**
 * POST /api/users/me/payment/paypal/setup: a vault setup token for the PayPal button's
 * createVaultSetupToken ({ id }), made for this member. Absent (404) when PayPal is switched off.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  found(paypalConfig().enabled ? true : null, "Not found.");
  return Response.json(await createSetupToken(user.id, `setup:${user.id}:${randomUUID()}`), { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw new AppError(405, "Use POST.", { allow: "POST" });
}
