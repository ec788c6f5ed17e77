import { formatDate, formatPence } from "../../../kit/format";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "../../auth/guards.server";
import { findPlan } from "../../payments/plans";
import { subscriptionView, switchCharged } from "../../payments/subscriptions.server";

import formsStyles from "../../styles/forms.css?url";
import paymentsStyles from "../../styles/payments.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formsStyles },
  { rel: "stylesheet", href: paymentsStyles },
];

export const meta: MetaFunction = () => [{ title: "Your plan has changed — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const url = new URL(request.url);
  return { from: findPlan(url.searchParams.get("from"))?.name ?? null, to: findPlan(url.searchParams.get("to"))?.name ?? null, subscription: await subscriptionView(user.id), charged: await switchCharged(user.id) };
}

export default function SubscriptionUpdate() {
  const { from, to, subscription, charged } = useLoaderData<typeof loader>();
  return (
    <div className="container payments-page">
      <h1>Your plan has changed</h1>
      <div className="account-card" role="status">
        {from && to ? (
          <p>
            You have switched from <strong>{from}</strong> to <strong>{to}</strong>.
          </p>
        ) : null}
        {charged !== null ? <p>{charged ? `We charged ${formatPence(charged)} for the change.` : "Nothing was charged for the change."}</p> : null}
        {subscription ? <p>Your {subscription.plan.name} subscription is active until {formatDate(subscription.expiresAt)}.</p> : null}
        <p className="account-card__actions">
          <Link className="button button--accent" to="/account/subscriptions">
            Your subscription
          </Link>
          <Link className="button button--quiet" to="/account/receipts">
            Receipts
          </Link>
        </p>
      </div>
    </div>
  );
}
