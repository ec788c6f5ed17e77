// The review page's loader and action work, so the route module stays a thin view.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { createFallbackQuestion, checkCaptcha } from "../../../captcha/captcha.server";
import { clientOf } from "../../../auth/client.server";
import { validateForm } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { sql } from "../../../db.server";
import { listingForRequest } from "../../../listings/listing.server";
import { createReview, reviewMadeWith } from "../../../reviews/reviews.server";
import { reviewValidator } from "../../../reviews/schemas";
import { createUpload } from "../../../uploads/files.server";
import { filesOf, MAX_FILES_PER_FORM } from "../../../uploads/multipart.server";
import { UPLOAD } from "../../../../media/images.server";
import { AppError } from "../../../../core/errors";
import { clientKeyOf, newClientKey } from "../../../http/client-key.server";
import { readVisitorForm } from "../../../uploads/multipart.server";
import { formErrorResponse } from "../../../error-response.server";

export async function reviewPage(request: Request, slug: string | undefined, context?: AppLoadContext) {
  const user = await requireMember(request, "review");
  const listing = await listingForRequest(sql(), request, slug, user);
  return {
    listing: { id: listing.id, url: listing.url, title: listing.title, fullTitle: listing.fullTitle },
    captcha: createFallbackQuestion("review", clientOf(request, context).ip),
    clientKey: newClientKey(),
    admin: user.isAdmin,
    // Unverified members earn points as pending and are offered the verification link again.
    unverifiedEmail: user.emailVerified ? null : user.email,
  };
}

/** What was typed, for a page without JavaScript to show again (never the captcha). */
function typedValues(form: FormData): Record<string, string | string[]> {
  return { rating: String(form.get("rating") ?? ""), title: String(form.get("title") ?? ""), content: String(form.get("content") ?? ""), gallery: form.getAll("gallery").map(String) };
}

/** Reads the form (photos may come with it when JavaScript is off), checks the captcha and saves the review. */
export async function submitReview(request: Request, slug: string | undefined, context?: AppLoadContext) {
  const user = await requireMember(request, "review");
  const listing = await listingForRequest(sql(), request, slug, user);
  const read = await readVisitorForm(request, context, user);
  if ("refusal" in read) return read.refusal;
  const { form } = read;
  const valid = await validateForm(reviewValidator, form);
  if (!valid.ok) return valid.response;
  const uploader = { user, visitorKey: null };
  const answered = (result: { published: boolean }) => redirect(`${listing.url}${result.published ? "#reviews-title" : "?reviewed=1"}`);
  try {
    const clientKey = clientKeyOf(form);
    // A retry of a submission that was saved: its answer again, before the captcha (spent by the first).
    const earlier = await reviewMadeWith(user.id, clientKey);
    if (earlier) return answered(earlier);
    await checkCaptcha(form, "review", clientOf(request, context).ip);
    const uploaded: string[] = [];
    for (const file of filesOf(form, "images").slice(0, MAX_FILES_PER_FORM)) {
      uploaded.push((await createUpload(uploader, Buffer.from(await file.arrayBuffer()))).id);
    }
    return answered(await createReview(user, uploader, listing, { ...valid.data, gallery: [...valid.data.gallery, ...uploaded] }, clientKey));
  } catch (error) {
    if (error instanceof AppError) {
      // An upload's refusal is shown on the gallery field.
      const shown = error.code === UPLOAD.code ? new AppError(error.status, error.message, { fieldErrors: { gallery: error.message }, retryAfterSeconds: error.retryAfterSeconds }) : error;
      return formErrorResponse(shown, { repopulateFields: typedValues(form) });
    }
    throw error;
  }
}
