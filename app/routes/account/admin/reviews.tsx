// /account/admin/reviews, /account/admin/reviews/{all|live|unmoderated|denied} (the table) and
// /account/admin/reviews/{hexId} (one review with its edit modal): one route module, since the spec
// puts both under /account/admin/reviews/{x}. The filter names are not hex, so they never collide.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { auditEntriesFor } from "../../../admin/audit.server";
import { readModerationReason } from "../../../admin/moderation";
import { ADMIN_MESSAGES } from "../../../admin/messages";
import { fromHexId, idsOf } from "../../../admin/params.server";
import { addReviewPhotos, editReviewGallery, listReviews, moderateReviews, parseReviewEdit, reviewDetail, updateReview, type ReviewDecision } from "../../../admin/reviews.server";
import { isReviewFilter } from "../../../admin/reviews.types";
import { readFlash, redirectWithFlash } from "../../../auth/flash.server";
import { requireAdmin } from "../../../auth/guards.server";
import { REVIEW_EDIT_FORM, ReviewDetailPage, ReviewsTable } from "../../../components/admin/AdminReviews";
import { AppError, type Confirmation } from "../../../../core/errors";
import { formErrorResponse, formFailureResponse } from "../../../error-response.server";
import { filesOf, MAX_FILES_PER_FORM, readUploadForm } from "../../../uploads/multipart.server";

export const meta: MetaFunction = () => [{ title: "Reviews — Back office — Pawroute" }];

type Target = { kind: "list"; filter: "all" | "live" | "unmoderated" | "denied" } | { kind: "review"; id: number };

function targetOf(x: string | undefined): Target {
  if (x === undefined) return { kind: "list", filter: "all" };
  if (isReviewFilter(x)) return { kind: "list", filter: x };
  const id = fromHexId(x);
  if (id === null) throw new AppError(404, "Sorry, we couldn't find that review.");
  return { kind: "review", id };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const target = targetOf(params.x);
  const flash = await readFlash(request);
  if (target.kind === "list") {
    const page = await listReviews(target.filter, new URL(request.url).searchParams);
    return data({ kind: "list" as const, page, review: null, history: [], flash: flash.message }, { headers: flash.headers });
  }
  const [review, history] = await Promise.all([reviewDetail(target.id), auditEntriesFor("review", target.id, 10)]);
  return data({ kind: "review" as const, page: null, review, history, flash: flash.message }, { headers: flash.headers });
}

const BULK_MESSAGES: Record<ReviewDecision, string> = {
  accept: ADMIN_MESSAGES.reviewsAccepted,
  deny: ADMIN_MESSAGES.reviewsDenied,
  delete: ADMIN_MESSAGES.reviewsDeleted,
  restore: ADMIN_MESSAGES.reviewsRestored,
};

function decisionOf(value: FormDataEntryValue | null): ReviewDecision | null {
  return value === "accept" || value === "deny" || value === "delete" || value === "restore" ? value : null;
}

/** The reason fields of a denial's confirmation: empty at first, the values sent and their error after. */
function reasonState(denial: ReturnType<typeof readModerationReason> | null): NonNullable<Confirmation["reason"]> {
  return denial && !denial.ok ? { error: denial.error, values: denial.values } : { error: null, values: { reason: "", reasonText: "" } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const target = targetOf(params.x);
  // Forms are urlencoded, or multipart when they add photos (at most MAX_FILES_PER_FORM, 15 MB each).
  const form = await readUploadForm(request, MAX_FILES_PER_FORM);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const intent = form.get("intent");
  const confirmed = form.get("confirmed") === "1";
  // A question before the action runs; with a denial's reason that does not do, asked again with the reason's error (400).
  const ask = (confirm: Confirmation) => {
    const error = confirm.reason?.error;
    return error ? formErrorResponse(new AppError(400, error, { fieldErrors: { reason: error } }), { confirm }) : data({ confirm });
  };

  if (target.kind === "list") {
    const decision = decisionOf(intent);
    if (!decision) return formErrorResponse(new AppError(400, "Please choose what to do with the selected reviews."));
    const ids = idsOf(form);
    if (ids.length === 0) return formErrorResponse(new AppError(400, "Please select at least one review."));
    if (decision === "delete" && !confirmed) {
      return ask({ intent: decision, ids, question: ADMIN_MESSAGES.confirmDeleteReviews, confirmLabel: ids.length === 1 ? "Delete the review" : `Delete ${ids.length} reviews` });
    }
    const denial = decision === "deny" && confirmed ? readModerationReason(form) : null;
    if (decision === "deny" && (!denial || !denial.ok)) {
      const question = ids.length === 1 ? "Deny this review? Tell its author why." : `Deny these ${ids.length} reviews? Tell their authors why.`;
      return ask({ intent: decision, ids, question, confirmLabel: ids.length === 1 ? "Deny the review" : `Deny ${ids.length} reviews`, reason: reasonState(denial) });
    }
    try {
      await moderateReviews(admin, ids, decision, denial?.ok ? denial.reason : "");
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw error;
      return formFailureResponse(error, ADMIN_MESSAGES.actionFailed);
    }
    return redirectWithFlash(back, BULK_MESSAGES[decision]);
  }

  // One review: update (and accept), deny (confirmed), delete (confirmed), restore.
  const id = target.id;
  const review = await reviewDetail(id);
  if (intent === "update" || intent === "update-accept") {
    const parsed = parseReviewEdit(form);
    if (!parsed.ok) {
      const values = { rating: String(form.get("rating") ?? ""), title: String(form.get("title") ?? "").slice(0, 200), content: String(form.get("content") ?? "").slice(0, 6000) };
      return formErrorResponse(new AppError(400, "Please correct the errors below.", { fieldErrors: parsed.fieldErrors }), { formId: REVIEW_EDIT_FORM, repopulateFields: values });
    }
    await updateReview(admin, id, parsed.value);
    if (intent === "update-accept" && review.status !== 2) await moderateReviews(admin, [id], "accept");
    return redirectWithFlash(back, intent === "update-accept" ? "The review has been updated and accepted" : "The review has been updated");
  }
  if (intent === "add-photos") {
    const files = filesOf(form, "images").slice(0, MAX_FILES_PER_FORM);
    try {
      await addReviewPhotos(admin, id, await Promise.all(files.map(async (file) => Buffer.from(await file.arrayBuffer()))));
    } catch (error) {
      if (error instanceof AppError && error.status < 500 && error.status !== 404 && error.status !== 403) return formErrorResponse(error);
      throw error;
    }
    return redirectWithFlash(back, ADMIN_MESSAGES.reviewPhotosAdded);
  }
  if (intent === "remove-photo" || intent === "move-photo-earlier" || intent === "move-photo-later") {
    // The review's gallery (spec: PATCH reviews/{id} with gallery): remove a photo (asked first) or move one.
    const image = String(form.get("image") ?? "").slice(0, 64);
    if (!review.gallery.some((photo) => photo.id === image)) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
    if (intent === "remove-photo" && !confirmed) {
      return ask({ intent, ids: [], question: ADMIN_MESSAGES.confirmDeleteImage, confirmLabel: "Remove photo", fields: { image } });
    }
    await editReviewGallery(admin, id, intent === "remove-photo" ? { kind: "remove", image } : { kind: "move", image, direction: intent === "move-photo-earlier" ? "earlier" : "later" });
    return redirectWithFlash(back, intent === "remove-photo" ? ADMIN_MESSAGES.reviewPhotoRemoved : ADMIN_MESSAGES.reviewPhotoMoved);
  }
  const decision = decisionOf(intent);
  if (!decision) return formErrorResponse(new AppError(400, "Please choose what to do with this review."));
  const denial = decision === "deny" && confirmed ? readModerationReason(form) : null;
  if ((decision === "deny" && (!denial || !denial.ok)) || (decision === "delete" && !confirmed)) {
    return ask({
      intent: decision,
      ids: [],
      question: decision === "deny" ? ADMIN_MESSAGES.confirmDenyReview : ADMIN_MESSAGES.confirmDeleteReviews,
      confirmLabel: decision === "deny" ? "Deny Review" : "Delete Review",
      ...(decision === "deny" ? { reason: reasonState(denial) } : {}),
    });
  }
  await moderateReviews(admin, [id], decision, denial?.ok ? denial.reason : "");
  if (decision === "delete") return redirectWithFlash("/account/admin/reviews", ADMIN_MESSAGES.reviewsDeleted);
  return redirectWithFlash(back, BULK_MESSAGES[decision]);
}

export default function AdminReviews() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "list" && loaded.page) return <ReviewsTable page={loaded.page} flash={loaded.flash} />;
  if (loaded.review) return <ReviewDetailPage review={loaded.review} history={loaded.history} flash={loaded.flash} />;
  return null;
}
