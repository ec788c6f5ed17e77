// Subscriptions and revenue per month for the back office's dashboard. No server imports.
import { formatCalendarMonth } from "../../kit/format";

export interface MonthlyRevenue {
  /** YYYY-MM (UK calendar month). */
  month: string;
  /** First payments of new subscriptions. */
  newSubscriptions: number;
  renewals: number;
  /** Switches between plans that took a payment. */
  switches: number;
  /** What the month's receipts took, in pence. */
  revenuePence: number;
}

export interface RevenueSummary {
  months: MonthlyRevenue[];
  /** Subscriptions that have not expired (premium access now). */
  activeSubscribers: number;
}

/** "Nov 2026" for 2026-11. */
export function monthLabel(month: string): string {
  return formatCalendarMonth(month);
}
