import { MAX_LIMIT } from "../../geo/search/filters";
import { formatCount } from "../../kit/format";
import { pageNumbers, pageRange } from "../../kit/pager";

/** Spec §9: totals above 1000 read "over N,000", rounded down to thousands. */
export function formatTotal(total: number, capped = false): string {
  if (total > 1000 || capped) return `over ${formatCount(Math.floor(total / 1000) * 1000)}`;
  return formatCount(total);
}

export interface PaginationInput {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  totalIsCapped: boolean;
}

/** "Showing 21–40 of 312 results". */
export function resultsLine({ page, limit, total, totalIsCapped }: PaginationInput, shown: number): string {
  if (total === 0 || shown === 0) return "";
  const { first, last } = pageRange(page, limit, total, shown);
  const noun = total === 1 && !totalIsCapped ? "result" : "results";
  const range = first === last ? `${first}` : `${formatCount(first)}–${formatCount(last)}`;
  return `Showing ${range} of ${formatTotal(total, totalIsCapped)} ${noun}`;
}

export interface PaginationLinks {
  pages: (number | "gap")[];
  previous: number | null;
  next: number | null;
  /** Spec §9: "View all" when everything fits on one page of 100, else "View first 100". */
  viewAll: { label: string; limit: number } | null;
  /** Spec §2: a 100-per-page option when the limit is below 100; keeps the first result shown in view. */
  hundredPerPage: { page: number } | null;
}

export function paginationLinks(input: PaginationInput): PaginationLinks {
  const { page, limit, total, totalPages } = input;
  const lastPage = Math.max(1, totalPages);
  const many = total > limit;
  return {
    pages: many ? pageNumbers(Math.min(page, lastPage), lastPage) : [],
    previous: page > 1 ? Math.min(page - 1, lastPage) : null,
    next: page < lastPage ? page + 1 : null,
    viewAll: !many || limit >= MAX_LIMIT ? null : total <= MAX_LIMIT ? { label: `View all ${total} results`, limit: MAX_LIMIT } : { label: `View the first ${MAX_LIMIT} results`, limit: MAX_LIMIT },
    hundredPerPage: many && limit < MAX_LIMIT ? { page: Math.floor(((page - 1) * limit) / MAX_LIMIT) + 1 } : null,
  };
}

export const IMAGE_SIZES = {
  2: { width: 320, height: 200 },
  6: { width: 160, height: 120 },
} as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/**
 * The drawing of each type for a listing without photos: chosen by type alone, so a listing never shows
 * another place's sign (the road-sign drawing said "M6" on every road; docs/decisions/0040).
 */
const PLACEHOLDERS: Record<number, string> = { 1: "listing-1", 2: "listing-2", 3: "listing-3", 4: "listing-2", 5: "vet-1" };

export function placeholderImage(typeId: number, size: ImageSize): { src: string; width: number; height: number } {
  return { src: `/images/placeholders/${PLACEHOLDERS[typeId] ?? "listing-1"}.svg`, ...IMAGE_SIZES[size] };
}

/** The listing's picture at a size: its first photo's version (spec §9: 2 for the map tooltip, 6 for thumbnails), else its type's drawing. */
export function listingImage(photo: { url: string; width: number; height: number } | null, typeId: number, size: ImageSize): { src: string; width: number; height: number } {
  return photo ? { src: photo.url, width: photo.width, height: photo.height } : placeholderImage(typeId, size);
}
