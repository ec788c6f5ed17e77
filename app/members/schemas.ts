// The member area's forms: one zod schema per form, shared by the page (live validation) and the server.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

export const BIO_MAX = 1000;
export const ALT_TITLE_MAX = 200;
export const REFERRAL_MESSAGE_MAX = 500;
export const TWITTER_MESSAGE = "Please enter a valid twitter username, it can only contain letters, numbers and underscores.";
export const DELETE_IMAGE_QUESTION = "Are you sure you want to delete this image?";

const noNul = (value: string) => !value.includes("\u0000");

export const profileSchema = z.object({
  intent: z.literal("profile"),
  bio: z
    .string()
    .max(BIO_MAX * 2, `Please keep your bio to ${BIO_MAX} characters or fewer.`)
    .transform((value) => value.replace(/\r\n/g, "\n").trim())
    .refine(noNul, "The form could not be read.")
    .refine((value) => value.length <= BIO_MAX, `Please keep your bio to ${BIO_MAX} characters or fewer.`)
    .optional()
    .default(""),
  // An @ in front is what people type; the name itself is up to 15 letters, numbers and underscores.
  twitterUsername: z
    .string()
    .max(40, TWITTER_MESSAGE)
    .transform((value) => value.trim().replace(/^@/, ""))
    .refine((value) => value === "" || /^[A-Za-z0-9_]{1,15}$/.test(value), TWITTER_MESSAGE)
    .optional()
    .default(""),
});
export const profileValidator = withZod(profileSchema);

export const galleryItemSchema = z.object({
  intent: z.literal("update"),
  altTitle: z
    .string()
    .max(ALT_TITLE_MAX * 2, `Please keep the description to ${ALT_TITLE_MAX} characters or fewer.`)
    .transform((value) => value.trim())
    .refine(noNul, "The form could not be read.")
    .refine((value) => value.length <= ALT_TITLE_MAX, `Please keep the description to ${ALT_TITLE_MAX} characters or fewer.`)
    .optional()
    .default(""),
});
export const galleryItemValidator = withZod(galleryItemSchema);

export const referralSchema = z.object({
  email: z
    .string({ required_error: "Please enter your friend's email address." })
    .trim()
    .min(1, "Please enter your friend's email address.")
    .max(254, "Please enter a valid email address.")
    .email("Please enter a valid email address."),
  message: z
    .string()
    .max(REFERRAL_MESSAGE_MAX * 2, `Please keep your message to ${REFERRAL_MESSAGE_MAX} characters or fewer.`)
    .transform((value) => value.trim())
    .refine(noNul, "The form could not be read.")
    .refine((value) => value.length <= REFERRAL_MESSAGE_MAX, `Please keep your message to ${REFERRAL_MESSAGE_MAX} characters or fewer.`)
    .optional()
    .default(""),
});
export const referralValidator = withZod(referralSchema);
