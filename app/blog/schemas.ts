// The Bark Out forms' schemas, shared by the browser (remix-validated-form) and the server. The story
// and contact forms use the spec's operator wording 'your' (public-directory.md §5).
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { BLOG_POST_STATUSES } from "./statuses";

export const CONTACT_MESSAGES = {
  name: "Please enter your name",
  email: "Please enter your email",
  emailInvalid: "Please enter a valid email address",
  message: "Please enter your message",
  tooLong: (max: number) => `Please keep this to at most ${max} characters`,
} as const;

export const STORY_MESSAGES = {
  likes: "Please describe what your dog enjoys",
  favouriteWalks: "Please describe what kind of walks your dog enjoys",
  walkActivities: "Please describe the sort of things your dog gets up to on your walks",
  name: "Please enter your name",
  email: "Please enter your email",
} as const;

export const NEWSLETTER_MESSAGES = {
  email: "Please enter your email",
  emailInvalid: "Please enter a valid email address",
  success: "Success! You will need to confirm your email address before you receive updates",
} as const;

export const CONTACT_MESSAGE_MAX = 5000;
export const STORY_FIELD_MAX = 3000;
const NAME_MAX = 100;
const EMAIL_MAX = 254;

const asText = (value: unknown) => (value === undefined || value === null ? "" : value);
// Control characters other than tab and line breaks never belong in a form's text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

function required(message: string, max: number) {
  return z.preprocess(asText, z.string().trim().min(1, message).max(max, CONTACT_MESSAGES.tooLong(max)).refine((value) => !CONTROL.test(value), "Please remove the control characters from this field"));
}

function email(empty: string, invalid: string) {
  return z.preprocess(asText, z.string().trim().min(1, empty).max(EMAIL_MAX, invalid).email(invalid));
}

const galleryIds = z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().regex(/^[0-9a-f]{24}$/)).max(10));

export const contactSchema = z.object({
  name: required(CONTACT_MESSAGES.name, NAME_MAX),
  email: email(CONTACT_MESSAGES.email, CONTACT_MESSAGES.emailInvalid),
  message: required(CONTACT_MESSAGES.message, CONTACT_MESSAGE_MAX),
});
export type ContactForm = z.infer<typeof contactSchema>;
export const contactValidator = withZod(contactSchema);

const storyFields = {
  likes: required(STORY_MESSAGES.likes, STORY_FIELD_MAX),
  "favourite-walks": required(STORY_MESSAGES.favouriteWalks, STORY_FIELD_MAX),
  "walk-activities": required(STORY_MESSAGES.walkActivities, STORY_FIELD_MAX),
  gallery: galleryIds,
};

/** A member's story: the three questions and photos. */
export const memberStorySchema = z.object(storyFields);
/** A visitor also says who they are, so the team can credit them. */
export const visitorStorySchema = z.object({ ...storyFields, name: required(STORY_MESSAGES.name, NAME_MAX), email: email(STORY_MESSAGES.email, CONTACT_MESSAGES.emailInvalid) });
export type StoryForm = z.infer<typeof memberStorySchema> & { name?: string; email?: string };
export const memberStoryValidator = withZod(memberStorySchema);
export const visitorStoryValidator = withZod(visitorStorySchema);

export const newsletterSchema = z.object({ email: email(NEWSLETTER_MESSAGES.email, NEWSLETTER_MESSAGES.emailInvalid) });
export const newsletterValidator = withZod(newsletterSchema);

export const ADMIN_POST_MESSAGES = {
  title: "Please enter a title for this post",
  slug: "A slug is lowercase letters, digits, underscores or hyphens",
  publishedAt: "Please choose when this post is published",
  video: "Each video is a line with an address: a file on this site (/…) or an https:// embed address, then optionally | and a title",
} as const;

const optionalText = (max: number) => z.preprocess(asText, z.string().trim().max(max, CONTACT_MESSAGES.tooLong(max)));

export const adminPostSchema = z.object({
  title: required(ADMIN_POST_MESSAGES.title, 200),
  slug: z.preprocess(asText, z.string().trim().max(120, ADMIN_POST_MESSAGES.slug).regex(/^[a-z0-9_-]*$/, ADMIN_POST_MESSAGES.slug)),
  excerpt: optionalText(500),
  body: optionalText(100_000),
  /** Written by the rich-text editor: "html" with JavaScript, "text" from the plain textarea without. */
  descriptionFormat: z.enum(["html", "text"]).default("text"),
  categories: z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(z.coerce.number().int().min(1).max(32767)).max(20)),
  status: z.enum(BLOG_POST_STATUSES).default("draft"),
  /** A datetime-local value, read as UTC. */
  publishedAt: z.preprocess(asText, z.string().trim().max(30).regex(/^(|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?)$/, ADMIN_POST_MESSAGES.publishedAt)),
  gallery: z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().regex(/^[0-9a-f]{24}$/)).max(30)),
  videos: optionalText(4000),
});
export type AdminPostForm = z.infer<typeof adminPostSchema>;
export const adminPostValidator = withZod(adminPostSchema);
