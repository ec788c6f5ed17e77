const ORIGIN = "http://pawroute.invalid";

/**
 * A return target from a query string or form, made safe: only a same-site path (no scheme, no host,
 * no protocol-relative "//" or "/\" tricks) is kept; anything else gives the fallback.
 */
export function safeRedirect(target: unknown, fallback = "/account"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if ([...target].some((character) => character.charCodeAt(0) < 0x20 || character === "\\")) return fallback;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  return url.pathname + url.search + url.hash;
}

/** The login page's address that brings the member back to `target` afterwards. */
export function loginPath(target?: string): string {
  const safe = target ? safeRedirect(target, "") : "";
  return safe && safe !== "/account" ? `/account/login/?redirectTo=${encodeURIComponent(safe)}` : "/account/login/";
}
