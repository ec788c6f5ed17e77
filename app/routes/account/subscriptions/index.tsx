import { formatDate, formatDateShortYear, formatPence } from "../../../../kit/format";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../../auth/flash.server";
import { refuseMemberSubmission, requireMember } from "../../../auth/guards.server";
import { NoSubscription } from "../../../components/payments/NoSubscription";
import { PAYMENT_MESSAGES } from "../../../payments/messages";
import { PAYMENT_METHOD } from "../../../payments/plans";
import { subscriptionView } from "../../../payments/subscriptions.server";

import paymentsStyles from "../../../styles/payments.css?url";
import { AccountPage } from "../../../components/account/AccountPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentsStyles }];

export const meta: MetaFunction = () => [{ title: "Your subscription — Pawroute" }];

const HISTORY_LABELS: Record<string, string> = {
  created: "Subscribed",
  renewed: "Renewed",
  "auto-renew-enabled": "Automatic renewal enabled",
  cancelled: "Automatic renewal cancelled",
  switched: "Plan changed",
  "renewal-failed": "Renewal payment failed",
  "payment-method-changed": "Card for renewals changed",
  // Money going back (decision 0240): the receipts page shows the amounts.
  refunded: "Payment refunded",
  reversed: "Payment reversed by the bank",
  disputed: "Payment disputed with the bank: premium paused",
  "dispute-won": "Dispute closed: premium restored",
  "dispute-lost": "Dispute lost: the payment was returned",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const flash = await readFlash(request);
  const subscription = await subscriptionView(user.id);
  // After a renewal paid on the card form (JavaScript), the page says so when the latest event is that renewal.
  const renewed = new URL(request.url).searchParams.has("renewed") && subscription?.history[0]?.kind === "renewed";
  // After auto-renewal was enabled with a new card or PayPal account (JavaScript), the spec's message.
  const enabled = new URL(request.url).searchParams.has("autorenew") && subscription?.autoRenew;
  const message = flash.message ?? (renewed && subscription ? PAYMENT_MESSAGES.renewed(formatDateShortYear(subscription.expiresAt)) : enabled && subscription ? PAYMENT_MESSAGES.autoRenewEnabled(formatDateShortYear(subscription.expiresAt)) : null);
  return data({ subscription, flash: message }, { headers: flash.headers });
}

export const action = refuseMemberSubmission;

export default function SubscriptionsPage() {
  const { subscription, flash } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Your subscription" className="payments-page" notice={flash}>
      {!subscription ? (
        <NoSubscription message="You don't have a subscription yet. Subscribers see every premium listing in full." />
      ) : (
        <>
          <section className="account-card" aria-labelledby="plan-title">
            <h2 id="plan-title">
              {subscription.plan.name} plan, {formatPence(subscription.plan.pricePence)}
            </h2>
            <dl className="subscription-facts">
              <dt>Status</dt>
              <dd>{subscription.active ? "Active" : "Expired"}</dd>
              <dt>{subscription.active ? "Expires on" : "Expired on"}</dt>
              <dd>{formatDate(subscription.expiresAt)}</dd>
              <dt>Automatic renewal</dt>
              <dd>{subscription.autoRenew ? `On: renews on ${formatDate(subscription.expiresAt)}` : "Off"}</dd>
              <dt>Payment method</dt>
              <dd>{subscription.card ?? "None saved"}</dd>
            </dl>
            <p className="account-card__actions">
              <Link className="button button--accent" to="/account/subscriptions/renew">
                Renew now
              </Link>
              {subscription.autoRenew ? (
                <Link className="button button--quiet" to="/account/subscriptions/cancel">
                  Cancel auto-renewal
                </Link>
              ) : (
                <Link className="button button--quiet" to="/account/subscriptions/enable-autorenew">
                  Enable auto-renewal
                </Link>
              )}
              {subscription.method !== PAYMENT_METHOD.paypal ? (
                <Link className="button button--quiet" to="/account/payment/change">
                  {subscription.method === PAYMENT_METHOD.card ? "Change card" : "Add a card"}
                </Link>
              ) : null}
              <Link className="button button--quiet" to="/account/subscriptions/switch">
                Switch plan
              </Link>
              <Link className="button button--quiet" to="/account/receipts">
                Receipts
              </Link>
            </p>
          </section>
          <section className="account-card" aria-labelledby="history-title">
            <h2 id="history-title">History</h2>
            <ul className="subscription-history">
              {subscription.history.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  {formatDate(entry.at)}: {HISTORY_LABELS[entry.kind] ?? entry.kind}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </AccountPage>
  );
}
