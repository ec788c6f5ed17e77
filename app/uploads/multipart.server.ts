import { type AppLoadContext, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_UPLOAD_BYTES, UPLOAD, UPLOAD_MESSAGES } from "../../media/images.server";
import { AppError } from "../../core/errors";
import { readForm } from "../auth/forms.server";
import { formErrorResponse } from "../error-response.server";
import { limitVisitorForm, rateLimited } from "../auth/rate-limit.server";
import { assertReadableForm } from "../ops/input.server";

/** Forms without JavaScript send their photos with the form: at most this many at once. */
export const MAX_FILES_PER_FORM = 10;
const MULTIPART_OVERHEAD = 256 * 1024;

/**
 * Reads a form that may carry files, refusing an oversized body from its Content-Length before
 * reading it and any one part past 15 MB while streaming (so a 50 MB upload is never held whole).
 */
export async function readUploadForm(request: Request, maxFiles = 1): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "multipart/form-data") {
    if (type === "application/x-www-form-urlencoded") return readForm(request);
    throw new AppError(415, "Send the form as multipart/form-data.", UPLOAD);
  }
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > maxFiles * MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw new AppError(413, UPLOAD_MESSAGES.tooBig, UPLOAD);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new AppError(413, UPLOAD_MESSAGES.tooBig, UPLOAD);
    throw new AppError(400, "The form could not be read.", UPLOAD);
  }
  return assertReadableForm(form);
}

/**
 * A visitor form that may carry photos (reviews, listings): its rate limits first, then the body. A
 * refusal comes back as the form's answer (429 with Retry-After, 413, 415, 400) instead of the form.
 */
export async function readVisitorForm(request: Request, context: AppLoadContext | undefined, user: { id: number } | null) {
  try {
    await limitVisitorForm(request, context, user);
    return { form: await readUploadForm(request, MAX_FILES_PER_FORM) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 429) return { refusal: rateLimited(error) };
    return { refusal: formErrorResponse(error) };
  }
}

/** The non-empty files of one field (an empty file input still sends an empty part). */
export function filesOf(form: FormData, name: string): File[] {
  return form.getAll(name).filter((value): value is File => typeof value !== "string" && value.size > 0);
}
