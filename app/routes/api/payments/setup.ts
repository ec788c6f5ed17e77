import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "../../../auth/guards.server";
import { createSetupIntent } from "../../../payments/subscriptions.server";
import { AppError } from "../../../../core/errors";

/** The spec's POST users/me/payment/stripe/setup: { clientSecret } for the card form. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return Response.json(await createSetupIntent(user), { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw new AppError(405, "Use POST.", { allow: "POST" });
}
