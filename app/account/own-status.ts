// What a member's own listings and reviews are called on /account/listings and /account/reviews.
// Shared with the pages, so no database import here.

export type OwnStatus = "draft" | "held" | "waiting" | "live" | "denied" | "changes";

export const OWN_STATUS_LABEL: Record<OwnStatus, string> = {
  draft: "Draft",
  held: "Sent when you confirm your email",
  waiting: "Awaiting moderation",
  live: "Live",
  denied: "Denied",
  changes: "Changes requested",
};

export interface OwnListing {
  id: number;
  title: string;
  url: string;
  status: OwnStatus;
  /** A live listing whose newer version (a draft or an edit) is not shown yet. */
  pendingChange: "draft" | "held" | "waiting" | "changes" | null;
  /** Why our team denied it or asked for changes (the latest version's reason), if they did. */
  reason: string | null;
  /** ISO date of the latest save. */
  date: string;
}

export interface OwnReview {
  id: number;
  rating: number;
  title: string;
  excerpt: string;
  listing: { title: string; url: string };
  status: OwnStatus;
  /** Why our team denied it, if they did. */
  reason: string | null;
  date: string;
}

/** Page numbers from the query string: 1 to 500, anything else is page 1. */
export function pageOf(value: string | null): number {
  if (!value || !/^\d{1,3}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= 500 ? page : 1;
}

export const OWN_PAGE_SIZE = 20;
