// How the member area's actions answer: an AppError becomes a 4xx with the message for the form and
// what was typed, so a page without JavaScript shows both.
import { formAction } from "../auth/forms.server";
import { formErrorResponse } from "../error-response.server";
import { AppError } from "../../core/errors";

/** Runs an action's work with the read form; an AppError becomes the form's message and field errors. */
export const memberFormAction = formAction;

/** The same for a form already read (multipart forms with files are read by the uploads module). */
export async function answerErrors<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) return formErrorResponse(error);
    throw error;
  }
}

/** A single string field, bounded before it goes anywhere near SQL; a NUL byte is refused. */
export function textField(form: FormData, name: string, max: number): string {
  const value = form.get(name);
  if (value === null) return "";
  if (typeof value !== "string") throw new AppError(400, `${name} must be text.`);
  if (value.length > max * 4 || value.includes("\u0000")) throw new AppError(400, "The form could not be read.");
  return value;
}
