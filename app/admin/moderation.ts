// Why an administrator denies a listing or a review, or asks its author for changes: a reason chosen from
// the list, typed, or both (docs/decisions/0250-moderation-reasons.md). A plain module: the confirmation
// form renders the same list the server checks.
import { z } from "zod";

export const MODERATION_REASONS = [
  "We could not confirm that dogs are welcome here",
  "It repeats a listing that is already in the directory",
  "It needs more detail to help other dog owners",
  "It contains advertising, links or contact details we cannot publish",
  "It contains language or content that breaks our guidelines",
  "The location or address is not right",
] as const;

export const REASON_MAX = 1000;

export const REASON_MESSAGES = {
  required: "Please choose a reason or type one, so the member knows what to change.",
  unknown: "Please choose a reason from the list.",
  tooLong: `Please keep the reason under ${REASON_MAX} characters.`,
} as const;

export const moderationReasonSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .refine((value) => value === "" || (MODERATION_REASONS as readonly string[]).includes(value), REASON_MESSAGES.unknown),
    reasonText: z.string().trim().max(REASON_MAX - 100, REASON_MESSAGES.tooLong),
  })
  .refine((value) => value.reason !== "" || value.reasonText !== "", { message: REASON_MESSAGES.required, path: ["reason"] });

/** The reason as the member reads it: the chosen one, then what the administrator typed. */
export function reasonSentence(value: z.infer<typeof moderationReasonSchema>): string {
  if (value.reason && value.reasonText) return `${value.reason}. ${value.reasonText}`;
  return value.reason || value.reasonText;
}

/** Reads the reason fields of a posted form: the sentence, or the message to show beside the fields. */
export function readModerationReason(form: FormData): { ok: true; reason: string } | { ok: false; error: string; values: { reason: string; reasonText: string } } {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, REASON_MAX + 10) : "";
  };
  const values = { reason: field("reason"), reasonText: field("reasonText") };
  const parsed = moderationReasonSchema.safeParse(values);
  if (parsed.success) return { ok: true, reason: reasonSentence(parsed.data) };
  return { ok: false, error: parsed.error.issues[0]?.message ?? REASON_MESSAGES.required, values };
}
