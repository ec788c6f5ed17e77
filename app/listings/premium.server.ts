// Premium listings (free = false) and the limit-reached modal: docs/decisions/0032-premium-listings-limit.md
// and 0126-premium-access.md. Subscribers (a subscription that has not expired) see every premium listing
// in full; everyone else (visitors, members without a subscription, expired subscribers) sees 3 in full
// each calendar month (UTC), then the page offers the plans. The modal comes back at most once a day.
import { lockedDescription } from "../../geo/listing";
import { readCookie } from "../../kit/cookies";
import { signedCookie } from "../auth/cookies.server";
import type { SessionUser } from "../auth/session.server";
import { isSubscriber } from "../payments/subscriptions.server";

export const FREE_PREMIUM_VIEWS_PER_MONTH = 3;
/** Closing the modal writes this cookie with the UTC time; it stays closed for a day. */
export const LIMIT_SEEN_COOKIE = "pawroute_limit_seen";
export const LIMIT_SEEN_HOURS = 24;

export interface PremiumGate {
  premium: boolean;
  /** The viewer has used the month's free premium views: details are for subscribers. */
  locked: boolean;
  /** Show the limit-reached modal now (locked, and not closed in the last day). */
  showModal: boolean;
  viewsLeft: number | null;
}

const viewsCookie = signedCookie("pawroute_premium_views", 60 * 60 * 24 * 40);

function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

function readViews(value: unknown, month: string): number[] {
  if (typeof value !== "object" || value === null || !("month" in value) || !("ids" in value)) return [];
  if (value.month !== month || !Array.isArray(value.ids)) return [];
  return value.ids.filter((id): id is number => typeof id === "number" && Number.isInteger(id)).slice(0, FREE_PREMIUM_VIEWS_PER_MONTH);
}

/** When the modal was last closed: the seen cookie's UTC timestamp, or null. */
export function limitSeenAt(cookieHeader: string | null): Date | null {
  const value = readCookie(cookieHeader, LIMIT_SEEN_COOKIE);
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Decides what a viewer sees of a listing (`subscriber`: an active subscription), and the Set-Cookie that counts this view. */
export async function premiumGate(request: Request, listing: { id: number; free: boolean }, subscriber: boolean, now = new Date()): Promise<{ gate: PremiumGate; setCookie: string | null }> {
  if (listing.free || subscriber) return { gate: { premium: !listing.free, locked: false, showModal: false, viewsLeft: null }, setCookie: null };
  const header = request.headers.get("Cookie");
  const month = monthOf(now);
  const seen = readViews(await viewsCookie().parse(header), month);
  if (seen.includes(listing.id)) {
    return { gate: { premium: true, locked: false, showModal: false, viewsLeft: FREE_PREMIUM_VIEWS_PER_MONTH - seen.length }, setCookie: null };
  }
  if (seen.length < FREE_PREMIUM_VIEWS_PER_MONTH) {
    const ids = [...seen, listing.id];
    return {
      gate: { premium: true, locked: false, showModal: false, viewsLeft: FREE_PREMIUM_VIEWS_PER_MONTH - ids.length },
      setCookie: await viewsCookie().serialize({ month, ids }),
    };
  }
  const closedAt = limitSeenAt(header);
  const recentlyClosed = closedAt !== null && now.getTime() - closedAt.getTime() < LIMIT_SEEN_HOURS * 3_600_000 && closedAt.getTime() <= now.getTime() + 60_000;
  return { gate: { premium: true, locked: true, showModal: !recentlyClosed, viewsLeft: 0 }, setCookie: null };
}

/** The locked page's description: the snippet only, as one escaped paragraph (shared with the search results' Location). */
export { lockedDescription };

/** Whether this month's free views already include the listing (read only: nothing is spent). */
export async function viewedThisMonth(request: Request, listingId: number, now = new Date()): Promise<boolean> {
  return readViews(await viewsCookie().parse(request.headers.get("Cookie")), monthOf(now)).includes(listingId);
}

/** Full access to a premium listing without spending a view: its managers (owner, administrators) and subscribers (docs/decisions/0126). */
export async function hasFullAccess(listing: { free: boolean; userId: number | null }, user: SessionUser | null): Promise<boolean> {
  return user !== null && !listing.free && (user.isAdmin || listing.userId === user.id || (await isSubscriber(user.id)));
}
