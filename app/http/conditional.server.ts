import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Pages every anonymous visitor sees alike: the homepage and its presets, the search results (list
 * and map), the motorway pickers, the listing pages and the JSON search API, with or without Remix's
 * `.data` suffix. Account pages, forms and uploads are never cached.
 */
const CACHEABLE = [
  /^\/(pubs|beaches|vets-in-france|walks-in-france)?(\.data)?$/,
  /^\/(_root\.data)$/,
  /^\/(search-results|browse|route|location|map|map-search-results|motorway-search|motorway-search-france)(\/[^?]*)?$/,
  /^\/(dog-walk|dog-friendly-pub|dog-friendly-beach|member-business|dog-friendly-accommodation|dog-services|vet)\/[a-z0-9-]+(\.data)?$/,
  /^\/api\/(locations\/search|geocode)(\/|$)/,
];

/** Cookies that make a page personal: the session, a flash message, the premium-limit notice. */
const PERSONAL_COOKIE = /(^|;\s*)pawroute_[a-z_]+=/;

/** Shared caches may keep an anonymous page a minute; browsers revalidate each time with the ETag. */
export const ANONYMOUS_CACHE_CONTROL = "public, max-age=0, s-maxage=60";
export const PERSONAL_CACHE_CONTROL = "private, no-cache";

export function isCacheable(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && CACHEABLE.some((pattern) => pattern.test(path));
}

/** Whether the request carries a cookie that makes the page personal (signed in, a flash message). */
export function isPersonal(cookieHeader: string | undefined): boolean {
  return PERSONAL_COOKIE.test(cookieHeader ?? "");
}

/** The body as it would be on any request: the per-request CSP nonce (app/ops/http.server.ts) left out. */
function withoutNonce(body: Buffer, res: Response): Buffer {
  const nonce: unknown = res.locals.cspNonce;
  if (typeof nonce !== "string" || nonce === "") return body;
  return Buffer.from(body.toString("utf8").replaceAll(nonce, ""));
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}

/**
 * Conditional GET for anonymous pages: the response is collected, given a weak ETag (a hash of
 * the body) and `Cache-Control: public, s-maxage=60`, and answered 304 with no body when the
 * browser already holds it (If-None-Match). Every such response says `Vary: Cookie`: a visitor who
 * signs in gets a different page. Requests with a personal cookie get `private, no-cache` and pass
 * straight through; so do responses that set a cookie or are not 200.
 */
export function conditionalGet() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCacheable(req.method, req.path)) return next();
    res.vary("Cookie");
    if (isPersonal(req.headers.cookie)) {
      res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      return next();
    }
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let passThrough = false;
    const decide = () => {
      if (passThrough) return true;
      if (res.statusCode !== 200 || res.getHeader("Set-Cookie") || res.getHeader("Cache-Control")) passThrough = true;
      return passThrough;
    };
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding) : Buffer.from(chunk as Uint8Array);
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      if (!res.headersSent && decide()) return write(chunk, encoding, callback);
      if (passThrough) return write(chunk, encoding, callback);
      chunks.push(toBuffer(chunk, encoding));
      if (typeof encoding === "function") (encoding as () => void)();
      else if (typeof callback === "function") (callback as () => void)();
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (passThrough || decide()) {
        res.write = write as Response["write"];
        if (chunks.length) write(Buffer.concat(chunks));
        return end(chunk, encoding, callback);
      }
      if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
      const body = Buffer.concat(chunks);
      const etag = `W/"${createHash("sha1").update(withoutNonce(body, res)).digest("base64url")}"`;
      res.write = write as Response["write"];
      res.setHeader("ETag", etag);
      res.setHeader("Cache-Control", ANONYMOUS_CACHE_CONTROL);
      if (matches(req.headers["if-none-match"], etag)) {
        res.statusCode = 304;
        // The browser keeps the page it holds, whose inline scripts carry that response's nonce: a 304
        // without a Content-Security-Policy leaves the stored policy (and its nonce) in force (RFC 9111 §4.3.4).
        res.removeHeader("Content-Security-Policy");
        res.removeHeader("Content-Length");
        res.removeHeader("Content-Type");
        return end();
      }
      res.setHeader("Content-Length", body.length);
      return req.method === "HEAD" ? end() : end(body);
    }) as Response["end"];
    next();
  };
}
