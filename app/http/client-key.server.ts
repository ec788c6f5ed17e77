// Client keys (docs/decisions/0258-client-keys.md): a form that creates something carries a key made
// when it was rendered; the creation stores it, unique per member, so a retried request returns the first
// result. A loader hands out `newClientKey()`; the action reads the field with `clientKeyOf`.
import { randomUUID } from "node:crypto";
import { AppError } from "../../core/errors";

export const CLIENT_KEY_FIELD = "clientKey";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function newClientKey(): string {
  return randomUUID();
}

/** The form's key, or null when it sent none (an older page, the API); anything else is refused. */
export function clientKeyOf(form: FormData): string | null {
  const value = form.get(CLIENT_KEY_FIELD);
  if (value === null || value === "") return null;
  if (typeof value !== "string" || !UUID.test(value)) throw new AppError(400, "Sorry, that did not work. Please reload the page and try again.");
  return value.toLowerCase();
}
