// The local stand-ins' webhook secrets (decision 0241): made per installation, never constants in the
// code, so nobody who reads the repository can sign a webhook a demo or staging site accepts. One random
// PAYMENTS_LOCAL_SECRET (npm start keeps it in .data/ beside the session secret; tests make their own)
// gives the Stripe stand-in's signing secret and the PayPal stand-in's; the app and the stand-ins read the
// same variable, at call time (the server entry may set it after the environment was parsed).
import { createHmac, randomBytes } from "node:crypto";

export const LOCAL_SECRET_VARIABLE = "PAYMENTS_LOCAL_SECRET";

function base(): string {
  const value = process.env[LOCAL_SECRET_VARIABLE];
  if (!value || value.length < 32) throw new Error(`${LOCAL_SECRET_VARIABLE} is not set (32+ random characters): start with \`npm start\` (it keeps one in .data/), or set it.`);
  return value;
}

function derive(purpose: string): string {
  return createHmac("sha256", base()).update(purpose).digest("hex");
}

/** The signing secrets the local stand-ins sign their webhooks with, and the app checks them with. */
export function localWebhookSecrets(): { stripe: string; paypal: string } {
  return { stripe: `whsec_${derive("stripe-webhook")}`, paypal: derive("paypal-webhook") };
}

/**
 * Before the stand-ins start: a process run without PAYMENTS_LOCAL_SECRET gets a random one of its own
 * (its workers inherit it), so its webhooks are signed by no known secret. Answers whether one was made.
 */
export function ensureLocalSecret(): boolean {
  if (process.env[LOCAL_SECRET_VARIABLE]) return false;
  process.env[LOCAL_SECRET_VARIABLE] = randomBytes(32).toString("hex");
  return true;
}
