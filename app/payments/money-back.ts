// How refunds, reversals and disputes read on the member's and the administrator's pages (decision 0240).
// No server imports: route components use it.
import type { MoneyBackView } from "./types";

export const MONEY_BACK_LABELS: Record<MoneyBackView["kind"], string> = {
  refund: "Refunded",
  reversal: "Payment reversed",
  "dispute-opened": "Disputed with the bank",
  "dispute-won": "Dispute closed in our favour",
  "dispute-lost": "Dispute lost: the bank returned the money",
};
