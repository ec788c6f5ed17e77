import type { ActionFunctionArgs } from "@remix-run/node";
import { AppError, found } from "../../../core/errors";
import { paypalConfig } from "../../payments/paypal.server";

/**
 * /local/paypal-api/*: the PayPal JS SDK stand-in's one call (the payer approving a setup token in the
 * pretend PayPal window), passed to the local PayPal API stand-in. Absent (404) when PayPal keys are set.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const config = paypalConfig();
  const path = params["*"] ?? "";
  found(config.local && config.apiUrl && /^v3\/vault\/setup-tokens\/\w{1,40}\/approve$/.test(path) ? true : null, "Not found.");
  const answer = await fetch(`${config.apiUrl}/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: (await request.text()).slice(0, 2_000) });
  return new Response(await answer.text(), { status: answer.status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

export function loader() {
  throw new AppError(404, "Not found.");
}
