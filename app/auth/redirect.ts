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

/** The login page's address that brings the member back to `target` afterwards. */
export function loginPath(target?: string): string {
  const safe = target ? safeRedirect(target, "") : "";
  return safe && safe !== "/account" ? `/account/login/?redirectTo=${encodeURIComponent(safe)}` : "/account/login/";
}
