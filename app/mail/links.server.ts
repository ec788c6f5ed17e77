import { AsyncLocalStorage } from "node:async_hooks";
import { getEnv } from "../env.server";

// The origin the current request was sent to, set by server.ts around each request, so a link built
// while handling it points where the visitor is. One store per process (global), since server.ts and
// the app's server build each load this module.
const STORE = Symbol.for("pawroute.request-origin");
const scope = globalThis as typeof globalThis & { [STORE]?: AsyncLocalStorage<string> };
const requestOrigin = (scope[STORE] ??= new AsyncLocalStorage<string>());

const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Runs `next` (the rest of one request's handling) with that request's origin at hand. */
export function withRequestOrigin<T>(origin: string, next: () => T): T {
  return requestOrigin.run(origin, next);
}

function configured(): string | undefined {
  const env = getEnv();
  return env.PUBLIC_URL ?? env.APP_URL;
}

function trimmed(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * The site's address for pages (share links, canonical URLs): PUBLIC_URL (or its older name APP_URL)
 * when set, else the origin of the request being handled, else this server's localhost address.
 */
export function siteUrl(): string {
  return trimmed(configured() ?? requestOrigin.getStore() ?? `http://localhost:${getEnv().PORT}`);
}

/**
 * The site's address for links in mail. A mailed link may carry a secret (reset, verify), so without
 * PUBLIC_URL the request's own origin is trusted only on this machine (a forged Host header must never
 * send a reset token to another site: docs/decisions/0046).
 */
export function appUrl(): string {
  const origin = requestOrigin.getStore();
  return trimmed(configured() ?? (origin && LOOPBACK.test(origin) ? origin : `http://localhost:${getEnv().PORT}`));
}

/** An absolute link for a mail. */
export function absoluteUrl(path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${appUrl()}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** An absolute link to a page of the site, for sharing and canonical URLs. */
export function pageUrl(path: string): string {
  return new URL(path, `${siteUrl()}/`).toString();
}
