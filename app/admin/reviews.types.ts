import type { AdminPagination } from "./listings.types";

export type ReviewFilter = "all" | "live" | "unmoderated" | "denied";

export interface AdminReviewRow {
  id: number;
  hexId: string;
  rating: number;
  title: string;
  excerpt: string;
  status: number;
  label: string;
  listing: { title: string; url: string };
  author: string;
  createdAt: string;
}

export interface AdminReviewsPage {
  filter: ReviewFilter;
  reviews: AdminReviewRow[];
  query: { q: string };
  pagination: AdminPagination;
}

export interface AdminReviewDetail extends AdminReviewRow {
  content: string;
  authorId: number;
  authorEmail: string;
  moderatedAt: string | null;
  moderatedBy: string | null;
  /** Why it was denied, as mailed to its author (null unless denied). */
  moderationReason: string | null;
  gallery: { id: string; url: string; alt: string }[];
}

/** Review statuses: 0 unmoderated, 1 live or restored, 2 accepted, 3 denied (docs/decisions/0030). */
export const REVIEW_FILTERS: Record<ReviewFilter, { label: string; statuses: number[] | null }> = {
  all: { label: "All", statuses: null },
  live: { label: "Live", statuses: [1, 2] },
  unmoderated: { label: "Unmoderated", statuses: [0] },
  denied: { label: "Denied", statuses: [3] },
};

export function isReviewFilter(value: string | undefined): value is ReviewFilter {
  return value !== undefined && Object.hasOwn(REVIEW_FILTERS, value);
}

/** The spec's labels (Denied), (Accepted), (Restored); a review that waits has its own. */
export function reviewLabel(status: number): string {
  switch (status) {
    case 3: // denied
      return "(Denied)";
    case 2: // accepted
      return "(Accepted)";
    case 1: // live or restored
      return "(Restored)";
    default:
      return "(Awaiting moderation)";
  }
}

