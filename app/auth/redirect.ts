const ORIGIN = "http://pawroute.invalid";
/** Longer return targets are dropped: they would only make oversized Location headers. */
const MAX_TARGET_LENGTH = 1_000;

/**
 * A return target from a query string or form, made safe: only a same-site path (no scheme, no host,
 * no protocol-relative "//" or "/\" tricks) is kept; anything else gives the fallback.
 */
export function safeRedirect(target: unknown, fallback = "/account"): string {
  if (typeof target !== "string" || target.length > MAX_TARGET_LENGTH || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if ([...target].some((character) => character.charCodeAt(0) < 0x20 || character === "\\")) return fallback;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const safe = url.pathname + url.search + url.hash;
  return safe.length > MAX_TARGET_LENGTH ? fallback : safe;
}

/** Why a visitor was sent to log in, shown above the form (the query's `reason` names one of these). */
export const LOGIN_REASONS = {
  review: "Please log in to write a review. Reviews come from members, so other dog owners know who has been there. New here? Joining is free.",
} as const;

export type LoginReason = keyof typeof LOGIN_REASONS;

export function loginReasonOf(value: string | null): LoginReason | null {
  return value !== null && Object.hasOwn(LOGIN_REASONS, value) ? (value as LoginReason) : null;
}

/** The login page's address that brings the member back to `target` afterwards, with the reason they were sent. */
export function loginPath(target?: string, reason?: LoginReason): string {
  const safe = target ? safeRedirect(target, "") : "";
  const query = [...(safe && safe !== "/account" ? [`redirectTo=${encodeURIComponent(safe)}`] : []), ...(reason ? [`reason=${reason}`] : [])];
  return query.length > 0 ? `/account/login/?${query.join("&")}` : "/account/login/";
}
