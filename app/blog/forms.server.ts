// What the Bark Out, contact and newsletter actions share: an AppError (captcha, rate limit, …) becomes the form's general message and field errors, with what was typed put back for
// pages without JavaScript (never the captcha).
import { data } from "@remix-run/node";
import { AppError } from "../errors";

const SECRET_FIELDS = new Set(["altcha", "captchaAnswer", "captchaToken"]);

function typed(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || SECRET_FIELDS.has(key)) continue;
    const previous = values[key];
    values[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return values;
}

/** Runs the action's work; a known error answers the form with its status instead of an error page. */
export async function answerForm<T>(form: FormData, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
      return data({ formError: error.message, fieldErrors: error.fieldErrors, repopulateFields: typed(form) }, { status: error.status, headers });
    }
    throw error;
  }
}
