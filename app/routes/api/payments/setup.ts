import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "../../../auth/guards.server";
import { createSetupIntent } from "../../../payments/subscriptions.server";

/** The spec's POST users/me/payment/stripe/setup: { clientSecret } for the card form. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return Response.json(await createSetupIntent(user), { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return Response.json({ message: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
