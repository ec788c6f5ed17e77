import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { AuditEntryView } from "../../admin/types";
import { Modal } from "../forms/Modal";
import { useHydrated } from "../search/hooks";
import { AuditList } from "./AuditList";
import { MODERATION_REASONS, REASON_MAX } from "../../admin/moderation";
import type { AdminPagination } from "../../admin/listings.types";
import { adjacentPages, pageRange } from "../../../kit/pager";
import type { Confirmation } from "../../../core/errors";

/** A link to the same page with some query parameters changed (page 1 unless the page is given). */
export function hrefWith(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  if (!("page" in changes)) params.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

export function AdminPages({ pagination, search, noun }: { pagination: AdminPagination; search: string; noun: string }) {
  const { page, totalPages, total, limit } = pagination;
  const { first, last } = pageRange(page, limit, total);
  const { previous, next } = adjacentPages(page, totalPages);
  return (
    <nav className="admin-pages" aria-label={`Pages of ${noun}`}>
      <p className="admin-muted">
        {total === 0 ? `No ${noun}` : `Showing ${first.toLocaleString("en-GB")}–${last.toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")} ${noun}`}
      </p>
      <ul>
        {previous ? (
          <li>
            <Link to={hrefWith(search, { page: previous })} rel="prev">
              Previous<span className="visually-hidden"> page</span>
            </Link>
          </li>
        ) : null}
        <li>
          <span aria-current="page">
            Page {page} of {totalPages}
          </span>
        </li>
        {next ? (
          <li>
            <Link to={hrefWith(search, { page: next })} rel="next">
              Next<span className="visually-hidden"> page</span>
            </Link>
          </li>
        ) : null}
        {[25, 50, 100].map((size) => (
          <li key={size}>
            {size === limit ? (
              <span aria-current="true">{size} per page</span>
            ) : (
              <Link to={hrefWith(search, { limit: size })}>{size} per page</Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}


/**
 * Why the administrator denies or sends back: a reason from the list, typed, or both. The chosen reason
 * and the typed text are mailed to the member and shown on their own listings or reviews.
 */
export function ReasonFields({ idPrefix, error, values }: { idPrefix: string; error?: string | null; values?: { reason: string; reasonText: string } }) {
  const describedBy = `${idPrefix}-reason-hint${error ? ` ${idPrefix}-reason-error` : ""}`;
  return (
    <fieldset className={`field admin-reason${error ? " field--invalid" : ""}`}>
      <legend>Reason for the member</legend>
      <p className="field__hint" id={`${idPrefix}-reason-hint`}>
        Choose a reason, type one, or both. The member is sent it by email and sees it on their own page.
      </p>
      {error ? (
        <p className="field__error" id={`${idPrefix}-reason-error`}>
          {error}
        </p>
      ) : null}
      <label htmlFor={`${idPrefix}-reason`}>Reason</label>
      <select id={`${idPrefix}-reason`} name="reason" defaultValue={values?.reason ?? ""} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        <option value="">Choose a reason (or type one below)</option>
        {MODERATION_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {reason}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-reason-text`}>In your own words (optional with a chosen reason)</label>
      <textarea id={`${idPrefix}-reason-text`} name="reasonText" rows={3} maxLength={REASON_MAX - 100} defaultValue={values?.reasonText ?? ""} aria-describedby={describedBy} />
    </fieldset>
  );
}

/**
 * The spec's confirmation of a bulk or single action. The action returns it when the request is not yet
 * confirmed: without JavaScript it is a panel at the top of the page (a confirmation page); with
 * JavaScript the same form opens in a dialog.
 */
export function ConfirmAction({ confirmation, action, cancelTo, extra }: { confirmation: Confirmation; action?: string; cancelTo: string; extra?: Record<string, string> }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
  // Busy until the page is idle, not only while posting: the question arrives with the action's answer while
  // the page's data is still reloading, and a confirmation sent then cut that reload short (an aborted
  // navigation, logged in the console).
  const busy = useNavigation().state !== "idle";
  const form = (onCancel?: () => void) => (
    <Form method="post" action={action} className="form-stack" replace>
      <p className="form-lead">{confirmation.question}</p>
      <input type="hidden" name="intent" value={confirmation.intent} />
      <input type="hidden" name="confirmed" value="1" />
      {confirmation.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      {Object.entries({ ...confirmation.fields, ...extra }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {confirmation.reason ? <ReasonFields idPrefix={`confirm-${confirmation.intent}`} error={confirmation.reason.error} values={confirmation.reason.values} /> : null}
      <div className="form-actions">
        <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Working…" : confirmation.confirmLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link to={cancelTo}>Cancel</Link>
        )}
      </div>
    </Form>
  );
  if (hydrated) {
    return (
      <Modal title="Please confirm" open={open} onClose={() => setOpen(false)}>
        {form(() => setOpen(false))}
      </Modal>
    );
  }
  return (
    <section className="form-panel admin-confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">Please confirm</h2>
      {form()}
    </section>
  );
}

/** A checkbox that ticks every row checkbox of its form (JavaScript only; hidden without it). */
export function SelectAll({ label }: { label: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <input
      type="checkbox"
      aria-label={label}
      onChange={(event) => {
        const form = event.currentTarget.form;
        form?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="ids"]').forEach((box) => {
          box.checked = event.currentTarget.checked;
        });
      }}
    />
  );
}

export function StatusBadge({ tone, children }: { tone: "waiting" | "live" | "denied" | "plain"; children: ReactNode }) {
  return <span className={`admin-status admin-status--${tone}`}>{children}</span>;
}

/** A titled card of an admin detail page. */
export function AdminSection({ id, title, className = "admin-card admin-section", children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** The card of what administrators did to a member, listing, review or road. */
export function AdminHistory({ noun, entries, empty }: { noun: string; entries: AuditEntryView[]; empty: string }) {
  return (
    <AdminSection id="history" title={`Admin actions on this ${noun}`}>
      <AuditList entries={entries} empty={empty} />
    </AdminSection>
  );
}

/** The header row of a back-office table: one column header per name. */
export function AdminTableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
