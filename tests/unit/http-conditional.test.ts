import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS_CACHE_CONTROL, PERSONAL_CACHE_CONTROL, conditionalGet, isCacheable, isPersonal } from "../../app/http/conditional.server";
import { hashInlineScripts } from "../../app/http/inline-scripts.server";
import { createRenderCache } from "../../app/http/render-cache.server";

/** A page long enough to compress (the middleware's threshold is 1 KB). */
const LONG_PAGE = `<main>${"<p>A dog-friendly stop near the motorway.</p>".repeat(80)}</main>`;

// Conditional GET on an Express app set up as server.ts is (compression first), with a handler that
// streams its body in chunks the way Remix's adapter does.
let base = "";
let close = () => undefined as void;
let version = "one";

beforeAll(async () => {
  const app = express();
  app.use(compression({ threshold: 0 }));
  app.use(conditionalGet());
  app.get("/route", (_req, res) => {
    res.status(200);
    res.append("Content-Type", "text/html; charset=utf-8");
    res.write(`<p>results ${version}</p>`);
    res.write("<p>more</p>");
    res.end();
  });
  app.get("/browse", (_req, res) => {
    res.append("Set-Cookie", "homepage-tab=route");
    res.end("with a cookie");
  });
  app.get("/location", (_req, res) => {
    res.status(404).end("not found");
  });
  app.get("/account/settings", (_req, res) => {
    res.end("private");
  });
  app.get("/motorway-search", (_req, res) => {
    res.append("Content-Type", "text/html; charset=utf-8");
    res.write(LONG_PAGE.slice(0, 1000));
    res.end(LONG_PAGE.slice(1000));
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => void server.close();
});
afterAll(() => close());

describe("conditional GET for anonymous pages", () => {
  it("sends an ETag, Cache-Control and Vary: Cookie, and 304 when the browser has the page", async () => {
    const first = await fetch(`${base}/route?from=a&to=b`);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("<p>results one</p><p>more</p>");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe(ANONYMOUS_CACHE_CONTROL);
    expect(first.headers.get("vary")).toMatch(/Cookie/);

    const again = await fetch(`${base}/route?from=a&to=b`, { headers: { "If-None-Match": etag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    version = "two";
    const changed = await fetch(`${base}/route?from=a&to=b`, { headers: { "If-None-Match": etag as string } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe("<p>results two</p><p>more</p>");
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("keeps signed-in visitors' pages private and leaves other responses alone", async () => {
    const personal = await fetch(`${base}/route`, { headers: { Cookie: "homepage-tab=route; pawroute_session=abc" } });
    expect(personal.status).toBe(200);
    expect(personal.headers.get("cache-control")).toBe(PERSONAL_CACHE_CONTROL);
    expect(personal.headers.get("etag")).toBeNull();
    expect(personal.headers.get("vary")).toMatch(/Cookie/);

    const withCookie = await fetch(`${base}/browse`);
    expect(await withCookie.text()).toBe("with a cookie");
    expect(withCookie.headers.get("etag")).toBeNull();
    const missing = await fetch(`${base}/location`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("etag")).toBeNull();
    const account = await fetch(`${base}/account/settings`);
    expect(account.headers.get("cache-control")).toBeNull();
  });

  it("compresses a whole page in Brotli itself for a client that takes it (decision 0350), and leaves other clients to the middleware", async () => {
    const brotli = await raw(`${base}/motorway-search`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(LONG_PAGE);
    const gzip = await raw(`${base}/motorway-search`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(LONG_PAGE);
    const plain = await raw(`${base}/motorway-search`, { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(LONG_PAGE);
    expect(plain.headers.etag).toBe(brotli.headers.etag);
  });

  it("knows which pages are shared and which cookies are personal", () => {
    expect(isCacheable("GET", "/")).toBe(true);
    expect(isCacheable("GET", "/route")).toBe(true);
    expect(isCacheable("GET", "/dog-walk/some-walk")).toBe(true);
    expect(isCacheable("GET", "/dog-walk/some-walk.data")).toBe(true);
    expect(isCacheable("GET", "/api/locations/search/route")).toBe(true);
    expect(isCacheable("POST", "/route")).toBe(false);
    expect(isCacheable("GET", "/account/settings")).toBe(false);
    expect(isCacheable("GET", "/dog-walk/some-walk/edit")).toBe(false);
    expect(isPersonal("pawroute_session=x")).toBe(true);
    expect(isPersonal("a=1; pawroute_flash=y")).toBe(true);
    expect(isPersonal("homepage-tab=route")).toBe(false);
    expect(isPersonal(undefined)).toBe(false);
  });
});

describe("the render cache behind conditional GET", () => {
  let cachedBase = "";
  let closeCached = () => undefined as void;
  let contentVersion = 1;
  let renders = 0;
  let nonces = 0;
  let cache: ReturnType<typeof createRenderCache>;
  const places = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Dog-friendly place ${i}`, lat: 51.5 + i / 1000, lng: -0.12 }));

  beforeAll(async () => {
    const app = express();
    app.use(compression({ threshold: 0 }));
    // Each request's own nonce, as app/ops/http.server.ts gives it.
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${String(++nonces).padStart(4, "0")}`;
      next();
    });
    cache = createRenderCache({ ttlMs: 60_000, settleMs: 0, maxBytes: 1_000_000, readVersion: async () => String(contentVersion) });
    app.use(conditionalGet(cache));
    app.get("/route", (req, res) => {
      renders++;
      res.status(200);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("X-Page", "route");
      res.end(`<script nonce="${res.locals.cspNonce as string}">go()</script><p>version ${contentVersion}, render ${renders}, cookie ${req.headers.cookie ?? "none"}</p>`);
    });
    app.get("/browse", (_req, res) => {
      renders++;
      res.append("Set-Cookie", "homepage-tab=route");
      res.end(`render ${renders}`);
    });
    app.get("/api/locations/search/location", (_req, res) => {
      renders++;
      res.setHeader("Cache-Control", "public, max-age=60");
      res.json({ results: [contentVersion] });
    });
    app.get("/api/geocode", (_req, res) => {
      renders++;
      res.json({ places, version: contentVersion });
    });
    app.get("/motorway-search", (_req, res) => {
      renders++;
      res.setHeader("Cache-Control", "no-store");
      res.end(`render ${renders}`);
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    cachedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closeCached = () => void server.close();
  });
  afterAll(() => closeCached());

  it("answers a repeated anonymous page without rendering it again, with the request's own nonce", async () => {
    const first = await fetch(`${cachedBase}/route?from=x`);
    const firstText = await first.text();
    expect(first.headers.get("x-render-cache")).toBe("miss");
    const rendered = renders;
    const second = await fetch(`${cachedBase}/route?from=x`);
    const secondText = await second.text();
    expect(renders).toBe(rendered);
    expect(second.headers.get("x-render-cache")).toBe("hit");
    expect(second.headers.get("x-page")).toBe("route");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const nonceIn = (text: string) => /nonce="(\w+)"/.exec(text)?.[1];
    expect(nonceIn(secondText)).not.toBe(nonceIn(firstText));
    expect(secondText.replace(/nonce="\w+"/, "")).toBe(firstText.replace(/nonce="\w+"/, ""));

    const revalidated = await fetch(`${cachedBase}/route?from=x`, { headers: { "If-None-Match": first.headers.get("etag") as string } });
    expect(revalidated.status).toBe(304);
    expect(renders).toBe(rendered);
  });

  it("renders again once the content version moves, and keeps pages apart by address and cookies", async () => {
    await fetch(`${cachedBase}/route?from=y`);
    const rendered = renders;
    contentVersion++;
    const after = await (await fetch(`${cachedBase}/route?from=y`)).text();
    expect(renders).toBe(rendered + 1);
    expect(after).toContain(`version ${contentVersion}`);
    const withTab = await (await fetch(`${cachedBase}/route?from=y`, { headers: { Cookie: "homepage-tab=road" } })).text();
    expect(withTab).toContain("cookie homepage-tab=road");
    expect(renders).toBe(rendered + 2);
  });

  it("keeps neither a page that sets a cookie nor a HEAD's empty body", async () => {
    await fetch(`${cachedBase}/browse`);
    const rendered = renders;
    const again = await fetch(`${cachedBase}/browse`);
    expect(again.headers.get("set-cookie")).toBe("homepage-tab=route");
    expect(renders).toBe(rendered + 1);

    contentVersion++;
    const head = await fetch(`${cachedBase}/route?from=z`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const get = await fetch(`${cachedBase}/route?from=z`);
    expect(await get.text()).toContain("<p>version");
    expect(get.headers.get("x-render-cache")).toBe("miss");
  });

  it("keeps a response's own public Cache-Control (the search API) and never one that opts out", async () => {
    await fetch(`${cachedBase}/api/locations/search/location`);
    const rendered = renders;
    const api = await fetch(`${cachedBase}/api/locations/search/location`);
    expect(api.headers.get("x-render-cache")).toBe("hit");
    expect(api.headers.get("cache-control")).toBe("public, max-age=60");
    expect(api.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await api.json()).toEqual({ results: [contentVersion] });
    expect(renders).toBe(rendered);

    await fetch(`${cachedBase}/motorway-search`);
    const noStore = await fetch(`${cachedBase}/motorway-search`);
    expect(noStore.headers.get("cache-control")).toBe("no-store");
    expect(noStore.headers.get("etag")).toBeNull();
    expect(renders).toBe(rendered + 2);
  });

  it("keeps a body without a nonce gzipped, sends it as kept to a client that takes gzip and unzipped to one that does not", async () => {
    /** The raw response, as the client would get it off the wire (fetch would unzip it). */
    const raw = (acceptEncoding?: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        get(`${cachedBase}/api/geocode?q=dog`, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
    contentVersion++;
    const expected = JSON.stringify({ places, version: contentVersion });
    const plainMiss = await raw();
    expect(plainMiss.headers["x-render-cache"]).toBe("miss");
    expect(plainMiss.headers["content-encoding"]).toBeUndefined();
    expect(plainMiss.body.toString()).toBe(expected);
    // Kept at a fraction of its size: only the gzipped copy is held.
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeLessThan(expected.length / 4);
    const rendered = renders;

    const gzipHit = await raw("gzip, deflate, br");
    expect(gzipHit.headers["x-render-cache"]).toBe("hit");
    expect(gzipHit.headers["content-encoding"]).toBe("gzip");
    expect(gzipHit.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(gzipHit.headers["content-length"])).toBe(gzipHit.body.length);
    expect(gunzipSync(gzipHit.body).toString()).toBe(expected);

    const plainHit = await raw("identity");
    expect(plainHit.headers["x-render-cache"]).toBe("hit");
    expect(plainHit.headers["content-encoding"]).toBeUndefined();
    expect(plainHit.headers.vary).toMatch(/Accept-Encoding/);
    expect(plainHit.body.toString()).toBe(expected);
    expect(plainHit.headers.etag).toBe(gzipHit.headers.etag);
    expect(renders).toBe(rendered);
  });
});

/** The raw response, as the client gets it off the wire (fetch would decode it). */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("kept pages allow their inline scripts by hash and are compressed once (decision 0295)", () => {
  let keptBase = "";
  let closeKept = () => undefined as void;
  let renders = 0;
  let nonces = 0;
  const script = (n: number) => `window.__remixContext = {"page":${n},"text":"é \\u003c/script"};`;

  beforeAll(async () => {
    const app = express();
    app.use(compression({ threshold: 0 }));
    // Each request's own nonce and policy, as app/ops/http.server.ts gives them.
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${String(++nonces).padStart(4, "0")}`;
      res.setHeader("Content-Security-Policy", `default-src 'self';script-src 'self' 'nonce-${res.locals.cspNonce as string}';object-src 'none'`);
      next();
    });
    app.use(conditionalGet(createRenderCache({ ttlMs: 60_000, settleMs: 0, maxBytes: 1_000_000, readVersion: async () => "1" })));
    app.get("/route", (_req, res) => {
      renders++;
      const nonce = res.locals.cspNonce as string;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.write(`<html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"><script type="application/ld+json">{"@type":"Place"}</script></head>`);
      res.end(`<body><p>${"Dog-friendly pub ".repeat(400)}</p><script nonce="${nonce}">${script(1)}</script><script type="module" nonce="${nonce}">import "/assets/a.js";</script></body></html>`);
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    keptBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closeKept = () => void server.close();
  });
  afterAll(() => closeKept());

  it("answers the same bytes and the same policy to everyone, in Brotli as kept, with each inline script's hash and no nonce", async () => {
    const miss = await raw(`${keptBase}/route?from=a`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(miss.headers["x-render-cache"]).toBe("miss");
    const rendered = renders;
    const hit = await raw(`${keptBase}/route?from=a`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(hit.headers["x-render-cache"]).toBe("hit");
    expect(renders).toBe(rendered);
    for (const response of [miss, hit]) {
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
    }
    // Compressed once: the hit is the kept bytes, the miss's very bytes.
    expect(hit.body.equals(miss.body)).toBe(true);
    const html = brotliDecompressSync(hit.body).toString("utf8");
    expect(html).not.toMatch(/nonce/);
    expect(html).toContain(`<script>${script(1)}</script>`);
    const policy = String(hit.headers["content-security-policy"]);
    expect(policy).toBe(miss.headers["content-security-policy"]);
    expect(policy).toBe(`default-src 'self';script-src 'self' ${sha256(script(1))} ${sha256('import "/assets/a.js";')};object-src 'none'`);
    // The same page to a client without Brotli: plain (or gzipped by the middleware), same policy.
    const plain = await raw(`${keptBase}/route?from=a`, { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(html);
    expect(plain.headers["content-security-policy"]).toBe(policy);
    expect(plain.headers.etag).toBe(hit.headers.etag);
  });

  it("keeps the nonce when a page cannot be allowed exactly by hash", () => {
    const policy = "script-src 'self' 'nonce-abc123'";
    // The nonce elsewhere than in a nonce attribute (in the page's data).
    expect(hashInlineScripts(Buffer.from(`<script nonce="abc123">go()</script><p>abc123</p>`), "abc123", policy)).toBeNull();
    // A carriage return the browser's parser would turn into a line feed before hashing.
    expect(hashInlineScripts(Buffer.from(`<script nonce="abc123">go()\r\n</script>`), "abc123", policy)).toBeNull();
    // A policy without this nonce.
    expect(hashInlineScripts(Buffer.from(`<script nonce="abc123">go()</script>`), "abc123", "script-src 'self'")).toBeNull();
    expect(hashInlineScripts(Buffer.from(`<script nonce="abc123">go()</script><script src="/a.js" nonce="abc123"></script>`), "abc123", policy)).toEqual({
      body: Buffer.from(`<script>go()</script><script src="/a.js"></script>`),
      csp: `script-src 'self' ${sha256("go()")}`,
    });
  });
});
