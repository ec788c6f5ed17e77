import { AppError } from "../../core/errors";

const MAX_JSON_BYTES = 16 * 1024;

/** A small JSON body (payment calls), refusing anything too large or unreadable with a 400. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES || text.includes("\u0000")) throw new AppError(400, "Sorry, we couldn't read that request.");
  // The spec's "empty" calls (enable-autorenew) may send no body at all.
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, "Sorry, we couldn't read that request.");
  }
}
