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

// In their own module, so a page can read a failed submission without loading remix-validated-form.
export { fieldErrorOf, formErrorOf } from "./form-errors";
