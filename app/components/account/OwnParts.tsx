import { Link } from "@remix-run/react";
import { OWN_STATUS_LABEL, type OwnStatus } from "../../account/own-status";
import { formatDate } from "../../../kit/format";
import { adjacentPages } from "../../../kit/pager";

/** DD/MM/YYYY, as the account's other dates. */
export function OwnDate({ iso, label }: { iso: string; label: string }) {
  return (
    <span>
      {label} <time dateTime={iso}>{formatDate(iso)}</time>
    </span>
  );
}

export function StatusTag({ status }: { status: OwnStatus }) {
  return <span className={`status-tag status-tag--${status}`}>{OWN_STATUS_LABEL[status]}</span>;
}

/** Previous and next links for the account's own lists. */
export function OwnPager({ path, page, totalPages }: { path: string; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const { previous, next } = adjacentPages(page, totalPages);
  return (
    <nav className="pager" aria-label="Pages">
      {previous ? <Link to={previous === 1 ? path : `${path}?page=${previous}`}>Previous page</Link> : null}
      <span>
        Page {page} of {totalPages}
      </span>
      {next ? <Link to={`${path}?page=${next}`}>Next page</Link> : null}
    </nav>
  );
}
