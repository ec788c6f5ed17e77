import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { refuseSubmission, requireMember } from "../../auth/guards.server";
import { handleErrors } from "../../error-response.server";
import { AppError } from "../../errors";
import { formatLongDate, formatPence } from "../../payments/plans";
import { receiptOf } from "../../payments/receipts.server";

import paymentsStyles from "../../styles/payments.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentsStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Receipt ${data?.receipt.number ?? ""} — Pawroute` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return handleErrors(async () => {
    if (!/^\d{1,9}$/.test(params.id ?? "")) throw new AppError(404, "Sorry, we couldn't find that receipt.");
    return { receipt: await receiptOf(user.id, Number(params.id)) };
  });
}

export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireMember);
}

export default function Receipt() {
  const { receipt } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page receipt-print">
      <p className="eyebrow no-print">
        <Link to="/account/receipts">Receipts</Link>
      </p>
      <h1>Receipt {receipt.number}</h1>
      <div className="account-card">
        <p>
          <strong>Pawroute</strong>, the dog-friendly travel directory
        </p>
        <dl className="receipts__detail">
          <dt>Date</dt>
          <dd>{formatLongDate(receipt.issuedAt)}</dd>
          <dt>Billed to</dt>
          <dd>{receipt.email}</dd>
          <dt>Description</dt>
          <dd>{receipt.description}</dd>
          <dt>Period</dt>
          <dd>
            {formatLongDate(receipt.periodStart)} to {formatLongDate(receipt.periodEnd)}
          </dd>
          {receipt.discountPence ? (
            <>
              <dt>Friendly discount</dt>
              <dd>−{formatPence(receipt.discountPence)}</dd>
            </>
          ) : null}
          <dt>Amount paid</dt>
          <dd>
            <strong>{formatPence(receipt.amountPence)}</strong>
          </dd>
          <dt>Paid with</dt>
          <dd>{receipt.paymentDescription}</dd>
        </dl>
        <p className="no-print">Use your browser&apos;s Print command to print or save this receipt.</p>
      </div>
    </div>
  );
}
