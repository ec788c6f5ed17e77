// What the payment pages' loaders and actions share: the card form's configuration, safe "next" paths,
// and reading the small forms (bounded before any SQL).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { readForm as readFormData } from "../auth/forms.server";
import { AppError, fieldErrorsOf } from "../../core/errors";
import { errorResponse } from "../error-response.server";
import { paypalConfig } from "./paypal.server";
import { stripeConfig } from "./stripe.server";
import type { CardFormConfig, PayPalButtonConfig } from "./types";

export function cardFormConfig(): CardFormConfig {
  const config = stripeConfig();
  return { publishableKey: config.publishableKey, jsUrl: config.jsUrl, local: config.local };
}

/** The PayPal button's configuration, or null when PayPal is switched off (the page then removes its wrapper). */
export function paypalButtonConfig(): PayPalButtonConfig | null {
  const config = paypalConfig();
  return config.enabled ? { clientId: config.clientId, sdkUrl: config.sdkUrl, local: config.local } : null;
}

/** A fresh checkout key per page: a doubled or retried submit of that page carries the same one. */
export function newCheckoutKey(): string {
  return randomUUID();
}

/** Only this site's own paths may be a "next" target. */
export function safeNext(value: string | null): string | null {
  if (!value || value.length > 300 || !value.startsWith("/") || value.startsWith("//") || value.includes("\\") || [...value].some((c) => c.charCodeAt(0) < 32)) return null;
  return value;
}

/** The form's fields, each cut to 500 characters, checked by the schema; a body that is not a readable form is a 4xx. */
export async function readForm<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  const form = await readFormData(request);
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value.slice(0, 500);
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? "Sorry, we couldn't read that form.", { fieldErrors: fieldErrorsOf(parsed.error.issues) });
  return parsed.data as z.infer<T>;
}

/** Runs a form action: an AppError is answered (the one error body, `{ message, fieldErrors, requestId }`) with its status, so the page re-renders with it. */
export async function formAction(body: () => Promise<Response>): Promise<Response> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
}
