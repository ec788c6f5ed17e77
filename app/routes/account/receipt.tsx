import { formatDate, formatPence } from "../../../kit/format";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { refuseMemberSubmission, requireMember } from "../../auth/guards.server";
import { AccountPage } from "../../components/account/AccountPage";
import { MoneyBackRows } from "../../components/payments/MoneyBackRows";
import { ReceiptPeriodRows } from "../../components/payments/ReceiptRows";
import { AppError } from "../../../core/errors";
import { receiptOf } from "../../payments/receipts.server";

import paymentsStyles from "../../styles/payments.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentsStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Receipt ${data?.receipt.number ?? ""} — Pawroute` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw new AppError(404, "Sorry, we couldn't find that receipt.");
  return { receipt: await receiptOf(user.id, Number(params.id)) };
}

export const action = refuseMemberSubmission;

const RECEIPTS = { to: "/account/receipts", label: "Receipts" };

export default function Receipt() {
  const { receipt } = useLoaderData<typeof loader>();
  return (
    <AccountPage title={`Receipt ${receipt.number}`} className="receipt-print" back={RECEIPTS} backClassName="no-print">
      <div className="account-card">
        <p>
          <strong>Pawroute</strong>, the dog-friendly travel directory
        </p>
        <dl className="receipts__detail">
          <dt>Date</dt>
          <dd>{formatDate(receipt.issuedAt)}</dd>
          <dt>Billed to</dt>
          <dd>{receipt.email}</dd>
          <dt>Description</dt>
          <dd>{receipt.description}</dd>
          <ReceiptPeriodRows receipt={receipt} discountSign="−" />
          <dt>Amount paid</dt>
          <dd>
            <strong>{formatPence(receipt.amountPence)}</strong>
          </dd>
          <dt>Paid with</dt>
          <dd>{receipt.paymentDescription}</dd>
          <MoneyBackRows receipt={receipt} />
        </dl>
        <p className="no-print">Use your browser&apos;s Print command to print or save this receipt.</p>
      </div>
    </AccountPage>
  );
}
