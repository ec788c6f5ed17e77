// What every account action shares: reading the body safely, turning validation and service errors
// into 4xx answers the form can show, and the honeypot.
import type { Validator } from "remix-validated-form";
import { HONEYPOT_FIELD } from "./schemas";
import { AppError } from "../../core/errors";
import { assertFormSize, assertReadableForm } from "../ops/input.server";
import { formErrorResponse, validationErrorResponse } from "../error-response.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The submitted form; a body that is not a form answers 415, an oversized one 413, an unreadable one 400 (never a 500). */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) throw new AppError(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  assertFormSize(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError(400, "The form could not be read.");
  }
  return assertReadableForm(form);
}

/** Field names never sent back to the page after a failed submission. */
const SECRET_FIELDS = ["password", "newPassword", "newPasswordRepeat", "confirmPassword", "passwordRepeat", "altcha", "captchaAnswer", "captchaToken", "token"];

function withoutSecrets(submitted: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(submitted).filter(([key]) => !SECRET_FIELDS.includes(key)));
}

export type Validated<T> = { ok: true; data: T } | { ok: false; response: ReturnType<typeof invalid> };

function invalid(fieldErrors: Record<string, string>, formId: string | undefined, repopulateFields: Record<string, unknown>) {
  return validationErrorResponse(fieldErrors, { formId, repopulateFields });
}

/** Validates with the form's zod schema; on failure the 422 answer carries the field errors (and, for pages without JavaScript, the values to put back). */
export async function validateForm<T>(validator: Validator<T>, form: FormData): Promise<Validated<T>> {
  const result = await validator.validate(form);
  if (result.error) return { ok: false, response: invalid(result.error.fieldErrors, result.formId, withoutSecrets(result.submittedData)) };
  return { ok: true, data: result.data };
}

/**
 * Reads the form and runs an action's work with it; an AppError becomes a 4xx answer carrying the
 * message for the form (and, for pages without JavaScript, what was typed).
 */
export async function formAction<T>(request: Request, work: (form: FormData) => Promise<T>) {
  const form = await readForm(request);
  try {
    return await work(form);
  } catch (error) {
    if (error instanceof AppError) {
      const submitted = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      return formErrorResponse(error, { repopulateFields: withoutSecrets(submitted) });
    }
    throw error;
  }
}

/**
 * The usual action: read the form (formAction), refuse a filled honeypot when asked, validate with the
 * form's zod schema (a 422 with the field errors) and run `work` with the valid data.
 */
export async function validatedAction<T, R>(request: Request, validator: Validator<T>, work: (data: T, form: FormData) => Promise<R>, options: { honeypot?: boolean } = {}) {
  return formAction(request, async (form) => {
    if (options.honeypot) checkHoneypot(form);
    const valid = await validateForm(validator, form);
    if (!valid.ok) return valid.response;
    return work(valid.data, form);
  });
}

/** Bots fill every field; people never see this one. */
export function checkHoneypot(form: FormData): void {
  const value = form.get(HONEYPOT_FIELD);
  if (value !== null && value !== "") throw new AppError(400, "The form was not sent properly. Please try again.");
}
