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

/** The spec's POST users/me/paymentMethod (card, method 2), carrying the checkout it pays for. */
export const checkoutSchema = z.object({
  method: cardCode,
  paymentMethod: cardMethod,
  option,
  key,
  payment_intent: paymentIntent,
  affiliate_link: z.string().regex(/^[\w-]{1,40}$/).optional().or(z.literal("").transform(() => undefined)),
});

/** The spec's POST users/me/paymentMethod {paymentMethod from form data, method=3}: a Treat (its hex id) pays for the plan. */
export const prizeSchema = z.object({
  method: z.coerce.number().pipe(z.literal(3)),
  paymentMethod: z.string().regex(/^[0-9a-f]{1,8}$/i, "Sorry, we couldn't find that Treat."),
  option,
});

/** The same call with a card and no plan: the card the current subscription renews with (change payment method). */
export const changeCardSchema = z.object({
  method: cardCode,
  paymentMethod: cardMethod,
});

/** POST users/me/subscriptions/current/renew. */
export const renewSchema = z.object({
  paymentMethod: cardMethod.optional(),
  payment_intent: paymentIntent,
});

export const switchSchema = z.object({ option, key });

export const affiliateLinkSchema = z.object({
  name: z.string().trim().min(1, "Please enter a name for this link.").max(80, "Please use at most 80 characters."),
  code: z.string().trim().regex(/^[A-Za-z0-9-]{3,40}$/, "Use 3 to 40 letters, digits or hyphens."),
  discountPercent: z.coerce.number({ message: "Please enter a whole number from 1 to 100." }).int("Please enter a whole number from 1 to 100.").min(1, "Please enter a whole number from 1 to 100.").max(100, "Please enter a whole number from 1 to 100."),
  expiresAt: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Please enter a date such as 2027-01-31.")
    .optional()
    .transform((value) => (value ? value : undefined)),
});
