// Shapes the payment pages receive from their loaders. No server imports.

export interface ReceiptView {
  id: number;
  number: string;
  description: string;
  amountPence: number;
  discountPence: number;
  paymentDescription: string;
  periodStart: string;
  periodEnd: string;
  issuedAt: string;
}

/** What the card form needs to load Stripe.js (or its local stand-in). */
export interface CardFormConfig {
  publishableKey: string;
  jsUrl: string;
  local: boolean;
}

/** What the PayPal button needs to load the PayPal JS SDK (or its local stand-in); null when PayPal is switched off. */
export interface PayPalButtonConfig {
  clientId: string;
  sdkUrl: string;
  local: boolean;
}
