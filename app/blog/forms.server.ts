// What the Bark Out, contact and newsletter actions share: an AppError (captcha, rate limit, …) becomes the form's general message and field errors, with what was typed put back for
// pages without JavaScript (never the captcha).
import { AppError } from "../../core/errors";
import { formErrorResponse } from "../error-response.server";
import { createUpload } from "../uploads/files.server";
import { filesOf, MAX_FILES_PER_FORM, readUploadForm } from "../uploads/multipart.server";
import type { Uploader } from "../uploads/uploader.server";

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
    if (error instanceof AppError && error.status < 500) return formErrorResponse(error, { repopulateFields: typed(form) });
    throw error;
  }
}

/** A form that may carry photos (the post editor, the story form); a body the reader refuses (too large, malformed) answers the form with its status. */
export async function readPhotoForm(request: Request) {
  try {
    return { form: await readUploadForm(request, MAX_FILES_PER_FORM), refused: null };
  } catch (error) {
    if (error instanceof AppError) return { form: null, refused: formErrorResponse(error) };
    throw error;
  }
}

/** Stores the photos sent with the form: without JavaScript they come as files; with it they were uploaded already and only their ids come. */
export async function uploadFormPhotos(uploader: Uploader, form: FormData): Promise<string[]> {
  const uploaded: string[] = [];
  for (const file of filesOf(form, "images").slice(0, MAX_FILES_PER_FORM)) uploaded.push((await createUpload(uploader, Buffer.from(await file.arrayBuffer()))).id);
  return uploaded;
}
