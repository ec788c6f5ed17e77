// The subscription plans a Treat's subscription filter can name. The payments issue owns the plans; until
// its plan table exists these are the plan types and options the spec's /subscriptions page sells, and the
// payments code matches a Treat's filter against them (consumeTreatForSubscription returns the filter).
export const SUBSCRIPTION_PLAN_TYPES = [
  { value: "premium", label: "Premium membership" },
  { value: "business", label: "Member business listing" },
] as const satisfies readonly { value: string; label: string }[];

export const SUBSCRIPTION_PLAN_OPTIONS = [
  { value: "premium-monthly", label: "Premium, monthly" },
  { value: "premium-annual", label: "Premium, annual" },
  { value: "business-annual", label: "Member business, annual" },
] as const satisfies readonly { value: string; label: string }[];
