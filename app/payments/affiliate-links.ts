// Friendly discount links (spec §2, §3): the back office's form and the shapes its pages receive. No
// server imports, so the pages and the browser can use them. docs/decisions/0125-friendly-discount-links.md.
import { withZod } from "@remix-validated-form/with-zod";
import { affiliateLinkSchema } from "./schemas";

/** The query parameter that carries a friendly discount code (the shareable link is /subscriptions?discount=CODE). */
export const DISCOUNT_PARAM = "discount";
export const DISCOUNT_CODE = /^[A-Za-z0-9-]{3,40}$/;

export const affiliateLinkValidator = withZod(affiliateLinkSchema);

export interface AffiliateLinkView {
  id: number;
  name: string;
  code: string;
  discountPercent: number;
  /** The last day the link works (YYYY-MM-DD, UK), or null when it never expires. */
  expiresOn: string | null;
  expired: boolean;
  /** Succeeded payments that used the link. */
  uses: number;
  /** The shareable link, absolute. */
  url: string;
}

export interface AffiliateLinkFormValues {
  id: number | null;
  name: string;
  code: string;
  discountPercent: number | null;
  expiresOn: string;
}

export const BLANK_AFFILIATE_LINK: AffiliateLinkFormValues = { id: null, name: "", code: "", discountPercent: null, expiresOn: "" };

/** What a friendly discount takes off a price: whole pence, rounded down (the member never pays a fraction). */
export function discountPenceOf(pricePence: number, discountPercent: number): number {
  return Math.floor((pricePence * discountPercent) / 100);
}

/** Shown on the list after a delete (?removed). */
export const AFFILIATE_REMOVED = "The discount link has been removed.";
