// Which requests the service worker may answer from what a member kept, and how. Pure (no DOM, no
// worker globals) so the worker and the unit tests share it (docs/decisions/0280-offline.md).

/** The listing types' path segments (remix.config.js): /{type}/{slug} is a listing page. */
export const LISTING_TYPE_PATHS = ["dog-walk", "dog-friendly-pub", "dog-friendly-accommodation", "dog-friendly-beach", "dog-services", "member-business", "vet"] as const;

const TYPE = `(?:${LISTING_TYPE_PATHS.join("|")})`;
const SLUG = "[^/]+";

/** Pages a kept copy may stand in for, and only these: read-only views of what a member chose to keep. */
const KEEPABLE: RegExp[] = [
  new RegExp(`^/${TYPE}/${SLUG}$`),
  new RegExp(`^/${TYPE}/${SLUG}/directions$`),
  /^\/trips\/[A-Za-z0-9_-]{1,64}$/,
  /^\/trip$/,
  // The member's own favourites list (its content, not a setting); every other /account page is never kept.
  /^\/account\/favourites\/\d{1,10}$/,
  /^\/profile\/[^/]+\/favourites\/\d{1,10}$/,
];

/**
 * Never answered from the cache, whatever the cache holds: the account (but for a kept favourites
 * list), payments, the back office, and pages that exist to take input. Checked before KEEPABLE.
 */
const NEVER: RegExp[] = [
  /^\/account(?!\/favourites\/\d{1,10}$)(?:\/|$)/,
  /^\/(?:payment|subscriptions|subscription-confirmation|subscription-update|treats|join|logout|contact|add-listing|newsletter|captcha|local|api|dev)(?:\/|$)/,
  new RegExp(`^/${TYPE}/${SLUG}/(?:review|edit|favourite|history|directions/print)$`),
  /^\/bark-out\/submit$/,
];

/** Search pages: offline they say that search needs a connection. */
const SEARCH = [/^\/(?:search-results|browse|route|location|map|map-search-results)(?:\/|$)/, /^\/(?:motorway-search|motorway-search-france)$/];

export function neverFromCache(pathname: string): boolean {
  return NEVER.some((pattern) => pattern.test(pathname));
}

export function keepable(pathname: string): boolean {
  return !neverFromCache(pathname) && KEEPABLE.some((pattern) => pattern.test(pathname));
}

export function isSearchPage(pathname: string): boolean {
  return SEARCH.some((pattern) => pattern.test(pathname));
}

/**
 * The key a kept page is found by: its path, so /x/directions?from=… opens the kept directions, but for
 * the planner, whose plan is its query.
 */
export function pageKey(url: URL): string {
  return url.pathname === "/trip" ? `${url.pathname}${url.search}` : url.pathname;
}

export function isTile(pathname: string): boolean {
  return /^\/tiles\/[a-z-]+\/\d+\/\d+\/\d+\.mvt$/.test(pathname);
}

/** Files that never change under their name: built assets, map glyphs, stored photo versions, icons. */
export function isStaticFile(pathname: string): boolean {
  return /^\/(?:assets|map\/fonts|uploads|icons)\//.test(pathname) || /^\/images\/placeholders\//.test(pathname) || pathname === "/favicon.svg" || pathname === "/manifest.webmanifest";
}

/** Posts made offline that are kept and sent when the network returns: favouriting and removing from a list. */
export function queueable(pathname: string, intent: string | null): boolean {
  if (new RegExp(`^/${TYPE}/${SLUG}/favourite$`).test(pathname)) return true;
  return /^\/account\/favourites\/\d{1,10}$/.test(pathname) && intent === "remove";
}

/** "6 Dec": the date a copy was saved, as people in the UK read it. */
export function savedOn(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "Europe/London" }).format(new Date(iso));
}

/** "about 3 MB", "about 450 KB": the budget shown before keeping (rounded, so it reads as an estimate). */
export function aboutSize(bytes: number): string {
  if (bytes >= 1_000_000) return `about ${bytes >= 10_000_000 ? Math.round(bytes / 1_000_000) : Math.max(1, Math.round(bytes / 100_000) / 10)} MB`;
  return `about ${Math.max(1, Math.round(bytes / 10_000) * 10)} KB`;
}

/** "2.4 MB": a measured size. */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}
