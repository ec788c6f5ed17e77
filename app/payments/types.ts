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
  /** Money given back so far (refunds, a reversal): decision 0240. */
  refundedPence: number;
  disputeStatus: "open" | "won" | "lost" | null;
  moneyBack: MoneyBackView[];
}

/** One refund, reversal or dispute step on a charge (decision 0240). */
export interface MoneyBackView {
  kind: "refund" | "reversal" | "dispute-opened" | "dispute-won" | "dispute-lost";
  amountPence: number;
  provider: "stripe" | "paypal";
  reason: string;
  at: string;
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

/** The saved method a subscription renews with, as the change-payment-method page shows it. */
export interface RenewalCardView {
  /** The spec's method code: 1 PayPal, 2 card. */
  method: number;
  brand: string;
  last4: string;
  /** MM/YY, or null when unknown. */
  expiry: string | null;
}

/** A Treat that can pay for the plan on /payment (method 3). */
export interface TreatPaymentView {
  hexId: string;
  name: string;
  /** How long the subscription it pays for lasts. */
  months: number;
  expiresAt: string | null;
  /** Percentage off: 100 pays the whole plan (method 3); less takes its share off a card or PayPal payment. */
  discountPercent: number;
}

/** A refund or dispute step as the administrator's dashboard and member page list it. */
export interface AdminMoneyBackView extends MoneyBackView {
  id: number;
  /** The member's admin page id (/account/admin/users/{hexId}). */
  memberHexId: string;
  email: string;
  receiptNumber: string | null;
  chargePence: number;
}
