// The parts every back-office list page shares (listings, reviews, members, roads): filter tabs, the
// outcome of the last action, the search box and the bulk table.
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormAlert, formErrorOf, Notice } from "../forms/FormParts";
import { ConfirmAction, SelectAll } from "./AdminParts";
import type { Confirmation } from "../../../core/errors";

/** The filter tabs above a list (the current one marked for assistive technology). */
export function AdminTabs({ label, tabs }: { label: string; tabs: { to: string; label: string; current: boolean }[] }) {
  return (
    <ul className="admin-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <li key={tab.to}>
          <Link to={tab.to} aria-current={tab.current ? "page" : undefined}>
            {tab.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What the last action left: its flash message, its error, or its confirmation (a dialog with JavaScript, a panel without). */
export function AdminOutcome({ flash, result }: { flash: string | null; result: { message?: string; fieldErrors?: Record<string, string>; confirm?: Confirmation | null } | undefined }) {
  const location = useLocation();
  return (
    <>
      <Notice message={flash} />
      <FormAlert message={formErrorOf(result)} />
      {result?.confirm ? <ConfirmAction key={result.confirm.ids.join(",")} confirmation={result.confirm} cancelTo={location.pathname + location.search} /> : null}
    </>
  );
}

export interface BulkAction {
  intent: string;
  label: string;
  danger?: boolean;
}

export interface BulkColumn<Row> {
  /** The column's heading, also the label each cell shows on a phone (the table becomes cards). */
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * The back office's bulk table (listings, reviews, members): one form posting the ticked rows' ids
 * ("ids") with the pressed action's intent to this page, a select-all box with JavaScript, and rows
 * that read as cards on a phone.
 */
export function AdminBulkTable<Row extends { id: number }>({
  rows,
  columns,
  actions,
  noun,
  one,
  selectLabel,
  selectable = () => true,
}: {
  rows: Row[];
  columns: BulkColumn<Row>[];
  /** No actions: the bar is left out (e.g. deleted members). */
  actions: BulkAction[];
  /** Plural, as in "With the selected reviews:" and "No reviews match." */
  noun: string;
  /** Singular, as in "Select every review on this page". */
  one: string;
  selectLabel: (row: Row) => string;
  selectable?: (row: Row) => boolean;
}) {
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={location.pathname + location.search} replace>
      {actions.length > 0 ? (
        <div className="admin-bulk">
          <span className="admin-muted">With the selected {noun}:</span>
          {actions.map((action) => (
            <button key={action.intent} type="submit" name="intent" value={action.intent} className={`button button--small${action.danger ? " button--danger" : ""}`} disabled={busy}>
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards">
          <thead>
            <tr>
              <th scope="col" className="admin-table__check">
                <SelectAll label={`Select every ${one} on this page`} />
              </th>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1}>No {noun} match.</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id}>
                  <td className="admin-table__check">{selectable(row) ? <input type="checkbox" name="ids" value={row.id} aria-label={selectLabel(row)} /> : null}</td>
                  {columns.map((column) => (
                    <td key={column.header} data-label={column.header}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Form>
  );
}

/** The search box above a back-office table (GET, keeps the page size); `children` adds filters before the button, `after` what follows it. */
export function AdminSearch({ label, query, limit, maxLength = 100, children, after }: { label: string; query: string; limit: number; maxLength?: number; children?: ReactNode; after?: ReactNode }) {
  return (
    <Form method="get" className="admin-filters" role="search">
      <label>
        {label}
        <input type="search" name="q" defaultValue={query} maxLength={maxLength} />
      </label>
      {children}
      <input type="hidden" name="limit" value={limit} />
      <button type="submit" className="button button--small">
        Search
      </button>
      {after}
    </Form>
  );
}
