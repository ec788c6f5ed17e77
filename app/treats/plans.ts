// The subscription plans a Treat's subscription filter can name. The options are the payments issue's
// plans (app/payments/plans.ts: the "option" slug a subscription row keeps), so a filter always names a
// plan members can buy. Types group them; every plan on sale today is a Premium membership.
import { PLANS } from "../payments/plans";

export const SUBSCRIPTION_PLAN_TYPES = [
  { value: "premium", label: "Premium membership" },
  { value: "business", label: "Member business listing" },
] as const satisfies readonly { value: string; label: string }[];

export const SUBSCRIPTION_PLAN_OPTIONS: readonly { value: string; label: string }[] = PLANS.map((plan) => ({ value: plan.option, label: plan.name }));
