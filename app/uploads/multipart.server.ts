import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UploadError } from "./process.server";

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
    if (type === "application/x-www-form-urlencoded") return request.formData();
    throw new UploadError("Send the form as multipart/form-data.", 415);
  }
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > maxFiles * MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw new UploadError(UPLOAD_MESSAGES.tooBig, 413);
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new UploadError(UPLOAD_MESSAGES.tooBig, 413);
    throw new UploadError("The form could not be read.", 400);
  }
}

/** The non-empty files of one field (an empty file input still sends an empty part). */
export function filesOf(form: FormData, name: string): File[] {
  return form.getAll(name).filter((value): value is File => typeof value !== "string" && value.size > 0);
}
