// Cross-site request forgery guard for every POST (and other unsafe methods), applied by server.ts:
// a browser always says where a form came from (Origin, or Sec-Fetch-Site); another site's answer is 403.
// An origin is its scheme, host and port: https://host is another site than http://host (decision 0257).
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestOrigin {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** The Host the request was sent to (as the browser saw it). */
  host: string | undefined;
  /** The scheme the request came in by, "http" or "https" (Express's req.protocol: X-Forwarded-Proto under TRUST_PROXY). */
  protocol: string;
  /** APP_URL, when set: its origin is accepted as well. */
  appUrl?: string;
}

/** True when an unsafe request comes from another site; requests from non-browser clients (no Origin, no Sec-Fetch-Site) pass. */
export function isCrossSite({ method, origin, secFetchSite, host, protocol, appUrl }: RequestOrigin): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin !== undefined) {
    if (origin === "null") return true;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return true;
    }
    if (host && parsed.protocol === `${protocol}:` && parsed.host.toLowerCase() === host.toLowerCase()) return false;
    if (appUrl && parsed.origin === new URL(appUrl).origin) return false;
    return true;
  }
  return secFetchSite === "cross-site" || secFetchSite === "same-site";
}
