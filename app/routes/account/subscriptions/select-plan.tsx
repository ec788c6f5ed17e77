import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { refuseSubmission, requireMember } from "../../../auth/guards.server";
import { PlanCards } from "../../../components/payments/PlanCards";
import { PLANS } from "../../../payments/plans";
import { currentSubscription } from "../../../payments/subscriptions.server";

import paymentsStyles from "../../../styles/payments.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentsStyles }];

export const meta: MetaFunction = () => [{ title: "Choose a plan — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const current = await currentSubscription(user.id);
  return { plans: PLANS, current: current && current.expiresAt > new Date() ? current.plan : null };
}

export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireMember);
}

export default function SelectPlan() {
  const { plans, current } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page payments-page">
      <p className="eyebrow">
        <Link to="/account">Your account</Link>
      </p>
      <h1>Choose a plan</h1>
      <PlanCards plans={plans} current={current ?? undefined} choose={(option) => (current ? `/account/subscriptions/switch?option=${option}` : `/payment?option=${option}`)} />
    </div>
  );
}
