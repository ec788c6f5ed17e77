// The subscription plans (configuration, not data): names, prices in pence, periods, features and the
// Treats they unlock. Shared by the pages and the server; no server-only imports here.

export interface Plan {
  /** The spec's subscription "option": the slug a form posts and a subscription row keeps. */
  option: string;
  name: string;
  pricePence: number;
  periodMonths: number;
  summary: string;
  features: string[];
  /** Treats a subscriber on this plan can win (names shown on the plans page). */
  treats: string[];
  /** Rank for switching: a higher rank is an upgrade. */
  rank: number;
}

export const PLANS: readonly Plan[] = [
  {
    option: "monthly",
    name: "Monthly",
    pricePence: 499,
    periodMonths: 1,
    summary: "Every premium listing in full, month by month.",
    features: ["Every premium listing in full: addresses, photos and directions", "Plan long routes with no monthly limit", "Cancel auto-renewal at any time"],
    treats: ["Monthly Treat draw"],
    rank: 1,
  },
  {
    option: "annual",
    name: "Annual",
    pricePence: 3999,
    periodMonths: 12,
    summary: "A year of dog-friendly travel for the price of eight months.",
    features: ["Everything in Monthly", "Two Treat draws a month", "10% off partner dog shops"],
    treats: ["Monthly Treat draw", "Partner shop vouchers"],
    rank: 2,
  },
  {
    option: "pack-leader",
    name: "Pack Leader",
    pricePence: 5999,
    periodMonths: 12,
    summary: "For households that travel with the whole pack.",
    features: ["Everything in Annual", "A posted gift box for your dog each year", "Early access to new routes"],
    treats: ["Monthly Treat draw", "Partner shop vouchers", "Posted gift box"],
    rank: 3,
  },
];

export function findPlan(option: string | null | undefined): Plan | undefined {
  return PLANS.find((plan) => plan.option === option);
}

export const PAYMENT_METHOD = { paypal: 1, card: 2, prize: 3 } as const;

const CARD_BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", maestro: "Maestro", amex: "American Express", discover: "Discover", diners: "Diners Club", jcb: "JCB", unionpay: "UnionPay" };

/** A card brand as people write it ("Visa", not the provider's "visa"). */
export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? (brand ? brand[0].toUpperCase() + brand.slice(1) : "Card");
}
