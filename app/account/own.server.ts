// A member's own listings and reviews (/account/listings, /account/reviews): only rows whose author is
// the member behind the request are ever read (the user id comes from the session, never the URL).
import { LISTING_STATUS } from "../../db/schema/listings";
import { REVIEW_STATUS } from "../../db/schema/reviews";
import { count, eq, sql } from "drizzle-orm";
import { listings, reviews } from "../../db/schema";
import { db } from "../db.server";
import { OWN_PAGE_SIZE, type OwnListing, type OwnReview, type OwnStatus } from "./own-status";
import { pageCount } from "../../kit/pager";
import { listingUrl } from "../../geo/listing";

function listingStatus(status: number): OwnStatus {
  if (status === LISTING_STATUS.live) return "live";
  if (status === LISTING_STATUS.denied) return "denied";
  if (status === LISTING_STATUS.draft) return "draft";
  return "waiting";
}

function reviewStatus(status: number): OwnStatus {
  if (status === REVIEW_STATUS.live || status === REVIEW_STATUS.accepted) return "live";
  if (status === REVIEW_STATUS.denied) return "denied";
  return "waiting";
}

export interface OwnPage<T> {
  items: T[];
  page: number;
  totalPages: number;
  total: number;
}

type ListingRow = {
  id: number;
  title: string;
  walk_type: string;
  slug: string;
  status: number;
  latest_status: number | null;
  latest_held: boolean | null;
  latest_reason: string | null;
  latest_changes: boolean | null;
  date: Date | string;
  total: number;
};

/** The listings the member added (every status), most recently saved first. */
export async function ownListings(userId: number, page: number): Promise<OwnPage<OwnListing>> {
  const rows = await db().execute<ListingRow>(sql`
    SELECT l.id, l.title, l.walk_type, l.slug, l.status, v.status AS latest_status, v.held_until_verified AS latest_held, v.moderation_reason AS latest_reason, v.changes_requested AS latest_changes,
           greatest(l.updated_at, coalesce(v.created_at, l.updated_at)) AS date, count(*) OVER ()::int AS total
    FROM listings l
    LEFT JOIN LATERAL (SELECT status, held_until_verified, moderation_reason, changes_requested, created_at FROM listing_versions WHERE listing_id = l.id ORDER BY version DESC LIMIT 1) v ON true
    WHERE l.user_id = ${userId}
    ORDER BY date DESC, l.id DESC
    LIMIT ${OWN_PAGE_SIZE} OFFSET ${(page - 1) * OWN_PAGE_SIZE}`);
  const total = rows[0]?.total ?? (page > 1 ? await countListings(userId) : 0);
  return {
    items: rows.map((row) => {
      const latest = row.latest_status === null ? listingStatus(row.status) : row.latest_held ? "held" : row.latest_changes ? "changes" : listingStatus(row.latest_status);
      const status = row.status === LISTING_STATUS.draft && (latest === "held" || latest === "changes") ? latest : listingStatus(row.status);
      return {
        id: row.id,
        title: row.title,
        url: listingUrl(row.walk_type, row.slug),
        status,
        pendingChange: status === "live" && (latest === "draft" || latest === "held" || latest === "waiting" || latest === "changes") ? latest : null,
        reason: status === "denied" || latest === "changes" ? row.latest_reason : null,
        date: new Date(row.date).toISOString(),
      };
    }),
    page,
    total,
    totalPages: pageCount(total, OWN_PAGE_SIZE),
  };
}

async function countListings(userId: number): Promise<number> {
  const [row] = await db().select({ total: count() }).from(listings).where(eq(listings.userId, userId));
  return row.total;
}

type ReviewRow = {
  id: number;
  rating: number;
  title: string;
  content: string;
  status: number;
  moderation_reason: string | null;
  date: Date | string;
  listing_title: string;
  walk_type: string;
  slug: string;
  total: number;
};

/** The reviews the member wrote (every status), newest first. */
export async function ownReviews(userId: number, page: number): Promise<OwnPage<OwnReview>> {
  const rows = await db().execute<ReviewRow>(sql`
    SELECT r.id, r.rating, r.title, left(r.content, 200) AS content, r.status, r.moderation_reason, r.created_at AS date,
           l.title AS listing_title, l.walk_type, l.slug, count(*) OVER ()::int AS total
    FROM reviews r JOIN listings l ON l.id = r.listing_id
    WHERE r.user_id = ${userId}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${OWN_PAGE_SIZE} OFFSET ${(page - 1) * OWN_PAGE_SIZE}`);
  const total = rows[0]?.total ?? (page > 1 ? await countReviews(userId) : 0);
  return {
    items: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      title: row.title,
      excerpt: row.content.length >= 200 ? `${row.content.slice(0, 199).trimEnd()}…` : row.content,
      listing: { title: row.listing_title, url: listingUrl(row.walk_type, row.slug) },
      status: reviewStatus(row.status),
      reason: row.status === REVIEW_STATUS.denied ? row.moderation_reason : null,
      date: new Date(row.date).toISOString(),
    })),
    page,
    total,
    totalPages: pageCount(total, OWN_PAGE_SIZE),
  };
}

async function countReviews(userId: number): Promise<number> {
  const [row] = await db().select({ total: count() }).from(reviews).where(eq(reviews.userId, userId));
  return row.total;
}
