import { formatDate } from "../../../../kit/format";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { refuseSubmission, requireMember } from "../../../auth/guards.server";
import { Notice } from "../../../components/forms/FormParts";
import { CardPayment } from "../../../components/payments/CardPayment";
import { NoSubscription } from "../../../components/payments/NoSubscription";
import { useHydrated } from "../../../components/search/hooks";
import { CHANGE_CARD_MESSAGES } from "../../../payments/messages";
import { cardFormConfig } from "../../../payments/pages.server";
import { cardBrandName, PAYMENT_METHOD } from "../../../payments/plans";
import { renewalCard } from "../../../payments/subscriptions.server";
import type { RenewalCardView } from "../../../payments/types";

import formsStyles from "../../../styles/forms.css?url";
import paymentsStyles from "../../../styles/payments.css?url";

// /account/payment/change and /account/change-payment-method (spec §2): the member replaces the saved
// card their subscription renews with. The card goes straight to the card provider (SetupIntent, confirm)
// and is registered with the spec's POST users/me/paymentMethod {paymentMethod, method=2}, no plan.

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formsStyles },
  { rel: "stylesheet", href: paymentsStyles },
];

export const meta: MetaFunction = () => [{ title: "Change payment method — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const { subscription, card } = await renewalCard(user.id);
  return { subscription, card, config: cardFormConfig(), changed: new URL(request.url).searchParams.has("changed") };
}

export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireMember);
}

function describe(card: RenewalCardView): string {
  if (card.method === PAYMENT_METHOD.paypal) return "PayPal";
  const expiry = card.expiry ? `, expires ${card.expiry}` : "";
  return `${cardBrandName(card.brand)} ending ${card.last4}${expiry}`;
}

export default function ChangePaymentMethod() {
  const { subscription, card, config, changed } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  return (
    <div className="container account-page payments-page">
      <p className="eyebrow">
        <Link to="/account/subscriptions">Your subscription</Link>
      </p>
      <h1>Change payment method</h1>
      <Notice message={changed ? CHANGE_CARD_MESSAGES.changed : null} />
      {!subscription ? (
        <NoSubscription message="You don't have a subscription yet, so there is no card to change." />
      ) : (
        <>
          <section className="account-card" aria-labelledby="current-title">
            <h2 id="current-title">Your card for renewals</h2>
            <p className="renewal-card">
              <strong>{card ? describe(card) : "No card saved"}</strong>
              <span>
                {subscription.planName} plan, {subscription.autoRenew ? `renews on ${formatDate(subscription.expiresAt)}` : `automatic renewal is off (expires on ${formatDate(subscription.expiresAt)})`}
              </span>
            </p>
          </section>
          <section className="account-card" id="card-form" aria-labelledby="new-card-title">
            <h2 id="new-card-title">{card ? "Use a different card" : "Add a card"}</h2>
            {hydrated ? (
              <CardPayment config={config} endpoint="/api/users/me/paymentMethod" extra={{}} submitLabel="Save card" successHref={() => `${pathname}?changed=1`} />
            ) : (
              <p className="payment__no-js">{CHANGE_CARD_MESSAGES.needsJavaScript}</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
