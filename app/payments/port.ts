// The payments gateway port (ARCHITECTURE §8-9, docs/decisions/0307-payments-gateway-port.md), as
// geo/routing/port.ts is routing's: what the subscription module asks of a payment provider, and what it
// hears back. Adapters: stripe-gateway.server.ts (cards, Stripe's PaymentIntents) and
// paypal-gateway.server.ts (PayPal's vaulted accounts, Orders v2). The local stand-ins speak the
// providers' own APIs, so they sit behind the same adapters. Charges, idempotency keys, periods and the
// per-member checkout lease stay in subscriptions.server.ts: no adapter touches the database. Refunds and
// the webhook signature check are port methods too (docs/decisions/0319): no route or service calls a
// provider's SDK or REST API itself.

/** What a provider says about one charge. */
export type ChargeOutcome =
  | { status: "succeeded"; ref: string }
  /** The card's bank wants the payer (3-D Secure): the page confirms with the client secret, then asks again. */
  | { status: "requires_action"; ref: string; clientSecret: string }
  /** Still open at the provider: neither paid nor refused yet. */
  | { status: "pending"; ref: string; code: string; message: string }
  /** Refused. `ref`: the provider's charge to record (null: keep the one recorded); `failureCode` goes on the charge row, `code` on the error. */
  | { status: "declined"; ref: string | null; failureCode: string; code?: string; message: string }
  /** Neither paid nor refused nor waiting for the payer (an unconfirmed card charge): only the provider's charge (if any) is recorded. */
  | { status: "incomplete"; ref: string | null; message: string };

export interface NewCharge {
  /** The provider's customer (only gateways with `needsCustomer`). */
  customerRef: string | null;
  /** The saved card or vaulted account to charge. */
  methodRef: string;
  amountPence: number;
  /** The provider's idempotency key (Idempotency-Key, PayPal-Request-Id): the same key never charges twice. */
  idempotencyKey: string;
  /** Our charge row, carried in the provider's metadata so a webhook finds it. */
  chargeId: number;
  description: string;
  /** The member is not on the page (a renewal run): no authentication can be asked for. */
  offSession: boolean;
}

/** An existing provider charge, with what it must amount to. */
export interface ChargeRef {
  ref: string;
  amountPence: number;
  chargeId: number;
}

/** Money back to the payer: what is left of a charge, or `amountPence` of it. */
export interface RefundRequest {
  /** The provider's charge (a PaymentIntent, a PayPal order). */
  ref: string;
  amountPence?: number;
  /** The same key never refunds twice (Idempotency-Key, PayPal-Request-Id). */
  idempotencyKey: string;
}

/** What a provider says about a refund: made (its own reference and amount), or refused (nothing left, more than is left). */
export type RefundOutcome = { status: "refunded"; ref: string; amountPence: number } | { status: "refused"; code: string; message: string };

export interface PaymentGateway {
  /** Whether a charge needs the provider's customer (Stripe's card payments do). */
  readonly needsCustomer: boolean;
  /** Whether a charge can wait for the payer to authenticate and then be confirmed (cards). */
  readonly confirmsAfterAuthentication: boolean;
  createCharge(charge: NewCharge): Promise<ChargeOutcome>;
  /** After the payer authenticated on the page. */
  confirmCharge(charge: ChargeRef): Promise<ChargeOutcome>;
  readCharge(charge: ChargeRef): Promise<ChargeOutcome>;
  /** Cancels a charge that has not been paid, where the provider can (cards); answers its state after. */
  cancelCharge(charge: ChargeRef): Promise<ChargeOutcome>;
  /**
   * Refunds a paid charge at the provider. The app records nothing here: the provider's refund event
   * (charge.refunded, PAYMENT.CAPTURE.REFUNDED) reaches the webhook and is applied there (decision 0240),
   * exactly as a refund made in the provider's dashboard.
   */
  refundCharge(refund: RefundRequest): Promise<RefundOutcome>;
  /**
   * The provider's event in a webhook body, once its signature checks out with the provider's secret (or
   * the provider's own verify call): throws AppError 400 (WEBHOOK_MESSAGES) when it does not.
   */
  verifyEvent(payload: string, headers: Headers): Promise<unknown>;
}

/** A card as the card gateway holds it. */
export interface SavedCard {
  ref: string;
  customerRef: string | null;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/** The card gateway: a payment gateway that also keeps customers and their cards. */
export interface CardGateway extends PaymentGateway {
  /** A new customer for the member, once per member (the key makes a repeat answer the same one). */
  createCustomer(member: { id: number; email: string }): Promise<string>;
  /** A client secret for the card form to save a card for later, off-session use. */
  createCardSetup(customerRef: string): Promise<{ clientSecret: string | null }>;
  /** The card, or null when the provider does not know it. */
  readCard(ref: string): Promise<SavedCard | null>;
}

/** The account gateway (PayPal): a payment gateway that vaults the account a payer approved. */
export interface AccountGateway extends PaymentGateway {
  /** Turns the payer's approval (a setup token) into a vaulted account to charge later. */
  vaultAccount(memberId: number, approval: string): Promise<{ ref: string }>;
  /** Our charge id and the order of a capture (a refund event may name only the capture); null when the provider does not know it. */
  captureOwner(captureId: string): Promise<{ customId: string | null; orderId: string | null } | null>;
}
