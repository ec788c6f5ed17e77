import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { BROTLI_QUALITY } from "./compression.server";
import { hashInlineScripts } from "./inline-scripts.server";
import { swapNonce, withoutNonceParts, type CachedPage, type RenderCache } from "./render-cache.server";

/**
 * Brotli quality for a page kept in the render cache, compressed once when it is kept (decision 0295):
 * paid once per page and worker, not per response, so higher than the on-the-fly quality 1 (decision 0208).
 */
export const KEPT_BROTLI_QUALITY = 5;

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

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}

/** Headers that belong to one request, or that conditional GET sets itself: never kept with a page. */
const OWN_HEADERS = new Set(["etag", "content-length", "set-cookie", "vary", "date", "connection", "keep-alive", "transfer-encoding"]);

/** The weak ETag of a body: a hash of it without the per-request CSP nonce (app/ops/http.server.ts). */
function etagOf(body: Buffer, nonce: string): string {
  const hash = createHash("sha1");
  for (const part of withoutNonceParts(body, nonce)) hash.update(part);
  return `W/"${hash.digest("base64url")}"`;
}

function nonceOf(res: Response): string {
  const nonce: unknown = res.locals.cspNonce;
  return typeof nonce === "string" ? nonce : "";
}

/** What makes two anonymous requests' pages the same: the address (host included, for the links built from it) and the cookies. */
function cacheKey(req: Request): string {
  return `${req.protocol}://${req.get("Host") ?? ""}${req.originalUrl}\n${req.headers.cookie ?? ""}`;
}

/**
 * Conditional GET for anonymous pages: the response is collected, given a weak ETag (a hash of
 * the body) and `Cache-Control: public, s-maxage=60`, and answered 304 with no body when the
 * browser already holds it (If-None-Match). Every such response says `Vary: Cookie`: a visitor who
 * signs in gets a different page. Requests with a personal cookie get `private, no-cache` and pass
 * straight through; so do responses that set a cookie or are not 200.
 *
 * With a render cache, such a page is answered from it while its data is unchanged (render-cache.server.ts).
 */
export function conditionalGet(cache?: RenderCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCacheable(req.method, req.path)) return next();
    res.vary("Cookie");
    if (isPersonal(req.headers.cookie)) {
      res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      return next();
    }
    if (!cache) return collect(req, res, next);
    const key = cacheKey(req);
    cache
      .begin()
      .then((render) => {
        const hit = render ? cache.get(key, render.version) : undefined;
        if (hit?.csp !== undefined) {
          res.setHeader("Content-Security-Policy", hit.csp);
          return answer(req, res, hit.status, hit.headers, inBrotli(req, res, hit.body, hit.brotli), hit.etag, "hit");
        }
        if (hit) return answer(req, res, hit.status, hit.headers, hit.gzipped ? encoded(req, res, hit.body) : swapNonce(hit.body, hit.nonce, nonceOf(res)), hit.etag, "hit");
        // A HEAD's render has no body to keep.
        const keep = render && req.method === "GET" ? (page: Omit<CachedPage, "version" | "storedAt">) => cache.put(key, { ...page, version: render.version }, render.startedAt) : undefined;
        collect(req, res, next, keep, render ? "miss" : "");
      })
      .catch(next);
  };
}

/** Whether the client takes a gzipped body, by the compression middleware's rule (no Accept-Encoding: no). */
function acceptsGzip(req: Request): boolean {
  return req.acceptsEncodings("gzip", "identity") === "gzip";
}

/**
 * A gzipped body as this client takes it: as it is, labelled, when it accepts gzip (the compression
 * middleware then leaves it alone), else `plain` or unzipped. The response varies on Accept-Encoding.
 */
function encoded(req: Request, res: Response, gzipped: Buffer, plain?: Buffer): Buffer {
  res.vary("Accept-Encoding");
  if (!acceptsGzip(req)) return plain ?? gunzipSync(gzipped);
  res.setHeader("Content-Encoding", "gzip");
  return gzipped;
}

/**
 * A page in Brotli for a client that takes Brotli: a kept page as compressed when it was kept, or (a function)
 * compressed now; else as it is (the compression middleware may still gzip it).
 */
function inBrotli(req: Request, res: Response, plain: Buffer, brotli: Buffer | (() => Buffer) | undefined): Buffer {
  res.vary("Accept-Encoding");
  if (!brotli || req.acceptsEncodings("br", "identity") !== "br") return plain;
  res.setHeader("Content-Encoding", "br");
  return typeof brotli === "function" ? brotli() : brotli;
}

/** A body in Brotli at a quality, in one call, sized by its length. */
function inBrotliAt(body: Buffer, quality: number): Buffer {
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/** The compression middleware's own threshold: smaller bodies are sent as they are. */
const COMPRESS_FROM_BYTES = 1024;

/** Sends a collected (or kept) page: the ETag and Cache-Control, and 304 when the browser holds it. */
function answer(req: Request, res: Response, status: number, headers: CachedPage["headers"], body: Buffer, etag: string, cached: "hit" | "miss" | "") {
  for (const [name, value] of headers) if (!res.hasHeader(name)) res.setHeader(name, value);
  res.statusCode = status;
  res.setHeader("ETag", etag);
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", ANONYMOUS_CACHE_CONTROL);
  if (cached) res.setHeader("X-Render-Cache", cached);
  if (matches(req.headers["if-none-match"], etag)) {
    res.statusCode = 304;
    // The browser keeps the page it holds, whose inline scripts carry that response's nonce: a 304
    // without a Content-Security-Policy leaves the stored policy (and its nonce) in force (RFC 9111 §4.3.4).
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Length");
    res.removeHeader("Content-Type");
    res.end();
    return;
  }
  // A body not yet encoded is compressed here in one call for a client that takes Brotli (decision 0350): the
  // compression middleware would run it through a Brotli stream of its own on the thread pool. Same quality (1);
  // the middleware then leaves the encoded body alone.
  const compressible = req.method !== "HEAD" && !res.hasHeader("Content-Encoding") && body.length >= COMPRESS_FROM_BYTES;
  const sent = compressible ? inBrotli(req, res, body, () => inBrotliAt(body, BROTLI_QUALITY)) : body;
  res.setHeader("Content-Length", sent.length);
  if (req.method === "HEAD") res.end();
  else res.end(sent);
}

/** The headers the page set itself (not those set before it rendered, nor the per-request ones). */
function keptHeaders(res: Response, before: Set<string>): CachedPage["headers"] {
  const headers: CachedPage["headers"] = [];
  for (const name of res.getHeaderNames()) {
    const value = res.getHeader(name);
    if (before.has(name) || OWN_HEADERS.has(name) || value === undefined) continue;
    headers.push([name, typeof value === "number" ? String(value) : value]);
  }
  return headers;
}

/** Lets the page render, collects its body, and answers it (handing it to `keep` when it may be kept). */
function collect(req: Request, res: Response, next: NextFunction, keep?: (page: Omit<CachedPage, "version" | "storedAt">) => boolean, cached: "miss" | "" = "") {
  const before = new Set(res.getHeaderNames());
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let passThrough = false;
  const decide = () => {
    if (passThrough) return true;
    // A page's own Cache-Control is kept when it is public (the search API's max-age); any other opts out.
    const own = res.getHeader("Cache-Control");
    if (res.statusCode !== 200 || res.getHeader("Set-Cookie") || (own !== undefined && !/^public\b/.test(String(own)))) passThrough = true;
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
    res.write = write as Response["write"];
    res.end = end as Response["end"];
    if (passThrough || decide()) {
      if (chunks.length) write(Buffer.concat(chunks));
      return end(chunk, encoding, callback);
    }
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
    const body = Buffer.concat(chunks);
    // The request's nonce, if the body carries it (a page's inline scripts); JSON and `.data` do not.
    const nonce = body.includes(nonceOf(res)) ? nonceOf(res) : "";
    const etag = etagOf(body, nonce);
    // A page to keep allows its inline scripts by hash, so it is the same bytes on every response and
    // is compressed once (inline-scripts.server.ts, decision 0295).
    const policy = res.getHeader("Content-Security-Policy");
    const hashed = keep && nonce !== "" && typeof policy === "string" ? hashInlineScripts(body, nonce, policy) : null;
    if (keep && hashed) {
      const brotli = inBrotliAt(hashed.body, KEPT_BROTLI_QUALITY);
      const headers = keptHeaders(res, before);
      keep({ status: res.statusCode, headers, body: hashed.body, brotli, nonce: "", csp: hashed.csp, etag });
      res.setHeader("Content-Security-Policy", hashed.csp);
      answer(req, res, res.statusCode, [], inBrotli(req, res, hashed.body, brotli), etag, cached);
      return res;
    }
    // A body without a nonce is the same for everyone: it is kept gzipped, a fraction of its size, and
    // a client that takes gzip gets it as kept.
    const gzipped = keep && nonce === "" ? gzipSync(body) : undefined;
    if (keep) {
      const headers = keptHeaders(res, before);
      keep(gzipped ? { status: res.statusCode, headers, body: gzipped, gzipped: true, nonce, etag } : { status: res.statusCode, headers, body, nonce, etag });
    }
    answer(req, res, res.statusCode, [], gzipped ? encoded(req, res, gzipped, body) : body, etag, cached);
    return res;
  }) as Response["end"];
  next();
}
