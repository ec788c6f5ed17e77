// Reviews in the back office: the table by filter, bulk approve/deny/delete/restore, one review's page
// with its edit form. The status changes are the moderation functions of app/reviews/reviews.server.ts
// (approval mail and Treat Points included); this module adds the audit log and the admin's edit.
import { z } from "zod";
import { REVIEW_STATUS } from "../../db/schema/reviews";
import type { SessionUser } from "../auth/guards.server";
import { sql } from "../db.server";
import { AppError, fieldErrorsOf } from "../../core/errors";
import { acceptReview, deleteReview, denyReview, restoreReview } from "../reviews/reviews.server";
import { REVIEW_MAX_CHARACTERS, REVIEW_MESSAGES, REVIEW_MIN_CHARACTERS, REVIEW_TITLE_MAX } from "../reviews/schemas";
import { createUpload, deleteUpload, galleryImages } from "../uploads/files.server";
import { FILE_ID_PATTERN } from "../../core/images";
import { audit } from "./audit.server";
import { ADMIN_MESSAGES } from "./messages";
import { boundedText, hexId, pageOf, iso } from "./params.server";
import { REVIEW_FILTERS, reviewLabel, type AdminReviewDetail, type AdminReviewRow, type AdminReviewsPage, type ReviewFilter } from "./reviews.types";
import { pageCount } from "../../kit/pager";

export { isReviewFilter, REVIEW_FILTERS, reviewLabel } from "./reviews.types";

interface Row {
  id: number;
  rating: number;
  title: string;
  content: string;
  status: number;
  listing_title: string;
  listing_url: string;
  author: string | null;
  created_at: Date;
}

function toRow(row: Row): AdminReviewRow {
  const excerpt = row.content.length > 160 ? `${row.content.slice(0, 157).trimEnd()}…` : row.content;
  return {
    id: row.id,
    hexId: hexId(row.id),
    rating: row.rating,
    title: row.title,
    excerpt,
    status: row.status,
    label: reviewLabel(row.status),
    listing: { title: row.listing_title, url: row.listing_url },
    author: row.author ?? "a former member",
    createdAt: iso(row.created_at),
  };
}

export async function listReviews(filter: ReviewFilter, params: URLSearchParams): Promise<AdminReviewsPage> {
  const q = boundedText(params.get("q"), 100);
  const { page, limit } = pageOf(params);
  const s = sql();
  const statuses = REVIEW_FILTERS[filter].statuses;
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = s`WHERE true
    ${statuses ? s`AND r.status = ANY(${statuses}::int[])` : s``}
    ${q ? s`AND (lower(r.title) LIKE ${like} OR lower(r.content) LIKE ${like} OR lower(l.title) LIKE ${like})` : s``}`;
  const [{ total }] = await s<{ total: number }[]>`SELECT count(*)::int AS total FROM reviews r JOIN listings l ON l.id = r.listing_id ${where}`;
  const rows = await s<Row[]>`
    SELECT r.id, r.rating, r.title, r.content, r.status, l.title AS listing_title, listing_url(l.walk_type, l.slug) AS listing_url,
           CASE WHEN u.deactivated_at IS NULL THEN coalesce(u.username, u.email) END AS author, r.created_at
    FROM reviews r JOIN listings l ON l.id = r.listing_id JOIN users u ON u.id = r.user_id
    ${where}
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  return { filter, reviews: rows.map(toRow), query: { q }, pagination: { page, limit, total, totalPages: pageCount(total, limit) } };
}

export async function reviewDetail(id: number): Promise<AdminReviewDetail> {
  const [row] = await sql()<(Row & { user_id: number; email: string; image_ids: string[]; moderated_at: Date | null; moderated_by: string | null; moderation_reason: string | null })[]>`
    SELECT r.id, r.rating, r.title, r.content, r.status, l.title AS listing_title, listing_url(l.walk_type, l.slug) AS listing_url,
           CASE WHEN u.deactivated_at IS NULL THEN coalesce(u.username, u.email) END AS author, r.created_at, r.user_id, u.email, r.image_ids,
           r.moderated_at, r.moderation_reason, (SELECT coalesce(m.username, m.email) FROM users m WHERE m.id = r.moderated_by) AS moderated_by
    FROM reviews r JOIN listings l ON l.id = r.listing_id JOIN users u ON u.id = r.user_id WHERE r.id = ${id}`;
  if (!row) throw new AppError(404, "Sorry, we couldn't find that review.");
  const images = await galleryImages(row.image_ids);
  return {
    ...toRow(row),
    content: row.content,
    authorId: row.user_id,
    authorEmail: row.email,
    moderatedAt: row.moderated_at ? iso(row.moderated_at) : null,
    moderatedBy: row.moderated_by,
    moderationReason: row.moderation_reason,
    gallery: images.map((image) => ({ id: image.id, url: image.versions["6"]?.url ?? "", alt: image.altTitle })),
  };
}

export type ReviewDecision = "accept" | "deny" | "delete" | "restore";

const MODERATE: Record<ReviewDecision, (admin: SessionUser, id: number, reason: string) => Promise<void>> = {
  accept: acceptReview,
  deny: denyReview,
  delete: deleteReview,
  restore: restoreReview,
};

const AFTER_STATUS: Record<ReviewDecision, number | null> = { accept: REVIEW_STATUS.accepted, deny: REVIEW_STATUS.denied, delete: null, restore: REVIEW_STATUS.live };

/**
 * Applies one decision to each review, in order, and writes an audit entry for each that changed.
 * A denial carries the reason mailed to each author. Restore skips reviews that are not denied; a review that no longer exists is skipped. Returns how many changed.
 */
export async function moderateReviews(admin: SessionUser, ids: number[], decision: ReviewDecision, reason = ""): Promise<number> {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
  if (decision === "deny" && !reason) throw new AppError(400, "Please choose a reason or type one, so the member knows what to change.");
  let changed = 0;
  for (const id of ids) {
    const [before] = await sql()<{ status: number; rating: number; title: string; user_id: number; listing_id: number }[]>`SELECT status, rating, title, user_id, listing_id FROM reviews WHERE id = ${id}`;
    if (!before) continue;
    if (decision === "restore" && before.status !== REVIEW_STATUS.denied) continue;
    if (decision !== "delete" && before.status === AFTER_STATUS[decision]) continue;
    try {
      await MODERATE[decision](admin, id, reason);
    } catch (error) {
      if (error instanceof AppError && (error.status === 404 || error.status === 409)) continue;
      throw error;
    }
    await audit({ actorId: admin.id, action: `review.${decision}`, recordType: "review", recordId: id, before, after: decision === "delete" ? null : { ...before, status: AFTER_STATUS[decision], ...(decision === "deny" ? { reason } : {}) } });
    changed += 1;
  }
  return changed;
}

/** The admin's edit of a review: title optional, rating 1 to 5, text of at least 100 trimmed characters. */
export const adminReviewEditSchema = z.object({
  rating: z.coerce.number({ invalid_type_error: REVIEW_MESSAGES.rating }).int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating),
  title: z.string().trim().max(REVIEW_TITLE_MAX, REVIEW_MESSAGES.titleTooLong),
  content: z.string().trim().min(REVIEW_MIN_CHARACTERS, REVIEW_MESSAGES.content).max(REVIEW_MAX_CHARACTERS, REVIEW_MESSAGES.contentTooLong),
});

export type ReviewEdit = z.infer<typeof adminReviewEditSchema>;

export function parseReviewEdit(form: FormData): { ok: true; value: ReviewEdit } | { ok: false; fieldErrors: Record<string, string> } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? boundedText(value, REVIEW_MAX_CHARACTERS + 10) : "";
  };
  const parsed = adminReviewEditSchema.safeParse({ rating: text("rating") || undefined, title: text("title"), content: text("content") });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
}

/** Saves the administrator's edit (audit entry with the fields before and after); the status is left to the caller. */
export async function updateReview(admin: SessionUser, id: number, edit: ReviewEdit): Promise<void> {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
  await sql().begin(async (tx) => {
    const [before] = await tx<{ rating: number; title: string; content: string }[]>`SELECT rating, title, content FROM reviews WHERE id = ${id} FOR UPDATE`;
    if (!before) throw new AppError(404, "Sorry, we couldn't find that review.");
    if (before.rating === edit.rating && before.title === edit.title && before.content === edit.content) return;
    await tx`UPDATE reviews SET rating = ${edit.rating}, title = ${edit.title}, content = ${edit.content}, updated_at = now() WHERE id = ${id}`;
    await tx`INSERT INTO admin_audit_log (actor_id, action, record_type, record_id, before, after)
             VALUES (${admin.id}, 'review.edit', 'review', ${String(id)}, ${JSON.stringify(before)}::jsonb, ${JSON.stringify(edit)}::jsonb)`;
  });
}

export type ReviewGalleryChange = { kind: "remove"; image: string } | { kind: "move"; image: string; direction: "earlier" | "later" };

/**
 * The administrator's edit of a review's gallery (spec: PATCH reviews/{id} with gallery): remove a photo
 * (its file is deleted too) or move one a place earlier or later. Audited with the gallery before and after.
 */
export async function editReviewGallery(admin: SessionUser, id: number, change: ReviewGalleryChange): Promise<void> {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
  if (!FILE_ID_PATTERN.test(change.image)) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
  await sql().begin(async (tx) => {
    const [row] = await tx<{ image_ids: string[] }[]>`SELECT image_ids FROM reviews WHERE id = ${id} FOR UPDATE`;
    if (!row) throw new AppError(404, "Sorry, we couldn't find that review.");
    const before = row.image_ids;
    const at = before.indexOf(change.image);
    if (at < 0) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
    const after = [...before];
    if (change.kind === "remove") after.splice(at, 1);
    else {
      const to = change.direction === "earlier" ? at - 1 : at + 1;
      if (to < 0 || to >= after.length) return;
      [after[at], after[to]] = [after[to], after[at]];
    }
    await tx`UPDATE reviews SET image_ids = ${after}::text[], updated_at = now() WHERE id = ${id}`;
    await tx`INSERT INTO admin_audit_log (actor_id, action, record_type, record_id, before, after)
             VALUES (${admin.id}, ${change.kind === "remove" ? "review.remove-photo" : "review.move-photo"}, 'review', ${String(id)},
                     ${JSON.stringify({ gallery: before })}::jsonb, ${JSON.stringify({ gallery: after })}::jsonb)`;
  });
  if (change.kind === "remove") {
    try {
      await deleteUpload({ user: admin, visitorKey: null }, change.image);
    } catch (error) {
      if (!(error instanceof AppError && error.status === 404)) throw error;
    }
  }
}

/** A review's gallery holds at most this many photos (the review form's own limit). */
export const REVIEW_GALLERY_MAX = 20;

/**
 * The administrator adds photos to a review's gallery (uploaded and processed like any upload, then
 * attached at the end, audited as review.add-photos). Uploads of a refused change are left unattached and
 * go with the abandoned-upload sweep.
 */
export async function addReviewPhotos(admin: SessionUser, id: number, files: Buffer[]): Promise<number> {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
  if (files.length === 0) throw new AppError(400, ADMIN_MESSAGES.choosePhotos);
  const [current] = await sql()<{ count: number }[]>`SELECT cardinality(image_ids)::int AS count FROM reviews WHERE id = ${id}`;
  if (!current) throw new AppError(404, "Sorry, we couldn't find that review.");
  if (current.count + files.length > REVIEW_GALLERY_MAX) throw new AppError(409, ADMIN_MESSAGES.reviewGalleryFull(REVIEW_GALLERY_MAX));
  const added: string[] = [];
  for (const file of files) added.push((await createUpload({ user: admin, visitorKey: null }, file)).id);
  await sql().begin(async (tx) => {
    const [row] = await tx<{ image_ids: string[] }[]>`SELECT image_ids FROM reviews WHERE id = ${id} FOR UPDATE`;
    if (!row) throw new AppError(404, "Sorry, we couldn't find that review.");
    if (row.image_ids.length + added.length > REVIEW_GALLERY_MAX) throw new AppError(409, ADMIN_MESSAGES.reviewGalleryFull(REVIEW_GALLERY_MAX));
    const after = [...row.image_ids, ...added];
    await tx`UPDATE reviews SET image_ids = ${after}::text[], updated_at = now() WHERE id = ${id}`;
    await tx`UPDATE uploaded_files SET attached_at = now() WHERE id = ANY(${added}::text[])`;
    await tx`INSERT INTO admin_audit_log (actor_id, action, record_type, record_id, before, after)
             VALUES (${admin.id}, 'review.add-photos', 'review', ${String(id)}, ${JSON.stringify({ gallery: row.image_ids })}::jsonb, ${JSON.stringify({ gallery: after })}::jsonb)`;
  });
  return added.length;
}
