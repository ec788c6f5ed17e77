// Input every request shares, refused before it reaches a loader: addresses and form fields holding a
// NUL byte or bytes that are not UTF-8 (PostgreSQL cannot store them), and oversized form bodies.
import { AppError } from "../../core/errors";

export const UNREADABLE_MESSAGE = "The request holds characters we cannot read. Please check the address or the form and try again.";
/** A form without files is never near this (the longest, a listing's description, is 20,000 characters). */
export const MAX_FORM_BYTES = 1024 * 1024;

/** True when a URL (path and query, still percent-encoded) holds NUL, a bad escape or bytes that are not UTF-8. */
export function isUnreadableUrl(url: string): boolean {
  if (url.includes("\0") || /%00/.test(url)) return true;
  try {
    decodeURIComponent(url.replace(/\+/g, " "));
    return false;
  } catch {
    return true;
  }
}

/** Lone surrogates are what the browser's form encoding leaves of text that was not valid UTF-16. */
const UNREADABLE_TEXT = /[\0\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses a form with a field name or value PostgreSQL could not store (400 with the form's message). */
export function assertReadableForm(form: FormData): FormData {
  for (const [name, value] of form.entries()) {
    if (UNREADABLE_TEXT.test(name) || (typeof value === "string" && UNREADABLE_TEXT.test(value))) throw new AppError(400, UNREADABLE_MESSAGE, { code: "unreadable" });
  }
  return form;
}

/** Refuses a form body larger than `max` bytes from its Content-Length, before reading it. */
export function assertFormSize(request: Request, max = MAX_FORM_BYTES): void {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(length) && length > max) throw new AppError(413, "That form is larger than we accept.", { code: "too-large" });
}
