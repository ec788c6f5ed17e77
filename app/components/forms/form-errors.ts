// The messages of a failed submission (the one error body, AppErrorData: `{ message, fieldErrors?, requestId }`),
// apart from FormParts so that reading them does not load remix-validated-form.

/**
 * The general message of a failed submission, unless the same message is already shown on a field
 * (spec: server field errors are shown on fields, otherwise as a general message; never twice).
 */
export function formErrorOf(value: unknown): string | null {
  if (!value || typeof value !== "object" || !("message" in value) || typeof value.message !== "string") return null;
  const fieldErrors = "fieldErrors" in value && value.fieldErrors && typeof value.fieldErrors === "object" ? Object.values(value.fieldErrors) : [];
  return fieldErrors.includes(value.message) ? null : value.message;
}

/** The server's message for one field of a failed submission (for fields outside remix-validated-form's inputs, such as uploads). */
export function fieldErrorOf(value: unknown, name: string): string | null {
  if (!value || typeof value !== "object" || !("fieldErrors" in value) || !value.fieldErrors || typeof value.fieldErrors !== "object") return null;
  const message: unknown = (value.fieldErrors as Record<string, unknown>)[name];
  return typeof message === "string" ? message : null;
}
