// Canonical links (issue 50): absolute, on the site's address — PUBLIC_URL, else the address the request
// was sent to — which the root loader hands every page as `siteUrl` (app/mail/links.server.ts's siteUrl).
import type { MetaDescriptor } from "@remix-run/node";

/** The site's address from the root route's data, among a meta function's `matches`. */
export function siteUrlOf(matches: readonly { id: string; data: unknown }[]): string | undefined {
  const data = matches.find((match) => match.id === "root")?.data;
  return typeof data === "object" && data !== null && "siteUrl" in data && typeof data.siteUrl === "string" ? data.siteUrl : undefined;
}

/** `<link rel="canonical">` for `path` (a path and query on this site), absolute. */
export function canonicalLink(matches: readonly { id: string; data: unknown }[], path: string): MetaDescriptor {
  const site = siteUrlOf(matches);
  return { tagName: "link", rel: "canonical", href: site ? new URL(path, `${site}/`).toString() : path };
}
