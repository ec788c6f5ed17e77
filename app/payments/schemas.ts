// The payment calls' inputs (zod), shared by the API routes, the forms and the client. No server imports.
import { z } from "zod";
import { PLANS } from "./plans";

const option = z.enum(PLANS.map((plan) => plan.option) as [string, ...string[]], { message: "Please choose a plan." });
const key = z.string().uuid("Please reload the page and try again.");
/** A card set up on this page (pm_…) or one of the member's saved cards (“saved:12”). */
const cardMethod = z.string().regex(/^(pm_\w{1,80}|saved:\d{1,9})$/, "Sorry, we couldn't find that card.");
/** The spec's method code 2: a card. */
const cardCode = z.coerce.number().pipe(z.literal(2, { message: "Only card payments are offered here." }));
const paymentIntent = z.string().regex(/^pi_\w{1,80}$/).optional();

/** A part-paying Treat (its hex id) used with this payment (decision 0238). */
const treat = z
  .string()
  .regex(/^[0-9a-f]{1,8}$/i, "Sorry, we couldn't find that Treat.")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** The spec's POST users/me/paymentMethod (card, method 2), carrying the checkout it pays for. */
export const checkoutSchema = z.object({
  method: cardCode,
  paymentMethod: cardMethod,
  option,
  key,
  payment_intent: paymentIntent,
  affiliate_link: z.string().regex(/^[\w-]{1,40}$/).optional().or(z.literal("").transform(() => undefined)),
  treat,
});

/** A PayPal nonce: the setup token the payer approved (docs/decisions/0123-paypal-vault-and-stand-in.md). */
const nonce = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/, "Sorry, there was an error processing your payment. Please try again.");

/** The spec's POST users/me/paymentMethod {nonce, method=1}: PayPal, carrying the checkout it pays for. */
export const paypalCheckoutSchema = z.object({
  method: z.coerce.number().pipe(z.literal(1)),
  nonce,
  option,
  key,
  affiliate_link: checkoutSchema.shape.affiliate_link,
  treat,
});

/** The spec's POST users/me/paymentMethod {paymentMethod from form data, method=3}: a Treat (its hex id) pays for the plan. */
export const prizeSchema = z.object({
  method: z.coerce.number().pipe(z.literal(3)),
  paymentMethod: z.string().regex(/^[0-9a-f]{1,8}$/i, "Sorry, we couldn't find that Treat."),
  option,
});

/** The renew and enable-autorenew pages' (and the renew call's) Treat: a subscriber's Treat lengthens the subscription. */
export const renewTreatSchema = prizeSchema.pick({ method: true, paymentMethod: true });

/** The same call with a card and no plan: the card the current subscription renews with (change payment method). */
export const changeCardSchema = z.object({
  method: cardCode,
  paymentMethod: cardMethod,
});

/** POST users/me/subscriptions/current/renew; `key` names the renew page, so a doubled submit renews once (decision 0200). */
export const renewSchema = z.object({
  paymentMethod: cardMethod.optional(),
  /** Renewing with a PayPal account just approved (method 1). */
  nonce: nonce.optional(),
  payment_intent: paymentIntent,
  key,
  /** The expiry the page showed: a period renewed since (by another tab) is not paid again (decision 0235). */
  period: z.string().datetime({ offset: true, message: "Please reload the page and try again." }).optional(),
  /** The spec's renew call carries the friendly discount: it takes its percentage off this renewal (decision 0237). */
  affiliate_link: checkoutSchema.shape.affiliate_link,
  treat,
});

/**
 * POST users/me/subscriptions/current/enable-autorenew: empty (the saved method), or the payment method
 * form's card (method 2) or PayPal account (method 1) to save for renewals, charged nothing now.
 */
export const enableAutoRenewSchema = z.object({
  method: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])).optional(),
  paymentMethod: cardMethod.optional(),
  nonce: nonce.optional(),
});

/** The renew page's plain form: the saved card, this page's key and the expiry it showed. */
export const renewFormSchema = renewSchema.pick({ key: true, period: true, affiliate_link: true, treat: true });

/** `subscription`: the one the page priced, so a switch another tab made since is not paid again (decision 0235). */
export const switchSchema = z.object({ option, key, subscription: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/** The most a friendly discount takes off (docs/decisions/0125): the cheapest plan stays above the card minimum. */
export const MAX_DISCOUNT_PERCENT = 90;
const discountMessage = `Please enter a whole number from 1 to ${MAX_DISCOUNT_PERCENT}.`;

/** A real calendar day from 2000 to 2099, as YYYY-MM-DD. */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "2000-01-01" && value <= "2099-12-31";
}

/** The spec's POST affiliate-links/{id or empty}: a friendly discount link with an optional expiry date. */
export const affiliateLinkSchema = z.object({
  name: z.string().trim().min(1, "Please enter a name for this link.").max(80, "Please use at most 80 characters."),
  code: z.string().trim().regex(/^[A-Za-z0-9-]{3,40}$/, "Use 3 to 40 letters, digits or hyphens."),
  discountPercent: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ required_error: discountMessage, invalid_type_error: discountMessage }).int(discountMessage).min(1, discountMessage).max(MAX_DISCOUNT_PERCENT, discountMessage),
  ),
  expiresOn: z
    .string()
    .trim()
    .max(10, "Please enter a date such as 31/01/2027.")
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isCalendarDay(value), "Please enter a date such as 31/01/2027."),
});
