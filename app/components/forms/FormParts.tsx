import { useIsSubmitting } from "remix-validated-form";
import type { ReactNode } from "react";
import { HONEYPOT_FIELD } from "../../auth/schemas";

/** Submits the form it sits in; while the request runs it says so and ignores further clicks. */
export function SubmitButton({ children, pending, variant }: { children: ReactNode; pending: ReactNode; variant?: "accent" | "quiet" }) {
  // Inside the form, the form's own context (and its fetcher, in a modal) tells whether it is submitting.
  const submitting = useIsSubmitting();
  return (
    <button type="submit" className={`button${variant ? ` button--${variant}` : ""}`} disabled={submitting} aria-busy={submitting || undefined}>
      {submitting ? pending : children}
    </button>
  );
}

/** The general message of a failed submission (rate limit, wrong password, expired link). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      {message}
    </div>
  );
}

/** A success message after a redirect. */
export function Notice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="form-notice" role="status">
      {message}
    </div>
  );
}


/** A field only bots fill in: off-screen, out of the tab order and hidden from assistive technology. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="website-field">Leave this field empty</label>
      <input id="website-field" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * The general message of a failed submission, unless the same message is already shown on a field
 * (spec: server field errors are shown on fields, otherwise as a general message; never twice).
 */
export function formErrorOf(value: unknown): string | null {
  if (!value || typeof value !== "object" || !("formError" in value) || typeof value.formError !== "string") return null;
  const fieldErrors = "fieldErrors" in value && value.fieldErrors && typeof value.fieldErrors === "object" ? Object.values(value.fieldErrors) : [];
  return fieldErrors.includes(value.formError) ? null : value.formError;
}

/** The server's message for one field of a failed submission (for fields outside remix-validated-form's inputs, such as uploads). */
export function fieldErrorOf(value: unknown, name: string): string | null {
  if (!value || typeof value !== "object" || !("fieldErrors" in value) || !value.fieldErrors || typeof value.fieldErrors !== "object") return null;
  const message: unknown = (value.fieldErrors as Record<string, unknown>)[name];
  return typeof message === "string" ? message : null;
}
