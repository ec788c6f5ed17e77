import { formatDate, formatPence } from "../../../kit/format";
import { Link } from "@remix-run/react";
import { MONEY_BACK_LABELS } from "../../payments/money-back";
import type { AdminMoneyBackView } from "../../payments/types";
import { TableHead } from "../TableHead";

const COLUMNS = ["Date", "Member", "What happened", "Amount", "Receipt"];
const MEMBER_COLUMNS = ["Date", "What happened", "Amount", "Receipt"];

/** Refunds, reversals and disputes from the payment providers (decision 0240): all members' or one member's. */
export function MoneyBackTable({
  rows,
  showMember,
  caption,
}: {
  rows: AdminMoneyBackView[];
  showMember: boolean;
  caption: string;
}) {
  if (rows.length === 0) return <p>No refunds or disputes yet.</p>;
  // The wrapper is focusable, so the table can be scrolled sideways from the keyboard on a narrow screen.
  return (
    <div
      className="admin-table-wrap"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="admin-table money-back-table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead columns={showMember ? COLUMNS : MEMBER_COLUMNS} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                {formatDate(row.at)}
              </td>
              {showMember ? (
                <td>
                  <Link to={`/account/admin/users/${row.memberHexId}`}>
                    {row.email}
                  </Link>
                </td>
              ) : null}
              <td>
                {MONEY_BACK_LABELS[row.kind]}
                {row.reason ? ` (${row.reason.replace(/_/g, " ")})` : ""} ·{" "}
                {row.provider === "stripe" ? "card" : "PayPal"}
              </td>
              <td>
                {formatPence(row.amountPence)} of {formatPence(row.chargePence)}
              </td>
              <td>{row.receiptNumber ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
