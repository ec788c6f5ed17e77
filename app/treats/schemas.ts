// The Treat forms' schemas, shared by the browser (remix-validated-form) and the server.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { SUBSCRIPTION_PLAN_OPTIONS, SUBSCRIPTION_PLAN_TYPES } from "./plans";
import { RESERVED_TREAT_SLUGS } from "./types";

const asText = (value: unknown) => (value === undefined || value === null ? "" : value);
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const noControl = (value: string) => !CONTROL.test(value);

const text = (max: number, message = `Please keep this to at most ${max} characters`) =>
  z.preprocess(asText, z.string().trim().max(max, message).refine(noControl, "Please remove the control characters from this field"));
const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess((value) => (value === undefined || value === null || value === "" ? null : value), z.coerce.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message).nullable());

export const TREAT_FORM_MESSAGES = {
  name: "Please enter a name for this Treat",
  slug: "A slug is lowercase letters, digits or hyphens",
  reservedSlug: "This slug is used by the back office's own pages. Please choose another",
  type: "Please choose the kind of Treat",
  weight: "Please enter the weight as a whole number from 0 to 1,000,000",
  subscriptionType: "Please choose a subscription type",
  subscriptionOption: "Please choose a subscription option",
  expiryDays: "Please enter a number of days from 1 to 3650, or leave it empty",
  discount: "Please enter a discount from 1 to 100 percent",
  interval: "Please enter a number of periods from 1 to 36",
  url: "Please enter an address starting with https:// or /",
  voucher: "A voucher code is at most 64 letters, digits or dashes",
  posted: "A posted gift cannot also be a voucher",
} as const;

const planTypeIds: readonly string[] = SUBSCRIPTION_PLAN_TYPES.map((plan) => plan.value);
const planOptionIds: readonly string[] = SUBSCRIPTION_PLAN_OPTIONS.map((plan) => plan.value);

export const treatFormSchema = z
  .object({
    name: z.preprocess(asText, z.string().trim().min(1, TREAT_FORM_MESSAGES.name).max(120, TREAT_FORM_MESSAGES.name).refine(noControl, TREAT_FORM_MESSAGES.name)),
    slug: z.preprocess(asText, z.string().trim().max(80, TREAT_FORM_MESSAGES.slug).regex(/^[a-z0-9-]*$/, TREAT_FORM_MESSAGES.slug).refine((slug) => !RESERVED_TREAT_SLUGS.includes(slug), TREAT_FORM_MESSAGES.reservedSlug)),
    description: text(20_000),
    terms: text(20_000),
    /** Written by the rich-text editors: "html" with JavaScript, "text" from the plain textareas without. */
    descriptionFormat: z.preprocess(first, z.enum(["html", "text"]).default("text")),
    image: z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().regex(/^[0-9a-f]{24}$/)).max(1)),
    type: z.coerce.number({ invalid_type_error: TREAT_FORM_MESSAGES.type }).int(TREAT_FORM_MESSAGES.type).min(1, TREAT_FORM_MESSAGES.type).max(5, TREAT_FORM_MESSAGES.type),
    weight: z.preprocess(asText, z.string().trim().regex(/^\d{1,7}$/, TREAT_FORM_MESSAGES.weight).transform(Number).refine((value) => value <= 1_000_000, TREAT_FORM_MESSAGES.weight)),
    subscriptionFilter: z.preprocess((value) => (value === undefined || value === "" ? "none" : value), z.enum(["none", "type", "option"])),
    subscriptionType: z.preprocess(asText, z.string().max(40)),
    subscriptionOption: z.preprocess(asText, z.string().max(40)),
    expiryDays: optionalInt(1, 3650, TREAT_FORM_MESSAGES.expiryDays),
    discount: optionalInt(1, 100, TREAT_FORM_MESSAGES.discount),
    interval: optionalInt(1, 36, TREAT_FORM_MESSAGES.interval),
    period: z.preprocess((value) => (value === undefined || value === "" ? "month" : value), z.enum(["month", "year"])),
    url: z.preprocess(asText, z.string().trim().max(500, TREAT_FORM_MESSAGES.url).refine((value) => value === "" || /^https:\/\/[^\s]+$/.test(value) || /^\/[^/\\\s][^\s]*$/.test(value), TREAT_FORM_MESSAGES.url)),
    voucher: z.preprocess(asText, z.string().trim().max(64, TREAT_FORM_MESSAGES.voucher).regex(/^[A-Za-z0-9-]*$/, TREAT_FORM_MESSAGES.voucher)),
    featured: z.preprocess((value) => value === "on" || value === "true" || value === "1", z.boolean()),
  })
  .superRefine((form, context) => {
    // Spec §5: the type select or the option select is required only when its radio is chosen.
    if (form.subscriptionFilter === "type" && !planTypeIds.includes(form.subscriptionType)) context.addIssue({ code: "custom", path: ["subscriptionType"], message: TREAT_FORM_MESSAGES.subscriptionType });
    if (form.subscriptionFilter === "option" && !planOptionIds.includes(form.subscriptionOption)) context.addIssue({ code: "custom", path: ["subscriptionOption"], message: TREAT_FORM_MESSAGES.subscriptionOption });
    if (form.type === 1 && form.discount === null) context.addIssue({ code: "custom", path: ["discount"], message: TREAT_FORM_MESSAGES.discount });
    if (form.type === 4 && form.voucher !== "") context.addIssue({ code: "custom", path: ["voucher"], message: TREAT_FORM_MESSAGES.posted });
  });
export type TreatForm = z.infer<typeof treatFormSchema>;
export const treatFormValidator = withZod(treatFormSchema);

export const GIFT_MESSAGES = { recipient: "Please enter the username or email address of the member you want to gift this Treat to" } as const;

export const giftSchema = z.object({
  recipient: z.preprocess(asText, z.string().trim().min(1, GIFT_MESSAGES.recipient).max(254, GIFT_MESSAGES.recipient).refine(noControl, GIFT_MESSAGES.recipient)),
});
export const giftValidator = withZod(giftSchema);

/** The dog gift a member clicks: which one does not change the draw (the server draws), but it must be one of the three. */
export const claimSchema = z.object({ gift: z.enum(["1", "2", "3"], { errorMap: () => ({ message: "Please choose one of the gifts" }) }) });
export const claimValidator = withZod(claimSchema);
