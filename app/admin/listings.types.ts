export type ListingStatusFilter = "all" | "submitted" | "live" | "denied" | "draft";

export interface AdminListingRow {
  id: number;
  title: string;
  fullTitle: string;
  url: string;
  status: number;
  statusName: string;
  road: string | null;
  country: string;
  author: string;
  updatedAt: string;
  /** The newest version waiting for moderation, if any (view-edit compares it with the live one). */
  waitingVersion: number | null;
}

export interface AdminPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface AdminListingsPage {
  filter: ListingStatusFilter;
  listings: AdminListingRow[];
  query: { q: string; road: number | null; country: number | null };
  pagination: AdminPagination;
  roads: { id: number; name: string; countryId: number }[];
}

export interface DiffField {
  label: string;
  /** null when there is no live version to compare with. */
  before: string | null;
  after: string;
  changed: boolean;
}

export interface ListingDiff {
  listing: { id: number; title: string; status: number; statusName: string; url: string; author: string };
  version: { id: number; number: number; status: number; statusName: string; createdAt: string; by: string };
  /** The administrator's last decision on this version: who, when, and the reason the member was sent. */
  moderation: { by: string | null; at: string; reason: string | null; changesRequested: boolean } | null;
  liveVersion: { id: number; number: number } | null;
  fields: DiffField[];
  description: { changed: boolean; parts: { value: string; added: boolean; removed: boolean }[]; before: string; after: string };
  gallery: { before: { id: string; url: string; alt: string }[]; after: { id: string; url: string; alt: string }[]; changed: boolean };
  marker: { before: { lat: number; lng: number } | null; after: { lat: number; lng: number } | null; movedMetres: number | null };
  /** False once the version is live (nothing to decide). */
  decidable: boolean;
}

/** The tabs of the listings table: status 1 submitted, 2 live, 3 denied, 4 draft (docs/decisions/0003). */
export const LISTING_FILTERS: Record<ListingStatusFilter, { label: string; status: number | null }> = {
  all: { label: "All", status: null },
  submitted: { label: "Submitted", status: 1 },
  live: { label: "Live", status: 2 },
  denied: { label: "Denied", status: 3 },
  draft: { label: "Drafts", status: 4 },
};

export function isListingFilter(value: string | undefined): value is ListingStatusFilter {
  return value !== undefined && Object.hasOwn(LISTING_FILTERS, value);
}

export const STATUS_NAMES: Record<number, string> = { 1: "Submitted", 2: "Live", 3: "Denied", 4: "Draft" };

