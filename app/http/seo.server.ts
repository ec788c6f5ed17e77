// What crawlers see before any page (issue 50, decision 0257): robots.txt, and one address per page —
// a public page asked for with a trailing slash is sent to its address without one (301).
import type { NextFunction, Request, Response } from "express";
import { siteUrl } from "../mail/links.server";

/** The account area's addresses keep their slash: the spec names them so (/account/login/, /account/admin/affiliate-links/). */
const KEEPS_ITS_SLASH = /^\/account(\/|$)/;

/** GET /bark-out/ → 301 /bark-out (query kept); other methods, "/" and the account area pass. */
export function trailingSlashRedirect(req: Request, res: Response, next: NextFunction): void {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.path === "/" || !req.path.endsWith("/") || KEEPS_ITS_SLASH.test(req.path)) {
    next();
    return;
  }
  // Leading slashes collapsed too, so "//other.example/" can never become a link to another site.
  const path = `/${req.path.replace(/^\/+/, "").replace(/\/+$/, "")}`;
  const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
  res.redirect(301, `${path}${query}`);
}

/** Areas that are personal, administrative, machine-facing or a checkout: nothing there for a search engine. */
export const ROBOTS_DISALLOWED = ["/account", "/admin", "/api", "/payment", "/dev"];

/** GET /robots.txt (needs the request's origin: mounted after withRequestOrigin). */
export function robotsTxt(_req: Request, res: Response): void {
  const lines = ["User-agent: *", ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${siteUrl()}/sitemap.xml`, ""];
  res.type("text/plain").set("Cache-Control", "public, max-age=3600").send(lines.join("\n"));
}
