// What wallets (Apple Pay, Google Pay through Stripe's payment request) need from the HTTP layer
// (decision 0242): the Payment Request API allowed on the pages that take a payment, for the page itself
// and Stripe.js's frames, and refused everywhere else; and Apple Pay's domain association file, served
// when the operator configures it (APPLE_PAY_DOMAIN_ASSOCIATION_FILE).
import { readFileSync } from "node:fs";
import type { NextFunction, Request, Response } from "express";
import { getEnv } from "../env.server";

/** The pages with a card form (and so a wallet button): /payment, renew, enable auto-renew, change the card. */
const PAYMENT_PAGES = /^\/(?:payment|account\/subscriptions\/(?:renew|enable-autorenew)|account\/payment\/change|account\/change-payment-method)\/?$/;

/** Stripe.js's own origin: its payment request button is a frame from there that calls the browser's API. */
export const STRIPE_JS_ORIGIN = "https://js.stripe.com";

const OTHER_FEATURES = "geolocation=(self), camera=(), microphone=(), usb=(), interest-cohort=()";

/** The Permissions-Policy header for a path: `payment` allowed only on the payment pages. */
export function permissionsPolicy(path: string): string {
  const payment = PAYMENT_PAGES.test(path) ? `payment=(self "${STRIPE_JS_ORIGIN}")` : "payment=()";
  return `${OTHER_FEATURES}, ${payment}`;
}

export const APPLE_PAY_ASSOCIATION_PATH = "/.well-known/apple-developer-merchantid-domain-association";

let association: { file: string; body: Buffer } | undefined;

/** GET /.well-known/apple-developer-merchantid-domain-association: the configured file, else 404. */
export function applePayDomainAssociation(_req: Request, res: Response, next: NextFunction): void {
  const file = getEnv().APPLE_PAY_DOMAIN_ASSOCIATION_FILE;
  if (!file) {
    next();
    return;
  }
  if (association?.file !== file) association = { file, body: readFileSync(file) };
  res.status(200).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" }).send(association.body);
}
