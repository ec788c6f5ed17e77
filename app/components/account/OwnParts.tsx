import { Link } from "@remix-run/react";
import { OWN_STATUS_LABEL, type OwnStatus } from "../../account/own-status";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/London" });

/** DD/MM/YYYY, as the account's other dates. */
export function OwnDate({ iso, label }: { iso: string; label: string }) {
  return (
    <span>
      {label} <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>
    </span>
  );
}

export function StatusTag({ status }: { status: OwnStatus }) {
  return <span className={`status-tag status-tag--${status}`}>{OWN_STATUS_LABEL[status]}</span>;
}

/** Previous and next links for the account's own lists. */
export function OwnPager({ path, page, totalPages }: { path: string; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? <Link to={page === 2 ? path : `${path}?page=${page - 1}`}>Previous page</Link> : null}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? <Link to={`${path}?page=${page + 1}`}>Next page</Link> : null}
    </nav>
  );
}
