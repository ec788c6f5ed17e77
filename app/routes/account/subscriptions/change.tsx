// /account/subscriptions/(switch|upgrade|downgrade): choose another plan; the price is the new plan less
// the unused part of the current one (docs/decisions/0122-switching-plans.md). Success: /subscription-update.
import { formatDate, formatPence } from "../../../../kit/format";
import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMember } from "../../../auth/guards.server";
import { BusyButton } from "../../../components/forms/BusyButton";
import { AppError, found, type AppErrorData } from "../../../../core/errors";
import { SUBSCRIPTION_MESSAGES } from "../../../payments/messages";
import { formAction, newCheckoutKey, readForm } from "../../../payments/pages.server";
import { findPlan, PLANS } from "../../../payments/plans";
import { switchSchema } from "../../../payments/schemas";
import { currentSubscription, paidForPeriod, prorate, subscriptionView, switchPlan } from "../../../payments/subscriptions.server";

import paymentsStyles from "../../../styles/payments.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentsStyles }];

export const meta: MetaFunction = () => [{ title: "Change your plan — Pawroute" }];

const CHANGES = new Set(["switch", "upgrade", "downgrade"]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  if (!CHANGES.has(params.change ?? "")) throw new AppError(404, "Sorry, we couldn't find that page.");
  const subscription = found(await subscriptionView(user.id), SUBSCRIPTION_MESSAGES.noSubscription);
  const current = found(await currentSubscription(user.id), SUBSCRIPTION_MESSAGES.noSubscription);
  const direction = params.change;
  // The unused part is credited at what the member paid for this period (decision 0237).
  const paidPence = await paidForPeriod(current);
  const choices = PLANS.filter((plan) => plan.option !== subscription.plan.option)
    .filter((plan) => (direction === "upgrade" ? plan.rank > subscription.plan.rank : direction === "downgrade" ? plan.rank < subscription.plan.rank : true))
    .map((plan) => ({ plan, ...prorate({ pricePence: paidPence, periodMonths: subscription.plan.periodMonths, expiresAt: current.expiresAt }, plan) }))
    .map((choice) => ({ ...choice, expiresAt: choice.expiresAt.toISOString() }));
  return { subscription, choices, key: newCheckoutKey(), selected: findPlan(new URL(request.url).searchParams.get("option"))?.option ?? null, direction };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return formAction(async () => {
    if (!CHANGES.has(params.change ?? "")) throw new AppError(404, "Sorry, we couldn't find that page.");
    const input = await readForm(request, switchSchema);
    const result = await switchPlan(user, input);
    if (result.status !== "succeeded") throw new AppError(409, SUBSCRIPTION_MESSAGES.authenticationNeeded);
    return redirect(`/subscription-update?${new URLSearchParams({ from: result.from, to: input.option }).toString()}`);
  });
}

export default function ChangePlan() {
  const { subscription, choices, key, selected, direction } = useLoaderData<typeof loader>();
  const failed = useActionData<AppErrorData>();
  const title = direction === "upgrade" ? "Upgrade your plan" : direction === "downgrade" ? "Downgrade your plan" : "Switch plan";
  return (
    <div className="container account-page payments-page">
      <p className="eyebrow">
        <Link to="/account/subscriptions">Your subscription</Link>
      </p>
      <h1>{title}</h1>
      <p>
        You are on the {subscription.plan.name} plan until {formatDate(subscription.expiresAt)}. A new plan starts today; the unused part of your current plan is taken off its price.
      </p>
      {failed?.message ? (
        <div className="form-alert" role="alert">
          {failed.message}
        </div>
      ) : null}
      {!subscription.card ? <p className="form-alert">{SUBSCRIPTION_MESSAGES.noPaymentMethod}</p> : null}
      <ul className="plans__list">
        {choices.map((choice) => (
          <li key={choice.plan.option} className={`plan-card${selected === choice.plan.option ? " plan-card--selected" : ""}`}>
            <h2 className="plan-card__name">{choice.plan.name}</h2>
            <p className="plan-card__price">
              <strong>{formatPence(choice.amountPence)}</strong> today
            </p>
            <p>
              {formatPence(choice.plan.pricePence)} less {formatPence(choice.creditPence)} for the unused part of what you paid; active until {formatDate(choice.expiresAt)}.
            </p>
            <Form method="post">
              <input type="hidden" name="option" value={choice.plan.option} />
              <input type="hidden" name="key" value={key} />
              <input type="hidden" name="subscription" value={subscription.id} />
              <BusyButton className="button button--accent" pending="Switching…" disabled={!subscription.card}>
                {choice.amountPence ? `Pay ${formatPence(choice.amountPence)} and switch to ${choice.plan.name}` : `Switch to ${choice.plan.name} (nothing to pay)`}
              </BusyButton>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
