// Reviews: writing one, what a listing page shows, and the moderation functions the back office calls
// (accept, deny, restore, delete). Statuses: docs/decisions/0030-reviews-and-moderation.md.
import { and, desc, eq, inArray, isNull, sql as rawSql } from "drizzle-orm";
import { REVIEW_STATUS, reviews, users } from "../../db/schema";
import type { SessionUser } from "../auth/guards.server";
import { db, preparedOnce } from "../db.server";
import { getEnv } from "../env.server";
import { creditPoints } from "../points/ledger.server";
import { queueMail } from "../mail/send.server";
import { FORMER_MEMBER } from "../members/former-member";
import { attachImages, galleryImages, usableImageIds } from "../uploads/files.server";
import type { GalleryImage } from "../../core/images";
import type { Uploader } from "../uploads/uploader.server";
import { reviewApprovedMail, reviewDeniedMail } from "./mail.server";
import { AppError } from "../../core/errors";

export const VISIBLE_REVIEW_STATUSES = [REVIEW_STATUS.live, REVIEW_STATUS.accepted];

export interface ReviewView {
  id: number;
  rating: number;
  title: string;
  content: string;
  status: number;
  user: { username: string };
  date: { timestamp: number };
  gallery: GalleryImage[];
}

export interface ReviewSummary {
  count: number;
  /** Mean rating to one decimal, or null without reviews. */
  average: number | null;
}

/**
 * The visible reviews of a listing, with the count and mean of them all. One statement: the count and
 * the mean over every visible review come with each row (window functions run before the LIMIT), so no
 * second query is needed; without reviews there is no row. Every listing page runs it: built once, a
 * prepared statement (decision 0318's `preparedOnce`; decision 0331).
 */
const visibleReviewRows = preparedOnce((database) =>
  database
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      content: reviews.content,
      status: reviews.status,
      imageIds: reviews.imageIds,
      createdAt: reviews.createdAt,
      username: users.username,
      deleted: rawSql<boolean>`${users.deactivatedAt} IS NOT NULL`,
      total: rawSql<number>`(count(*) OVER ())::int`,
      average: rawSql<number>`round(avg(${reviews.rating}) OVER (), 1)::float8`,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.listingId, rawSql.placeholder("listingId")), inArray(reviews.status, VISIBLE_REVIEW_STATUSES)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(rawSql.placeholder("limit"))
    .prepare("visible_reviews"),
);

/** The reviews a listing page shows (live or accepted), newest first, with their images. */
export async function visibleReviews(listingId: number, limit = 50): Promise<{ reviews: ReviewView[]; summary: ReviewSummary }> {
  const rows = await visibleReviewRows().execute({ listingId, limit });
  const summary = rows[0] ? { count: rows[0].total, average: rows[0].average } : { count: 0, average: null };
  const images = await galleryImages(rows.flatMap((row) => row.imageIds));
  const byId = new Map(images.map((image) => [image.id, image]));
  return {
    reviews: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      title: row.title,
      content: row.content,
      status: row.status,
      // A deleted member's reviews stay, under 'a former member' (docs/decisions/0140-former-member.md).
      user: { username: row.deleted ? FORMER_MEMBER : (row.username ?? "A Pawroute member") },
      date: { timestamp: Math.floor(row.createdAt.getTime() / 1000) },
      gallery: row.imageIds.flatMap((id) => byId.get(id) ?? []),
    })),
    summary,
  };
}

/** How many of the member's reviews of this listing wait for moderation. */
export async function pendingReviewCount(userId: number, listingId: number): Promise<number> {
  const [row] = await db()
    .select({ count: rawSql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.listingId, listingId), eq(reviews.status, REVIEW_STATUS.unmoderated)));
  return row?.count ?? 0;
}

export interface NewReview {
  rating: number;
  title: string;
  content: string;
  gallery: string[];
}

/** A member's review: an administrator's is published (accepted) at once; others wait for moderation. */
/** The review a member's earlier request with this client key made, if any (decision 0258). */
export async function reviewMadeWith(userId: number, clientKey: string | null): Promise<{ id: number; published: boolean } | null> {
  if (clientKey === null) return null;
  const [row] = await db()
    .select({ id: reviews.id, status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.clientKey, clientKey)));
  return row ? { id: row.id, published: row.status === REVIEW_STATUS.accepted || row.status === REVIEW_STATUS.live } : null;
}

/**
 * A new review. With the form's client key, a retry of a submission that was committed (but perhaps
 * never answered) returns that first review instead of making a second one.
 */
export async function createReview(user: SessionUser, uploader: Uploader, listing: { id: number }, input: NewReview, clientKey: string | null = null): Promise<{ id: number; published: boolean }> {
  // Before the photos are checked: a retry's photos already belong to the first review.
  const earlier = await reviewMadeWith(user.id, clientKey);
  if (earlier) return earlier;
  const imageIds = await usableImageIds(uploader, input.gallery, []);
  const status = user.isAdmin ? REVIEW_STATUS.accepted : REVIEW_STATUS.unmoderated;
  const id = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        listingId: listing.id,
        userId: user.id,
        clientKey,
        rating: input.rating,
        title: input.title,
        content: input.content,
        imageIds,
        status,
        moderatedAt: user.isAdmin ? rawSql`now()` : null,
        moderatedBy: user.isAdmin ? user.id : null,
      })
      .onConflictDoNothing({ target: [reviews.userId, reviews.clientKey] })
      .returning({ id: reviews.id });
    // Two requests with one key at once: the other made it; this one attaches nothing.
    if (!row) return null;
    await attachImages(tx, imageIds);
    return row.id;
  });
  if (id === null) {
    const made = await reviewMadeWith(user.id, clientKey);
    if (!made) throw new AppError(409, "Sorry, that did not work. Please try again.");
    return made;
  }
  if (user.isAdmin) await awardReviewPoints(id, user.id);
  return { id, published: user.isAdmin };
}

/**
 * Awards the configured Treat Points once per review (claimed first, so a second call does nothing; the
 * ledger's source key (review, id) makes a second credit impossible as well).
 */
async function awardReviewPoints(reviewId: number, awardedBy: number | null): Promise<{ earned: number; pending: boolean }> {
  const points = getEnv().REVIEW_POINTS;
  if (points < 1) return { earned: 0, pending: false };
  const [claimed] = await db()
    .update(reviews)
    .set({ pointsAwardedAt: rawSql`now()` })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.pointsAwardedAt)))
    .returning({ userId: reviews.userId });
  if (!claimed) return { earned: 0, pending: false };
  try {
    const result = await creditPoints({ userId: claimed.userId, points, reason: "For a review that was accepted", source: { kind: "review", id: reviewId }, awardedBy });
    if (result.status === "duplicate") return { earned: 0, pending: false };
    return { earned: points, pending: result.status === "pending" };
  } catch (error) {
    await db().update(reviews).set({ pointsAwardedAt: null }).where(eq(reviews.id, reviewId));
    throw error;
  }
}

async function reviewWithListing(reviewId: number) {
  const rows = await db().execute<{ id: number; status: number; user_id: number; email: string; approval_mailed_at: string | null; full_title: string; url: string }>(rawSql`
    SELECT r.id, r.status, r.user_id, u.email, r.approval_mailed_at, l.full_title, listing_url(l.walk_type, l.slug) AS url
    FROM reviews r JOIN users u ON u.id = r.user_id JOIN listings l ON l.id = r.listing_id
    WHERE r.id = ${reviewId}`);
  const row = rows[0];
  if (!row) throw new AppError(404, "Sorry, we couldn't find that review.");
  return row;
}

function assertAdmin(admin: SessionUser): void {
  if (!admin.isAdmin) throw new AppError(403, "Only administrators can moderate reviews.");
}

/** Accept: the review goes live as accepted; the first acceptance awards Treat Points and mails the member. */
export async function acceptReview(admin: SessionUser, reviewId: number): Promise<void> {
  assertAdmin(admin);
  const review = await reviewWithListing(reviewId);
  await db()
    .update(reviews)
    .set({ status: REVIEW_STATUS.accepted, moderationReason: null, moderatedAt: rawSql`now()`, moderatedBy: admin.id, updatedAt: rawSql`now()` })
    .where(eq(reviews.id, reviewId));
  const points = await awardReviewPoints(reviewId, admin.id);
  if (review.approval_mailed_at === null && review.user_id !== admin.id) {
    await db().transaction(async (tx) => {
      const [claimed] = await tx
        .update(reviews)
        .set({ approvalMailedAt: rawSql`now()` })
        .where(and(eq(reviews.id, reviewId), isNull(reviews.approvalMailedAt)))
        .returning({ id: reviews.id });
      if (claimed) await queueMail(tx, reviewApprovedMail(review.email, { fullTitle: review.full_title, url: review.url }, points));
    });
  }
}

/** Deny: any review can be denied, with a reason; it disappears from the listing page and its author is mailed the reason. */
export async function denyReview(admin: SessionUser, reviewId: number, reason: string): Promise<void> {
  assertAdmin(admin);
  if (!reason) throw new AppError(400, "Please choose a reason or type one, so the member knows what to change.");
  const review = await reviewWithListing(reviewId);
  await db().transaction(async (tx) => {
    await tx
      .update(reviews)
      .set({ status: REVIEW_STATUS.denied, moderationReason: reason, moderatedAt: rawSql`now()`, moderatedBy: admin.id, updatedAt: rawSql`now()` })
      .where(eq(reviews.id, reviewId));
    if (review.user_id !== admin.id) await queueMail(tx, reviewDeniedMail(review.email, { fullTitle: review.full_title, url: review.url }, reason));
  });
}

/** Restore: a denied review goes live again (status 1). */
export async function restoreReview(admin: SessionUser, reviewId: number): Promise<void> {
  assertAdmin(admin);
  const review = await reviewWithListing(reviewId);
  if (review.status !== REVIEW_STATUS.denied) throw new AppError(409, "Only a denied review can be restored.");
  await db()
    .update(reviews)
    .set({ status: REVIEW_STATUS.live, moderationReason: null, moderatedAt: rawSql`now()`, moderatedBy: admin.id, updatedAt: rawSql`now()` })
    .where(eq(reviews.id, reviewId));
}

/** Delete removes the review for good. */
export async function deleteReview(admin: SessionUser, reviewId: number): Promise<void> {
  assertAdmin(admin);
  await reviewWithListing(reviewId);
  await db().delete(reviews).where(eq(reviews.id, reviewId));
}
