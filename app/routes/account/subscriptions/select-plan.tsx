import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { refuseMemberSubmission, requireMember } from "../../../auth/guards.server";
import { PlanCards } from "../../../components/payments/PlanCards";
import { PLANS } from "../../../payments/plans";
import { currentSubscription } from "../../../payments/subscriptions.server";

import paymentsStyles from "../../../styles/payments.css?url";
import { AccountPage } from "../../../components/account/AccountPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentsStyles }];

export const meta: MetaFunction = () => [{ title: "Choose a plan — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const current = await currentSubscription(user.id);
  return { plans: PLANS, current: current && current.expiresAt > new Date() ? current.plan : null };
}

export const action = refuseMemberSubmission;

export default function SelectPlan() {
  const { plans, current } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Choose a plan" className="payments-page">
      <PlanCards plans={plans} current={current ?? undefined} choose={(option) => (current ? `/account/subscriptions/switch?option=${option}` : `/payment?option=${option}`)} />
    </AccountPage>
  );
}
