// Reviews in the back office: the table by filter, bulk approve/deny/delete/restore, one review's page
// with its edit form. The status changes are the moderation functions of app/reviews/reviews.server.ts
// (approval mail and Treat Points included); this module adds the audit log and the admin's edit.
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { listings, reviews, uploadedFiles, users } from "../../db/schema";
import { REVIEW_STATUS } from "../../db/schema/reviews";
import type { SessionUser } from "../auth/guards.server";
import { db } from "../db.server";
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
  created_at: Date | string;
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

/** A review's row in the table: its listing and author (a deactivated author shows as "a former member"). */
const rowColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  content: reviews.content,
  status: reviews.status,
  listing_title: listings.title,
  listing_url: sql<string>`listing_url(${listings.walkType}, ${listings.slug})`,
  author: sql<string | null>`CASE WHEN ${users.deactivatedAt} IS NULL THEN coalesce(${users.username}, ${users.email}) END`,
  created_at: reviews.createdAt,
};

export async function listReviews(filter: ReviewFilter, params: URLSearchParams): Promise<AdminReviewsPage> {
  const q = boundedText(params.get("q"), 100);
  const { page, limit } = pageOf(params);
  const statuses = REVIEW_FILTERS[filter].statuses;
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions: SQL[] = [];
  if (statuses) conditions.push(sql`${reviews.status} = ANY(${sql.param([...statuses])}::int[])`);
  if (q) conditions.push(sql`(lower(${reviews.title}) LIKE ${like} OR lower(${reviews.content}) LIKE ${like} OR lower(${listings.title}) LIKE ${like})`);
  const where = and(...conditions);
  const [{ total }] = await db()
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .where(where);
  const rows = await db()
    .select(rowColumns)
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { filter, reviews: rows.map(toRow), query: { q }, pagination: { page, limit, total, totalPages: pageCount(total, limit) } };
}

export async function reviewDetail(id: number): Promise<AdminReviewDetail> {
  const [row] = await db()
    .select({
      ...rowColumns,
      user_id: reviews.userId,
      email: users.email,
      image_ids: reviews.imageIds,
      moderated_at: reviews.moderatedAt,
      moderation_reason: reviews.moderationReason,
      moderated_by: sql<string | null>`(SELECT coalesce(m.username, m.email) FROM ${users} m WHERE m.id = ${reviews.moderatedBy})`,
    })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, id));
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
    const [before] = await db()
      .select({ status: reviews.status, rating: reviews.rating, title: reviews.title, user_id: reviews.userId, listing_id: reviews.listingId })
      .from(reviews)
      .where(eq(reviews.id, id));
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
  await db().transaction(async (tx) => {
    const [before] = await tx.select({ rating: reviews.rating, title: reviews.title, content: reviews.content }).from(reviews).where(eq(reviews.id, id)).for("update");
    if (!before) throw new AppError(404, "Sorry, we couldn't find that review.");
    if (before.rating === edit.rating && before.title === edit.title && before.content === edit.content) return;
    await tx
      .update(reviews)
      .set({ rating: edit.rating, title: edit.title, content: edit.content, updatedAt: sql`now()` })
      .where(eq(reviews.id, id));
    await audit({ actorId: admin.id, action: "review.edit", recordType: "review", recordId: id, before, after: edit }, tx);
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
  await db().transaction(async (tx) => {
    const [row] = await tx.select({ image_ids: reviews.imageIds }).from(reviews).where(eq(reviews.id, id)).for("update");
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
    await tx
      .update(reviews)
      .set({ imageIds: after, updatedAt: sql`now()` })
      .where(eq(reviews.id, id));
    await audit({ actorId: admin.id, action: change.kind === "remove" ? "review.remove-photo" : "review.move-photo", recordType: "review", recordId: id, before: { gallery: before }, after: { gallery: after } }, tx);
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
  const [current] = await db()
    .select({ count: sql<number>`cardinality(${reviews.imageIds})::int` })
    .from(reviews)
    .where(eq(reviews.id, id));
  if (!current) throw new AppError(404, "Sorry, we couldn't find that review.");
  if (current.count + files.length > REVIEW_GALLERY_MAX) throw new AppError(409, ADMIN_MESSAGES.reviewGalleryFull(REVIEW_GALLERY_MAX));
  const added: string[] = [];
  for (const file of files) added.push((await createUpload({ user: admin, visitorKey: null }, file)).id);
  await db().transaction(async (tx) => {
    const [row] = await tx.select({ image_ids: reviews.imageIds }).from(reviews).where(eq(reviews.id, id)).for("update");
    if (!row) throw new AppError(404, "Sorry, we couldn't find that review.");
    if (row.image_ids.length + added.length > REVIEW_GALLERY_MAX) throw new AppError(409, ADMIN_MESSAGES.reviewGalleryFull(REVIEW_GALLERY_MAX));
    const after = [...row.image_ids, ...added];
    await tx
      .update(reviews)
      .set({ imageIds: after, updatedAt: sql`now()` })
      .where(eq(reviews.id, id));
    await tx
      .update(uploadedFiles)
      .set({ attachedAt: sql`now()` })
      .where(inArray(uploadedFiles.id, added));
    await audit({ actorId: admin.id, action: "review.add-photos", recordType: "review", recordId: id, before: { gallery: row.image_ids }, after: { gallery: after } }, tx);
  });
  return added.length;
}
