import { formatDate, formatPence } from "../../../kit/format";
import { MONEY_BACK_LABELS } from "../../payments/money-back";
import type { ReceiptView } from "../../payments/types";

/** A receipt's refunds, reversal and dispute steps, in its <dl> (decision 0240); nothing when there are none. */
export function MoneyBackRows({ receipt }: { receipt: Pick<ReceiptView, "moneyBack" | "refundedPence" | "amountPence"> }) {
  if (receipt.moneyBack.length === 0) return null;
  return (
    <>
      {receipt.moneyBack.map((step, index) => (
        <div key={index} className="receipts__money-back">
          <dt>{MONEY_BACK_LABELS[step.kind]}</dt>
          <dd>
            {step.kind === "refund" || step.kind === "reversal" ? `${formatPence(step.amountPence)} on ` : ""}
            {formatDate(step.at)}
          </dd>
        </div>
      ))}
      {receipt.refundedPence > 0 ? (
        <>
          <dt>Total refunded</dt>
          <dd>
            <strong>{formatPence(receipt.refundedPence)}</strong>
            {receipt.refundedPence >= receipt.amountPence ? " (the whole payment)" : ""}
          </dd>
        </>
      ) : null}
    </>
  );
}

/** A short note beside a receipt's amount: "Refunded", "Partly refunded", "Disputed". */
export function moneyBackNote(receipt: Pick<ReceiptView, "refundedPence" | "amountPence" | "disputeStatus">): string | null {
  if (receipt.refundedPence >= receipt.amountPence && receipt.refundedPence > 0) return "Refunded";
  if (receipt.refundedPence > 0) return `${formatPence(receipt.refundedPence)} refunded`;
  if (receipt.disputeStatus === "open") return "Disputed";
  if (receipt.disputeStatus === "lost") return "Dispute lost";
  return null;
}
