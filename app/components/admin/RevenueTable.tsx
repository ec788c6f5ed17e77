import { formatPence } from "../../../kit/format";
import { monthLabel, type RevenueSummary } from "../../payments/revenue";

/** Subscriptions and revenue per month: a table (newest month first) whose revenue cells carry a bar scaled to the best month. */
export function RevenueTable({ revenue }: { revenue: RevenueSummary }) {
  const best = Math.max(1, ...revenue.months.map((month) => month.revenuePence));
  const total = revenue.months.reduce((sum, month) => sum + month.revenuePence, 0);
  const rows = [...revenue.months].reverse();
  return (
    // A region that takes focus, so the keyboard can scroll the table on a narrow screen.
    <div className="admin-table-wrap" role="region" aria-label="Subscriptions and revenue per month" tabIndex={0}>
      <table className="admin-table revenue-table">
        <caption className="revenue-table__caption">
          {revenue.activeSubscribers.toLocaleString("en-GB")} active subscribers · {formatPence(total)} in {revenue.months.length} months
        </caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">New subscriptions</th>
            <th scope="col">Renewals</th>
            <th scope="col">Plan switches</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month)}</th>
              <td>{month.newSubscriptions.toLocaleString("en-GB")}</td>
              <td>{month.renewals.toLocaleString("en-GB")}</td>
              <td>{month.switches.toLocaleString("en-GB")}</td>
              <td className="revenue-table__money">
                <span className="revenue-table__bar" aria-hidden="true" style={{ width: `${(month.revenuePence / best) * 100}%` }} />
                <span className="revenue-table__amount">{formatPence(month.revenuePence)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
