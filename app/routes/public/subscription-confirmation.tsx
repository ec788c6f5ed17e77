import { formatDate } from "../../../kit/format";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "../../auth/guards.server";
import { found } from "../../../core/errors";
import { safeNext } from "../../payments/pages.server";
import { subscriptionView } from "../../payments/subscriptions.server";

import formsStyles from "../../styles/forms.css?url";
import paymentsStyles from "../../styles/payments.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formsStyles },
  { rel: "stylesheet", href: paymentsStyles },
];

export const meta: MetaFunction = () => [{ title: "Thank you for subscribing — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const url = new URL(request.url);
  const subscription = await subscriptionView(user.id);
  // Only the member's own (current) subscription is shown.
  const mine = found(subscription && String(subscription.id) === url.searchParams.get("subscription") ? subscription : null, "Sorry, we couldn't find that subscription.");
  return { subscription: mine, next: safeNext(url.searchParams.get("next")) };
}

export default function SubscriptionConfirmation() {
  const { subscription, next } = useLoaderData<typeof loader>();
  return (
    <div className="container payments-page">
      <h1>Thank you for subscribing</h1>
      <div className="account-card" role="status">
        <p>
          Your <strong>{subscription.plan.name}</strong> subscription is active until <strong>{formatDate(subscription.expiresAt)}</strong>
          {subscription.autoRenew ? " and renews automatically." : "."}
        </p>
        <p>Every premium listing is now open to you in full. Your receipt is in your account.</p>
        <p className="account-card__actions">
          <Link className="button button--accent" to={next ?? "/"}>
            {next ? "Continue" : "Start exploring"}
          </Link>
          <Link className="button button--quiet" to="/account/receipts">
            See your receipt
          </Link>
          <Link className="button button--quiet" to="/account/subscriptions">
            Your subscription
          </Link>
        </p>
      </div>
    </div>
  );
}
