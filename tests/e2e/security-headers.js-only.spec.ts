// Security headers on every kind of response, and a crawl of the public pages in the browser with
// JavaScript on: the Content-Security-Policy (nonce-based scripts, MapLibre's and ALTCHA's workers)
// must not block anything the site itself does. docs/decisions/0060-security-headers.md.
import { createHash } from "node:crypto";
import type { APIResponse, Page } from "@playwright/test";
import { database } from "./support/accounts";
import { expect, test } from "./fixtures";

function policy(response: APIResponse): Map<string, string[]> {
  const header = response.headers()["content-security-policy"] ?? "";
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectCommonHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toContain("geolocation=(self)");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-request-id"], what).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
  const csp = policy(response);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  const scripts = csp.get("script-src") ?? [];
  expect(scripts, what).toContain("'self'");
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  // A page from the render cache allows its inline scripts by hash instead (decision 0295): never both, never neither.
  const nonces = scripts.filter((source) => source.startsWith("'nonce-"));
  const hashes = scripts.filter((source) => source.startsWith("'sha256-"));
  expect(nonces.length === 1 ? hashes : nonces, what).toHaveLength(0);
  if (nonces.length === 0) expect(hashes.length, what).toBeGreaterThan(0);
  expect(csp.get("worker-src"), what).toContain("blob:");
  // Served over plain http here: HSTS only goes out over HTTPS.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

test("pages, the JSON API, errors and static files carry the security headers", async ({ request }) => {
  const [listing] = await database()<{ walk_type: string; slug: string }[]>`SELECT walk_type, slug FROM listings WHERE status = 2 ORDER BY id LIMIT 1`;
  const urls = ["/", "/browse/road/united-kingdom/m6", `/${listing.walk_type}/${listing.slug}`, "/account/login/", "/join", "/api/locations/search/browse?limit=1", "/api/geocode?location=%00", "/no-such-page", "/browse?road=99999999999999999999", "/favicon.svg", "/healthz"];
  for (const url of urls) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBeLessThan(500);
    expectCommonHeaders(response, url);
  }
});

test("every inline script carries this response's nonce, each response its own, or is allowed by its exact hash", async ({ request }) => {
  const nonces = new Set<string>();
  let nonceResponses = 0;
  let hashedResponses = 0;
  // A member's pages are never kept (nonce); an anonymous page may come from the render cache (hashes).
  for (const url of ["/", "/location?location=London", "/no-such-page", "/", "/location?location=London"]) {
    const response = await request.get(url);
    const scripts = policy(response).get("script-src") ?? [];
    const nonce = scripts.find((source) => source.startsWith("'nonce-"))?.slice(7, -1) ?? "";
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/type="application\/ld\+json"/.test(m[1]));
    expect(inline.length, url).toBeGreaterThan(0);
    if (nonce) {
      nonceResponses++;
      expect(nonce.length, url).toBeGreaterThanOrEqual(16);
      nonces.add(nonce);
      for (const [, attributes] of inline) expect(attributes, url).toContain(`nonce="${nonce}"`);
    } else {
      hashedResponses++;
      for (const [, attributes, body] of inline) {
        expect(attributes, url).not.toContain("nonce=");
        expect(scripts, url).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
      }
    }
  }
  // Every nonce is new: no two responses share one.
  expect(nonces.size).toBe(nonceResponses);
  expect(nonceResponses + hashedResponses).toBe(5);
});

test("HSTS is sent when the site is reached over HTTPS (behind the trusted proxy)", async ({ request }) => {
  const response = await request.get("/", { headers: { "X-Forwarded-Proto": "https" } });
  expect(response.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("the API's JSON answers are never sniffed as HTML", async ({ request }) => {
  const response = await request.get(`/api/geocode?location=${encodeURIComponent("<script>alert(1)</script>")}`);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
});

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe("the public pages run under the Content-Security-Policy without a violation", () => {
  test("search, listing, account and map pages", async ({ page }) => {
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    const [listing] = await database()<{ walk_type: string; slug: string }[]>`SELECT walk_type, slug FROM listings WHERE status = 2 ORDER BY id LIMIT 1`;
    const pages = [
      "/",
      "/pubs",
      "/beaches",
      "/vets-in-france",
      "/walks-in-france",
      "/motorway-search",
      "/motorway-search-france",
      "/browse/road/united-kingdom/m6",
      "/location?location=London",
      "/search-results?search-type=browse",
      `/${listing.walk_type}/${listing.slug}`,
      `/${listing.walk_type}/${listing.slug}/history`,
      `/${listing.walk_type}/${listing.slug}/directions`,
      "/add-listing",
      "/join",
      "/account/login/",
      "/account/login/forgotten",
    ];
    for (const url of pages) {
      await page.goto(url);
      await expect(page.locator("html"), url).toHaveAttribute("data-hydrated", "true");
    }
    // The ALTCHA widget solves its proof of work in a worker.
    await page.goto("/account/login/forgotten");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.locator("altcha-widget").getByRole("checkbox", { name: "I'm not a robot" }).click();
    await expect(page.locator("altcha-widget .altcha[data-state='verified']")).toBeAttached({ timeout: 30_000 });
    // MapLibre: its worker, the self-hosted style, glyphs and vector tiles.
    await page.goto("/map/location?location=London");
    await expect(page.locator(".search-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    expect(violations).toEqual([]);
  });
});
