import { formatDate, formatPence } from "../../../kit/format";
import type { ReceiptView } from "../../payments/types";

/** A receipt's period and discount rows, in its <dl>; the printable receipt shows the discount as a minus (`discountSign`). */
export function ReceiptPeriodRows({ receipt, discountSign = "" }: { receipt: Pick<ReceiptView, "periodStart" | "periodEnd" | "discountPence">; discountSign?: string }) {
  return (
    <>
      <dt>Period</dt>
      <dd>
        {formatDate(receipt.periodStart)} to {formatDate(receipt.periodEnd)}
      </dd>
      {receipt.discountPence ? (
        <>
          <dt>Friendly discount</dt>
          <dd>
            {discountSign}
            {formatPence(receipt.discountPence)}
          </dd>
        </>
      ) : null}
    </>
  );
}
