// Which adapter of the payments port (port.ts) serves a saved method or a provider's charge.
import { PAYMENT_METHOD } from "./plans";
import type { PaymentGateway } from "./port";
import { paypalGateway } from "./paypal-gateway.server";
import { stripeGateway } from "./stripe-gateway.server";

export { paypalGateway, stripeGateway };

/** The gateway of a saved payment method (PAYMENT_METHOD: 1 PayPal, 2 card). */
export function gatewayFor(method: number): PaymentGateway {
  return method === PAYMENT_METHOD.paypal ? paypalGateway : stripeGateway;
}

/** The gateway that made a provider charge: Stripe's PaymentIntents are "pi_…", the rest PayPal orders. */
export function gatewayOfCharge(ref: string): PaymentGateway {
  return ref.startsWith("pi_") ? stripeGateway : paypalGateway;
}
