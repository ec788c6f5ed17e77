// The review form's schema, shared by the browser (remix-validated-form) and the server.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

/** Spec §9: a review's text needs at least 100 characters, counted after trimming. */
export const REVIEW_MIN_CHARACTERS = 100;
export const REVIEW_MAX_CHARACTERS = 5000;
export const REVIEW_TITLE_MAX = 120;

export const REVIEW_MESSAGES = {
  rating: "Please choose a rating from 1 to 5 stars",
  content: `Please write at least ${REVIEW_MIN_CHARACTERS} characters about your visit`,
  contentTooLong: `Your review can be at most ${REVIEW_MAX_CHARACTERS} characters long`,
  titleTooLong: `Your title can be at most ${REVIEW_TITLE_MAX} characters long`,
} as const;

/** Characters still needed before the text is long enough (0 when done). */
export function charactersStillNeeded(text: string): number {
  return Math.max(0, REVIEW_MIN_CHARACTERS - text.trim().length);
}

const asText = (value: unknown) => (value === undefined || value === null ? "" : value);

export const reviewSchema = z.object({
  rating: z.preprocess(
    (value) => (value === "" || value === undefined || value === null ? undefined : value),
    z.coerce.number({ required_error: REVIEW_MESSAGES.rating, invalid_type_error: REVIEW_MESSAGES.rating }).int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating),
  ),
  title: z.preprocess(asText, z.string().trim().max(REVIEW_TITLE_MAX, REVIEW_MESSAGES.titleTooLong)),
  content: z.preprocess(asText, z.string().trim().min(REVIEW_MIN_CHARACTERS, REVIEW_MESSAGES.content).max(REVIEW_MAX_CHARACTERS, REVIEW_MESSAGES.contentTooLong)),
  /** Uploaded image ids (the gallery), in order. */
  gallery: z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().regex(/^[0-9a-f]{24}$/)).max(20)),
});

export const reviewValidator = withZod(reviewSchema);
