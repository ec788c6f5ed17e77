import { formatDate, formatPence } from "../../../kit/format";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { refuseMemberSubmission, requireMember } from "../../auth/guards.server";
import { receiptsOf } from "../../payments/receipts.server";

import membersStyles from "../../styles/members.css?url";
import paymentsStyles from "../../styles/payments.css?url";
import { AccountPage } from "../../components/account/AccountPage";
import { MoneyBackRows, moneyBackNote } from "../../components/payments/MoneyBackRows";
import { ReceiptPeriodRows } from "../../components/payments/ReceiptRows";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: membersStyles },
  { rel: "stylesheet", href: paymentsStyles },
];

export const meta: MetaFunction = () => [{ title: "Receipts — Pawroute" }];

// Rows are <details>/<summary>, so they open and close on click without JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return { receipts: await receiptsOf(user.id) };
}

export const action = refuseMemberSubmission;

export default function Receipts() {
  const { receipts } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Receipts">
      {receipts.length === 0 ? (
        <div className="account-card receipts-empty">
          <p>You have no receipts yet. When you subscribe to a plan, a receipt for each payment appears here.</p>
          <p>
            <Link to="/subscriptions" className="button button--accent">
              See the subscription plans
            </Link>
          </p>
        </div>
      ) : (
        <div className="receipts" role="list" aria-label="Your receipts">
          <div className="receipts__head" aria-hidden="true">
            <span>Date</span>
            <span>Description</span>
            <span>Amount</span>
          </div>
          {receipts.map((receipt) => (
            <details key={receipt.id} className="receipts__row" role="listitem">
              <summary>
                <span>{formatDate(receipt.issuedAt)}</span>
                <span>{receipt.description}</span>
                <span>
                  {formatPence(receipt.amountPence)}
                  {moneyBackNote(receipt) ? <span className="receipts__note">{moneyBackNote(receipt)}</span> : null}
                </span>
              </summary>
              <dl className="receipts__detail">
                <dt>Receipt number</dt>
                <dd>{receipt.number}</dd>
                <ReceiptPeriodRows receipt={receipt} />
                <dt>Paid with</dt>
                <dd>{receipt.paymentDescription}</dd>
                <MoneyBackRows receipt={receipt} />
              </dl>
              <p>
                <Link to={`/account/receipts/${receipt.id}`}>Printable receipt {receipt.number}</Link>
              </p>
            </details>
          ))}
        </div>
      )}
    </AccountPage>
  );
}
