import { formatPence } from "../../../kit/format";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { readForm as readFormData } from "../../auth/forms.server";
import { requireMember } from "../../auth/guards.server";
import { BusyButton } from "../../components/forms/BusyButton";
import { CardPayment } from "../../components/payments/CardPayment";
import { PayPalButton } from "../../components/payments/PayPalButton";
import { useScrollToCardOnPhones } from "../../components/payments/scroll-to-card";
import { TreatPayment } from "../../components/payments/TreatPayment";
import { discountCodeNotice, friendlyDiscount } from "../../payments/affiliate-links.server";
import { SUBSCRIPTION_MESSAGES, TREAT_FORM_ERROR } from "../../payments/messages";
import { AppError, type AppErrorData } from "../../../core/errors";
import { cardFormConfig, formAction, newCheckoutKey, paypalButtonConfig, readForm, safeNext } from "../../payments/pages.server";
import { findPlan } from "../../payments/plans";
import { payingTreats, treatFormAction } from "../../payments/prize.server";
import { partPayingTreats, treatDiscountPence } from "../../payments/treat-discounts.server";
import { treatIdFromHex } from "../../treats/awarded.server";
import { checkoutSchema } from "../../payments/schemas";
import { checkout, currentSubscription, savedCards } from "../../payments/subscriptions.server";
import { confirmationHref } from "../../payments/urls";

import formsStyles from "../../styles/forms.css?url";
import paymentsStyles from "../../styles/payments.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formsStyles },
  { rel: "stylesheet", href: paymentsStyles },
];

export const meta: MetaFunction = () => [{ title: "Payment — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const url = new URL(request.url);
  const plan = findPlan(url.searchParams.get("option"));
  if (!plan) throw redirect("/account/select-plan");
  const current = await currentSubscription(user.id);
  if (current && current.expiresAt > new Date()) throw redirect("/account/subscriptions");
  const discount = await friendlyDiscount(request, plan);
  const discountNotice = discount ? null : await discountCodeNotice(request);
  // A part-paying Treat the member chose (?treat=) takes its share off (decision 0238).
  const partTreats = await partPayingTreats(user.id, plan);
  const treat = partTreats.find((held) => held.hexId === url.searchParams.get("treat")) ?? null;
  const base = discount?.amountPence ?? plan.pricePence;
  const treatOff = treat ? treatDiscountPence(treat, plan, base) : 0;
  return data({
    discountNotice,
    partTreats,
    treat: treat ? { hexId: treat.hexId, name: treat.name, offPence: treatOff } : null,
    plan,
    amountPence: base - treatOff,
    discountPence: (discount?.discountPence ?? 0) + treatOff,
    affiliateLink: discount?.code ?? "",
    key: newCheckoutKey(),
    cards: await savedCards(user.id),
    treats: await payingTreats(user.id, plan),
    config: cardFormConfig(),
    paypal: paypalButtonConfig(),
    next: safeNext(url.searchParams.get("next")),
    context: url.searchParams.get("context")?.replace(/[^\w-]/g, "").slice(0, 40) || null,
  }, { headers: discount?.setCookie ? { "Set-Cookie": discount.setCookie } : {} });
}

/** Without JavaScript: pay with a saved card (a plain form). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  if ((await readFormData(request.clone())).get("method") === "3") return treatFormAction(user, request);
  return formAction(async () => {
    const input = await readForm(request, checkoutSchema.extend({ next: z.string().max(300).optional(), context: z.string().max(40).optional() }));
    const result = await checkout(user, { option: input.option, paymentMethod: input.paymentMethod, affiliateLink: input.affiliate_link, treat: input.treat ? treatIdFromHex(input.treat) : undefined, key: input.key });
    if (result.status !== "succeeded") throw new AppError(402, SUBSCRIPTION_MESSAGES.authenticationNeeded);
    return redirect(confirmationHref(result.subscriptionId, safeNext(input.next ?? null), input.context?.replace(/[^\w-]/g, "") || null));
  });
}

export default function Payment() {
  const page = useLoaderData<typeof loader>();
  const failed = useActionData<AppErrorData>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useScrollToCardOnPhones("card-form", hydrated);
  return (
    <div className="container payments-page payment">
      <p className="eyebrow">
        <Link to="/subscriptions">Subscriptions</Link>
      </p>
      <h1>Payment</h1>
      <section className="payment__summary account-card" aria-labelledby="summary-title">
        <h2 id="summary-title">{page.plan.name} plan</h2>
        <p className="payment__amount">
          <strong>{formatPence(page.amountPence)}</strong> {page.plan.periodMonths === 1 ? "for one month" : `for ${page.plan.periodMonths} months`}
          {page.discountPence ? <span> ({page.treat ? `with your Treat: ${formatPence(page.discountPence)} off` : `friendly discount of ${formatPence(page.discountPence)}`})</span> : null}
        </p>
        {page.partTreats.length ? (
          <ul className="payment__part-treats">
            {page.partTreats.map((held) =>
              held.hexId === page.treat?.hexId ? (
                <li key={held.hexId}>
                  Using your Treat “{held.name}”: {formatPence(page.treat.offPence)} off. <Link to={`?${new URLSearchParams({ option: page.plan.option })}`}>Don’t use it</Link>
                </li>
              ) : (
                <li key={held.hexId}>
                  <Link to={`?${new URLSearchParams({ option: page.plan.option, treat: held.hexId })}`}>
                    Use your Treat “{held.name}” ({held.discountPercent}% off)
                  </Link>
                </li>
              ),
            )}
          </ul>
        ) : null}
        {page.discountNotice ? (
          <p className="form-alert" role="status">
            {page.discountNotice}
          </p>
        ) : null}
        <p>Your subscription renews automatically at the end of each period; you can cancel auto-renewal at any time.</p>
        <p>
          <Link to="/account/select-plan">Choose a different plan</Link>
        </p>
      </section>
      {page.treats.length || failed?.code === TREAT_FORM_ERROR ? <TreatPayment treats={page.treats} option={page.plan.option} planName={page.plan.name} next={page.next} context={page.context} error={failed?.code === TREAT_FORM_ERROR ? failed.message : null} /> : null}
      {failed?.message && failed.code !== TREAT_FORM_ERROR ? (
        <div className="form-alert" role="alert">
          {failed.message}
        </div>
      ) : null}
      {page.cards.length ? (
        <section className="account-card" aria-labelledby="saved-title">
          <h2 id="saved-title">Pay with a saved card</h2>
          {page.cards.map((card) => (
            <Form method="post" key={card.id} className="payment__saved">
              <input type="hidden" name="method" value="2" />
              <input type="hidden" name="paymentMethod" value={`saved:${card.id}`} />
              <input type="hidden" name="option" value={page.plan.option} />
              <input type="hidden" name="key" value={page.key} />
              <input type="hidden" name="affiliate_link" value={page.affiliateLink} />
              {page.treat ? <input type="hidden" name="treat" value={page.treat.hexId} /> : null}
              {page.next ? <input type="hidden" name="next" value={page.next} /> : null}
              {page.context ? <input type="hidden" name="context" value={page.context} /> : null}
              <BusyButton className="button" pending="Paying…">
                Pay {formatPence(page.amountPence)} with {card.label}
              </BusyButton>
            </Form>
          ))}
        </section>
      ) : null}
      {page.paypal && !hydrated ? <div className="payment__paypal-slot" aria-hidden="true" /> : null}
      {hydrated && page.paypal ? (
        <PayPalButton
          config={page.paypal}
          endpoint="/api/users/me/paymentMethod"
          extra={{ option: page.plan.option, key: page.key, affiliate_link: page.affiliateLink, treat: page.treat?.hexId ?? "" }}
          summary={`Pay ${formatPence(page.amountPence)} with your PayPal account; renewals use it too.`}
          successHref={(answer) => confirmationHref(answer.id, page.next, page.context)}
        />
      ) : null}
      <section className="account-card payment__card" id="card-form" aria-labelledby="card-title">
        <h2 id="card-title">Pay by card</h2>
        {hydrated ? (
          <CardPayment
            config={page.config}
            endpoint="/api/users/me/paymentMethod"
            extra={{ option: page.plan.option, key: page.key, affiliate_link: page.affiliateLink, treat: page.treat?.hexId ?? "" }}
            submitLabel={`Pay ${formatPence(page.amountPence)}`}
            successHref={(answer) => confirmationHref(answer.id, page.next, page.context)}
            wallet={{ amountPence: page.amountPence, label: `Pawroute ${page.plan.name} subscription` }}
          />
        ) : (
          <p className="payment__no-js">
            Card payment needs JavaScript: your card details go straight to our card provider from your browser. Please switch JavaScript on to pay by card
            {page.cards.length ? ", or pay with a saved card above." : "."}
          </p>
        )}
      </section>
    </div>
  );
}
