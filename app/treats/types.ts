// Treats shared by server and pages: constants, the spec's messages word for word, and the view types.
// A plain module (no server imports), so route components may use it.
import { imageUrl, type GalleryImage } from "../../core/images";
import { formatDate } from "../../kit/format";

/** One claim is owed for every this many Treat Points a member has earned (docs/decisions/0110). */
export const POINTS_PER_CLAIM = 100;

/** Spec §9: the claim animation waits 750 ms, the claimed modal opens after 3 s, confetti runs 200 frames. */
export const CLAIM_ANIMATION_DELAY_MS = 750;
export const CLAIMED_MODAL_DELAY_MS = 3000;
export const CONFETTI_FRAMES = 200;

/** Option types (docs/decisions/0111): 1 pays for a subscription; 2 and 3 go to a partner or show and mail a voucher; 4 is posted. */
export const TREAT_TYPES = {
  1: "Subscription discount",
  2: "Free item",
  3: "Discount voucher",
  4: "Posted gift",
  5: "Generic",
} as const;
export type TreatType = keyof typeof TREAT_TYPES;
export const TREAT_TYPE_IDS = [1, 2, 3, 4, 5] as const;

/** The code of the error a physical gift answers while the member has no address (the redeem form then asks for one). */
export const ADDRESS_REQUIRED = "address-required";

export const TREAT_MESSAGES = {
  addressAbandoned: "You cannot redeem this Treat without adding your address.",
  updated: "The Treat has been updated successfully",
  confirmDelete: "Are you sure you want to delete this Treat? It will not be removed from users who have already won it.",
  chanceTotal: (total: string) => `Total for all treats needs to add up to 100%, is currently: ${total}%`,
  chancesUpdated: "Percentage chance of winning for all treats has been successfully updated.",
  chancesFailed: "Could not update the percentage chance of winning for all treats.",
  awardFailed: "Couldn't award the points",
  backToTreats: "Go back to Treats",
  noClaim: "You have no Treat to claim yet. Keep collecting Treat Points!",
  notFound: "Sorry, we couldn't find that Treat.",
  notActive: "This Treat has already been redeemed, gifted or has expired.",
  giftSelf: "You cannot gift a Treat to yourself.",
  giftNobody: "Sorry, we couldn't find a member with that username or email address.",
  nothingToDraw: "There are no Treats to win at the moment. Please try again later.",
} as const;

/** An option's image as Treat pages show it: the thumbnail (version 6, spec §9) and a larger version. */
export function treatImage(imageId: string | null): TreatImageView | null {
  return imageId ? { thumb: imageUrl(imageId, 6), large: imageUrl(imageId, 5) } : null;
}

/** A Treat option as the back office's form edits it (id null: a new one). */
export interface EditableTreat {
  id: number | null;
  name: string;
  slug: string;
  descriptionHtml: string;
  termsHtml: string;
  type: number;
  weight: number;
  subscriptionFilter: "none" | "type" | "option";
  subscriptionFilterValue: string;
  data: { discount?: number | null; interval?: number | null; period?: "month" | "year" | null; url?: string | null; voucher?: string | null };
  expiryDays: number | null;
  featured: boolean;
  image: GalleryImage[];
}

/**
 * /account/admin/treats/{slug} (docs/decisions/0112): a Treat's slug opens the chance page on that Treat;
 * "chances" opens it on none. The back office's own path segments can never be a Treat's slug.
 */
export const CHANCES_SLUG = "chances";
/** The chance page's hidden field carrying the fingerprint of the weights it showed (docs/decisions/0189). */
export const CHANCES_STAMP_FIELD = "weights_seen";
export const RESERVED_TREAT_SLUGS: readonly string[] = [CHANCES_SLUG, "add", "edit"];

export type TreatStatus = "active" | "redeemed" | "gifted" | "expired";

export interface TreatImageView {
  thumb: string;
  large: string;
}

/** The spec's awarded prize as pages get it. */
export interface AwardedTreatView {
  id: number;
  hexId: string;
  option: { name: string; slug: string; type: { id: number }; image: TreatImageView | null; descriptionHtml: string; termsHtml: string };
  status: TreatStatus;
  wonAt: string;
  expiryDate: { timestamp: number } | null;
  redeemed: boolean;
  gifted: boolean;
  dateRedeemed: { timestamp: number } | null;
  dateGifted: { timestamp: number } | null;
  giftedUser: { username: string | null } | null;
  redeemData: { voucher: string | null; url: string | null; address: string | null } | null;
  /** Subscription Treats are used when paying for a subscription, not redeemed on their own. */
  paysForSubscription: boolean;
}

export interface ClaimStatus {
  points: number;
  owed: number;
  /** Points still needed for the next claim. */
  pointsToNext: number;
  /** 0–100: how far the member is towards the next claim. */
  progressPercent: number;
}

/** DD/MM/YYYY (spec §9), in the UK's time zone. */
export function treatDate(timestampSeconds: number): string {
  return formatDate(timestampSeconds * 1000);
}

/** The spec's displayed chance: weight / total × 100 at two decimals. */
export function chancePercent(weight: number, total: number): string {
  return total > 0 ? ((weight / total) * 100).toFixed(2) : "0.00";
}

export function statusLabel(status: TreatStatus): string {
  return { active: "Ready to use", redeemed: "Redeemed", gifted: "Gifted", expired: "Expired" }[status];
}
