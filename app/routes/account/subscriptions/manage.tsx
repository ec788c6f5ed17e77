// /account/subscriptions/renew, /enable-autorenew and /cancel: one module, the route id says which.
import { formatDate, formatDateShortYear, formatPence } from "../../../../kit/format";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { redirectWithFlash } from "../../../auth/flash.server";
import { readForm as readFormData } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { BusyButton } from "../../../components/forms/BusyButton";
import { CardPayment } from "../../../components/payments/CardPayment";
import { PayPalButton } from "../../../components/payments/PayPalButton";
import { NoSubscription } from "../../../components/payments/NoSubscription";
import { TreatPayment } from "../../../components/payments/TreatPayment";
import { PAYMENT_MESSAGES, SUBSCRIPTION_MESSAGES, TREAT_FORM_ERROR } from "../../../payments/messages";
import { AppError, type AppErrorData } from "../../../../core/errors";
import { cardFormConfig, formAction, newCheckoutKey, paypalButtonConfig, readForm } from "../../../payments/pages.server";
import { friendlyDiscount } from "../../../payments/affiliate-links.server";
import { payingTreats, renewTreatAction } from "../../../payments/prize.server";
import { partPayingTreats, treatDiscountPence } from "../../../payments/treat-discounts.server";
import { treatIdFromHex } from "../../../treats/awarded.server";
import { renewFormSchema } from "../../../payments/schemas";
import { cancelAutoRenew, enableAutoRenew, renew, subscriptionView } from "../../../payments/subscriptions.server";

import paymentsStyles from "../../../styles/payments.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentsStyles }];

type Kind = "renew" | "enable-autorenew" | "cancel";
const TITLES: Record<Kind, string> = { renew: "Renew your subscription", "enable-autorenew": "Enable automatic renewal", cancel: "Cancel automatic renewal" };

function kindOf(request: Request): Kind {
  const last = new URL(request.url).pathname.replace(/\/$/, "").split("/").pop();
  return last === "enable-autorenew" || last === "cancel" ? last : "renew";
}

export const meta: MetaFunction = ({ location }) => [{ title: `${TITLES[(location.pathname.replace(/\/$/, "").split("/").pop() as Kind) ?? "renew"] ?? "Your subscription"} — Pawroute` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const subscription = await subscriptionView(user.id);
  const kind = kindOf(request);
  // A renewal takes a friendly discount off (decision 0237); a subscriber's Treat pays for more of the plan (0238).
  const discount = subscription && kind === "renew" ? await friendlyDiscount(request, subscription.plan) : null;
  const treats = subscription && kind !== "cancel" ? await payingTreats(user.id, subscription.plan) : [];
  const partTreats = subscription && kind === "renew" ? await partPayingTreats(user.id, subscription.plan) : [];
  const held = partTreats.find((one) => one.hexId === new URL(request.url).searchParams.get("treat"));
  const base = discount?.amountPence ?? subscription?.plan.pricePence ?? 0;
  const treatOff = held && subscription ? treatDiscountPence(held, subscription.plan, base) : 0;
  return data(
    { kind, subscription, key: newCheckoutKey(), config: cardFormConfig(), paypal: paypalButtonConfig(), treats, partTreats, treat: held?.hexId ?? "", amountPence: base - treatOff, affiliateLink: discount?.code ?? "" },
    { headers: discount?.setCookie ? { "Set-Cookie": discount.setCookie } : {} },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const kind = kindOf(request);
  if (kind !== "cancel" && (await readFormData(request.clone())).get("method") === "3") return renewTreatAction(user, request);
  return formAction(async () => {
    if (kind === "cancel") {
      const { expiryDate } = await cancelAutoRenew(user.id);
      return redirectWithFlash("/account/subscriptions", `Automatic renewal has been cancelled. Your subscription stays active until ${formatDateShortYear(expiryDate)}.`);
    }
    if (kind === "enable-autorenew") {
      const { expiryDate } = await enableAutoRenew(user.id);
      return redirectWithFlash("/account/subscriptions", PAYMENT_MESSAGES.autoRenewEnabled(formatDateShortYear(expiryDate)));
    }
    const form = await readForm(request, renewFormSchema);
    const result = await renew(user, { key: form.key, period: form.period, affiliateLink: form.affiliate_link, treat: form.treat ? treatIdFromHex(form.treat) : undefined });
    if (result.status !== "succeeded") throw new AppError(409, SUBSCRIPTION_MESSAGES.authenticationNeeded);
    return redirectWithFlash("/account/subscriptions", PAYMENT_MESSAGES.renewed(formatDateShortYear(result.expiryDate)));
  });
}

export default function ManageSubscription() {
  const { kind, subscription, key, config, paypal, treats, partTreats, treat, amountPence, affiliateLink } = useLoaderData<typeof loader>();
  const price = formatPence(amountPence);
  const failed = useActionData<AppErrorData>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!subscription) {
    return (
      <div className="container account-page payments-page">
        <h1>{TITLES[kind]}</h1>
        <NoSubscription message={SUBSCRIPTION_MESSAGES.noSubscription} />
      </div>
    );
  }
  return (
    <div className="container account-page payments-page">
      <p className="eyebrow">
        <Link to="/account/subscriptions">Your subscription</Link>
      </p>
      <h1>{TITLES[kind]}</h1>
      {failed?.message && failed.code !== TREAT_FORM_ERROR ? (
        <div className="form-alert" role="alert">
          {failed.message}
        </div>
      ) : null}
      <div className="account-card">
        <p>
          {subscription.plan.name} plan, {formatPence(subscription.plan.pricePence)}: {subscription.active ? "active until" : "expired on"} {formatDate(subscription.expiresAt)}.
        </p>
        {partTreats.map((held) => (
          <p key={held.hexId}>
            {held.hexId === treat ? (
              <>
                Using your Treat “{held.name}”: this renewal costs {price}. <Link to="?">Don’t use it</Link>
              </>
            ) : (
              <Link to={`?${new URLSearchParams({ treat: held.hexId })}`}>
                Use your Treat “{held.name}” ({held.discountPercent}% off)
              </Link>
            )}
          </p>
        ))}
        {kind === "cancel" ? (
          <Form method="post">
            <p>Your subscription will not renew. It stays active until {formatDate(subscription.expiresAt)}.</p>
            <BusyButton className="button button--danger" pending="Cancelling…">
              Cancel auto-renewal
            </BusyButton>
          </Form>
        ) : kind === "enable-autorenew" ? (
          subscription.card ? (
            <Form method="post">
              <p>We will renew your subscription on {formatDate(subscription.expiresAt)} with your {subscription.card}.</p>
              <BusyButton className="button button--accent" pending="Enabling…">
                Enable auto-renewal
              </BusyButton>
            </Form>
          ) : (
            <p>Add a card or a PayPal account below: automatic renewal will use it on {formatDate(subscription.expiresAt)}. Nothing is charged now.</p>
          )
        ) : subscription.card ? (
          <Form method="post">
            <input type="hidden" name="key" value={key} />
            <input type="hidden" name="period" value={subscription.expiresAt} />
            <input type="hidden" name="affiliate_link" value={affiliateLink} />
            <input type="hidden" name="treat" value={treat} />
            <BusyButton className="button button--accent" pending="Renewing…">
              Renew for {price} with your {subscription.card}
            </BusyButton>
          </Form>
        ) : null}
      </div>
      {kind !== "cancel" && (treats.length || failed?.code === TREAT_FORM_ERROR) ? (
        <TreatPayment treats={treats} option={subscription.plan.option} planName={subscription.plan.name} next={null} context={null} error={failed?.code === TREAT_FORM_ERROR ? failed.message : null} subscriber />
      ) : null}
      {kind === "enable-autorenew" && subscription.card ? null : kind !== "cancel" ? (
        <section className="account-card" aria-labelledby="new-card-title">
          <h2 id="new-card-title">{kind === "renew" ? "Renew with a new card" : "Add a card"}</h2>
          {hydrated && kind === "enable-autorenew" ? (
            <CardPayment config={config} endpoint="/api/users/me/subscriptions/current/enable-autorenew" extra={{}} submitLabel="Save card and enable auto-renewal" successHref={() => "/account/subscriptions?autorenew=1"} />
          ) : hydrated ? (
            <CardPayment
              config={config}
              endpoint="/api/users/me/subscriptions/current/renew"
              extra={{ key, period: subscription.expiresAt, affiliate_link: affiliateLink, treat }}
              submitLabel={`Renew for ${price}`}
              successHref={() => "/account/subscriptions?renewed=1"}
            />
          ) : (
            <p className="payment__no-js">Card payment needs JavaScript: please switch JavaScript on to pay with a new card.</p>
          )}
        </section>
      ) : null}
      {kind === "renew" && hydrated && paypal ? (
        <PayPalButton
          config={paypal}
          endpoint="/api/users/me/subscriptions/current/renew"
          extra={{ key, period: subscription.expiresAt, affiliate_link: affiliateLink, treat }}
          summary={`Renew for ${price} with your PayPal account; automatic renewal uses it too.`}
          successHref={() => "/account/subscriptions?renewed=1"}
        />
      ) : null}
      {kind === "enable-autorenew" && !subscription.card && hydrated && paypal ? (
        <PayPalButton
          config={paypal}
          endpoint="/api/users/me/subscriptions/current/enable-autorenew"
          extra={{}}
          summary="Renew automatically with your PayPal account. Nothing is charged now."
          successHref={() => "/account/subscriptions?autorenew=1"}
        />
      ) : null}
    </div>
  );
}
