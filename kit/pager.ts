// Paging, one way: how many pages, which items a page shows, which page numbers a pager links to.
// Pure and client-safe; the pagers' markup stays with each area's component.

/** Pages for `total` items at `limit` a page: at least one, so an empty list still has its page 1. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The 1-based positions of the first and last item a page shows ("Showing 21–40 of 312"); 0 and 0 when there are none. */
export function pageRange(page: number, limit: number, total: number, shown = limit): { first: number; last: number } {
  if (total === 0 || shown === 0) return { first: 0, last: 0 };
  const first = (page - 1) * limit + 1;
  return { first, last: Math.min(total, first + shown - 1) };
}

/** Spec §2: the pages within 2 of the current one, plus the first and the last; "gap" where pages are left out. */
export function pageNumbers(current: number, totalPages: number): (number | "gap")[] {
  const shown = new Set<number>([1, totalPages]);
  for (let page = current - 2; page <= current + 2; page++) if (page >= 1 && page <= totalPages) shown.add(page);
  const sorted = [...shown].filter((page) => page >= 1).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const page of sorted) {
    const previous = out[out.length - 1];
    if (typeof previous === "number" && page - previous > 1) out.push("gap");
    out.push(page);
  }
  return out;
}

/** The previous and next pages, or null at either end. */
export function adjacentPages(page: number, totalPages: number): { previous: number | null; next: number | null } {
  return { previous: page > 1 ? page - 1 : null, next: page < totalPages ? page + 1 : null };
}
