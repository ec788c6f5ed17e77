// The spec's payment messages (§4, §8), word for word, and the card error mapping (§8). No server imports.

export const PAYMENT_MESSAGES = {
  renewed: (expiry: string) => `Your subscription has been renewed and now expires on ${expiry}.`,
  autoRenewEnabled: (renewal: string) => `Automatic renewal has been enabled for your subscription. Your subscription will be automatically renewed on ${renewal}.`,
  initFailed: "Sorry, there was a problem. Please try again.",
  paypalFailed: "Sorry, there was an error processing your payment. Please try again.",
  adminCancelConfirm: "Are you sure you want to cancel auto-renewal for this subscription?",
  adminCancelled: "Auto-renewal for this subscription has been successfully cancelled",
  affiliateUpdated: "The friendly discount has been successfully updated",
  affiliateDeleteConfirm: "Are you sure you want to delete this discount link?",
} as const;

export const CARD_ERROR_MESSAGES: Record<string, string> = {
  invalid_number: "Sorry, your card number is invalid",
  incorrect_number: "Sorry, your card number is incorrect",
  invalid_cvc: "Sorry, your security code is invalid",
  incorrect_cvc: "Sorry, your security code is incorrect",
  insufficient_funds: "Sorry, your card has insufficient funds. Please try again with a different card.",
  expired_card: "Sorry, your card has expired. Please try again with a different card.",
  card_declined: "Sorry, your card has been declined. Please try again.",
};

export const CARD_DECLINE_MESSAGES: Record<string, string> = {
  call_issuer: "Sorry, your card has been declined. Please contact your card issuer.",
  testmode_decline: "You cannot use a test card in the live environment",
};

export const GENERIC_CARD_ERROR = "Sorry, a payment error occurred. Please try again.";

export interface CardErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/** The spec's card error mapping: known codes word for word, a validation error in the provider's words, anything else generic. */
export function cardErrorMessage(error: CardErrorLike): string {
  if (error.code === "card_declined" && error.decline_code && CARD_DECLINE_MESSAGES[error.decline_code]) return CARD_DECLINE_MESSAGES[error.decline_code];
  if (error.code && CARD_ERROR_MESSAGES[error.code]) return CARD_ERROR_MESSAGES[error.code];
  if (error.type === "validation_error" && error.message) return error.message;
  return GENERIC_CARD_ERROR;
}

/** The subscription pages' own messages (the spec is silent on these). */
export const SUBSCRIPTION_MESSAGES = {
  noSubscription: "You don't have a subscription yet.",
  alreadySubscribed: "You already have a subscription. You can switch plan from your subscriptions page.",
  noPlan: "Please choose a plan.",
  samePlan: "You are already on this plan.",
  noPaymentMethod: "Please add a card to pay with first.",
  notYourCard: "Sorry, we couldn't find that card.",
  authenticationNeeded: "Your bank asks you to confirm this payment. Please pay on the payment page with JavaScript switched on.",
  /** Another tab (or a doubled submit of another page) paid first: this one is not charged (decision 0235). */
  justSubscribed: (plan: string, expiry: string) => `You have just subscribed: your ${plan} plan is active until ${expiry}. Nothing more was charged.`,
  justRenewed: (expiry: string) => `You have just renewed: your subscription now expires on ${expiry}. Nothing more was charged.`,
  changedSince: "Your subscription has changed since this page was opened. Please check it and try again.",
  justSwitched: (plan: string) => `You have just changed your plan: you are now on ${plan}. Nothing more was charged.`,
} as const;

/** A friendly discount code that cannot be used is said, never silently dropped (decision 0237). */
export const DISCOUNT_MESSAGES = {
  expired: (code: string) => `The friendly discount ${code} has expired, so it no longer takes anything off. Please check the price and try again.`,
  unknown: (code: string) => `We couldn't find the friendly discount ${code}. Please check the code, or pay the full price.`,
} as const;

/** Paying with a Treat (method 3; the spec is silent on these). */
export const PRIZE_MESSAGES = {
  wrongPlan: (plan: string) => `This Treat cannot pay for the ${plan} plan.`,
  failed: "Sorry, we couldn't use that Treat. Please try again.",
  partPays: (percent: number) => `This Treat takes ${percent}% off: choose it on the payment page and pay the rest by card or PayPal.`,
  paysWhole: "This Treat pays for the whole plan: use it with the Pay with your Treat button.",
} as const;

/** Changing the card used for renewals (the spec is silent on these). */
export const CHANGE_CARD_MESSAGES = {
  changed: "Your new card has been saved. Your subscription will renew with it.",
  needsJavaScript: "Changing your card needs JavaScript: your card details go straight to our card provider from your browser. Please switch JavaScript on to change your card.",
} as const;

/** The `code` of an error answered to the Treat payment form, so the page shows it on that form. */
export const TREAT_FORM_ERROR = "treat-form";

/** The webhooks' refusals (400): the gateways' signature checks and the event readers answer these. */
export const WEBHOOK_MESSAGES = {
  unreadable: "The webhook body could not be read.",
  signature: "The webhook signature could not be verified.",
  noSignature: "Missing Stripe-Signature header.",
} as const;
