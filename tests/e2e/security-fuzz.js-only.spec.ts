// The project fuzz test: every route of remix.config.js, every query parameter the app reads and every
// form field its pages show, with a corpus of bad input (empty, huge, negative, 20 digits, wrong type,
// NUL, bytes that are not UTF-8, unicode, SQL and script payloads, repeated parameters), anonymous and
// as a member. It fails on any 5xx, any stack trace or driver error in a body, and any input that only
// PostgreSQL refused (the database safety net in app/error-response.server.ts answered, not a check).
//
// No browser is needed (request context only); the `.js-only` name keeps it to one Playwright project
// so the ~2,000 requests are sent once per run.
import type { APIRequestContext } from "@playwright/test";
import { createMember, database, sessionCookieValue, uniqueIp } from "./support/accounts";
import { routeTable, type RouteEntry } from "./support/route-table";
import { expect, test } from "@playwright/test";

test.setTimeout(300_000);

/** Already percent-encoded, so invalid UTF-8 and NUL reach the server as they are. */
const CORPUS: [label: string, encoded: string][] = [
  ["empty", ""],
  ["huge", "x".repeat(4_000)],
  ["negative", "-1"],
  ["zero", "0"],
  ["20 digits", "99999999999999999999"],
  ["int32 + 1", "2147483648"],
  ["exponent", "1e308"],
  ["NaN", "NaN"],
  ["float", "1.5"],
  ["wrong type", "%5Bobject%20Object%5D"],
  ["json", "%7B%22a%22%3A1%7D"],
  ["NUL", "a%00b"],
  ["invalid UTF-8", "%C3%28"],
  ["lone byte", "%FF%FE"],
  ["bad escape", "%zz"],
  ["unicode", encodeURIComponent("🐕 Zürich ß 北京 \u202Eevil\u200B")],
  ["SQL", encodeURIComponent("' OR 1=1; DROP TABLE users; --")],
  ["script", encodeURIComponent(`"><script>alert(1)</script><img src=x onerror=alert(1)>`)],
  ["traversal", encodeURIComponent("../../../../etc/passwd")],
  ["coordinates out of range", encodeURIComponent("999,-999")],
];

/** The corpus values each single parameter and field is tried with (the full corpus goes to every path segment and whole form). */
const CORE = CORPUS.filter(([label]) => ["empty", "huge", "20 digits", "NUL", "invalid UTF-8", "SQL", "script"].includes(label));

/** Every query parameter name the app reads (app/search/url.ts, geo/search/filters.ts and the routes' own). */
const QUERY_NAMES = [
  "search-type", "from", "to", "location", "geo-location", "road", "road-slug", "road-country", "country", "types", "types[]",
  "facilities", "facilities[]", "sort", "distance", "allWalks", "pubWalks", "beachWalks", "page", "limit", "depth",
  "includeMapPoints", "direct", "exclude", "tab", "redirectTo", "token", "id", "edit", "sent", "update", "go", "pending", "saved",
  "reviewed", "respond", "lat", "lng", "q",
];

/** The search pages and APIs: their parameters are tried one at a time; other routes get them all at once. */
const QUERY_HEAVY = new Set(["public/results/browse", "public/results/road", "api/search", "api/road-counts", "api/geocode", "api/directions"]);
/**
 * What each parameter and field is tried with on its own; the rest of the corpus reaches it in the
 * all-at-once requests (NUL and bytes that are not UTF-8 are refused for the whole URL or form first).
 */
const SINGLE = CORPUS.filter(([label]) => ["huge", "20 digits"].includes(label));

/** Routes that end the member's session: fuzzed anonymously only. */
const ENDS_SESSION = new Set(["public/logout", "account/settings/sessions/end-all"]);

const STACK_TRACE = [/\n\s+at [^\n]*:\d+:\d+\)?/, /node_modules\//, /PostgresError/, /DrizzleQueryError/, /Failed query:/, /invalid byte sequence/, /out of range for type/, /TypeError: /, /ReferenceError: /];
/** What the database safety net says: input got past every check to PostgreSQL. */
const SAFETY_NET = [/"code":"bad-input"/, /couldn(?:&#x27;|')t read that request/];

interface Probe {
  method: "GET" | "POST";
  url: string;
  body?: string;
  contentType?: string;
  member: boolean;
}

interface Finding {
  probe: Probe;
  status: number;
  reason: string;
}

function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)|\*/g, (_match, name: string | undefined) => values[name ?? "*"] ?? "x");
}

async function sampleValues(): Promise<Record<string, string>> {
  const [listing] = await database()<{ slug: string }[]>`
    SELECT slug FROM listings WHERE status = 2 AND walk_type = 'dog-walk' ORDER BY id LIMIT 1`;
  return { slug: listing?.slug ?? "walk", "*": "road/united-kingdom/m6", searchType: "browse", id: "1", username: "nobody", layer: "listings", z: "5", x: "15", y: "10.mvt", file: "small.webp" };
}

/** Routes served by the same module (the seven listing types, the search presets) get the full corpus once. */
function firstOfEachModule(routes: RouteEntry[]): Set<string> {
  const seen = new Set<string>();
  const first = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.file)) continue;
    seen.add(route.file);
    first.add(route.id);
  }
  return first;
}

function isMemberRoute(route: RouteEntry): boolean {
  return (route.pattern.startsWith("/account") || /:slug\/(review|favourite|edit)$/.test(route.pattern)) && !ENDS_SESSION.has(route.id);
}

/** GET probes: each dynamic segment with the corpus, then query parameters. */
function getProbes(routes: RouteEntry[], valid: Record<string, string>): Probe[] {
  const probes: Probe[] = [];
  const first = firstOfEachModule(routes);
  for (const route of routes) {
    const params = [...route.pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
    const base = fill(route.pattern, valid);
    const member = isMemberRoute(route);
    const corpus = first.has(route.id) ? CORPUS : CORE.slice(2, 5);
    probes.push({ method: "GET", url: base, member });
    for (const param of params) for (const [, value] of corpus) probes.push({ method: "GET", url: fill(route.pattern, { ...valid, [param]: value }), member });
    if (!first.has(route.id)) continue;
    if (QUERY_HEAVY.has(route.id)) {
      for (const name of QUERY_NAMES) for (const [, value] of SINGLE) probes.push({ method: "GET", url: `${base}?${encodeURIComponent(name)}=${value}`, member });
    }
    for (const [, value] of CORE) probes.push({ method: "GET", url: `${base}?${QUERY_NAMES.map((name) => `${encodeURIComponent(name)}=${value}`).join("&")}`, member });
    // Repeated parameters: the same name hundreds of times, arrays of a thousand ids.
    probes.push({ method: "GET", url: `${base}?${Array.from({ length: 300 }, (_, i) => `page=${i}`).join("&")}`, member });
    probes.push({ method: "GET", url: `${base}?${Array.from({ length: 500 }, (_, i) => `facilities[]=${i + 1}&types[]=${(i % 5) + 1}`).join("&")}`, member });
  }
  return probes;
}

/** Form field names of the POST forms on a page. */
function formFields(html: string): string[] {
  const names = new Set<string>();
  for (const form of html.matchAll(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)) {
    for (const field of form[1].matchAll(/<(?:input|select|textarea|button)[^>]*\sname="([^"]+)"/gi)) names.add(field[1]);
  }
  return [...names];
}

async function postProbes(request: APIRequestContext, routes: RouteEntry[], valid: Record<string, string>, cookie: string): Promise<Probe[]> {
  const probes: Probe[] = [];
  const first = firstOfEachModule(routes);
  for (const route of routes.filter((r) => first.has(r.id))) {
    const url = fill(route.pattern, valid);
    const member = isMemberRoute(route);
    const page = await request.get(url, { headers: member ? { Cookie: cookie } : {}, maxRedirects: 0 });
    const fields = page.status() === 200 && (page.headers()["content-type"] ?? "").includes("html") ? formFields(await page.text()) : [];
    const names = fields.length ? fields : ["intent", "id", "name"];
    const form = (body: string): Probe => ({ method: "POST", url, member, contentType: "application/x-www-form-urlencoded", body });
    // Every field at once with each bad value, then each field on its own with the worst ones.
    for (const [, value] of CORE) probes.push(form(names.map((name) => `${encodeURIComponent(name)}=${value}`).join("&")));
    for (const name of fields) for (const [, value] of SINGLE) probes.push(form(`${encodeURIComponent(name)}=${value}`));
    // Bodies that are not forms, and forms that are broken.
    probes.push({ method: "POST", url, member, contentType: "application/json", body: '{"email": ' });
    probes.push({ method: "POST", url, member, contentType: "text/plain", body: "hello" });
    probes.push({ method: "POST", url, member, contentType: "multipart/form-data; boundary=nope", body: "--wrong\r\n\r\n" });
    probes.push(form(Array.from({ length: 2_000 }, (_, i) => `intent=${i}`).join("&")));
    probes.push({ method: "POST", url, member });
  }
  return probes;
}

async function send(request: APIRequestContext, probe: Probe, cookie: string): Promise<Finding | null> {
  const headers: Record<string, string> = { "X-Forwarded-For": uniqueIp(), Accept: "text/html,application/json;q=0.9" };
  if (probe.member) headers.Cookie = cookie;
  if (probe.contentType) headers["Content-Type"] = probe.contentType;
  let status = 0;
  let body = "";
  try {
    const response = await request.fetch(probe.url, { method: probe.method, headers, data: probe.body, maxRedirects: 0, timeout: 30_000, failOnStatusCode: false });
    status = response.status();
    body = await response.text();
  } catch (error) {
    return { probe, status: 0, reason: `no answer: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  }
  if (status >= 500) return { probe, status, reason: `status ${status}: ${body.slice(0, 160)}` };
  const trace = STACK_TRACE.find((pattern) => pattern.test(body));
  if (trace) return { probe, status, reason: `stack trace or driver error in the body (${trace})` };
  if (SAFETY_NET.some((pattern) => pattern.test(body))) return { probe, status, reason: "only PostgreSQL refused this input (no check before the query)" };
  return null;
}

async function runAll(request: APIRequestContext, probes: Probe[], cookie: string, concurrency = 8): Promise<Finding[]> {
  const findings: Finding[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < probes.length) {
        const probe = probes[next++];
        const finding = await send(request, probe, cookie);
        if (finding) findings.push(finding);
      }
    }),
  );
  return findings;
}

test("every route and form answers bad input with a 4xx, never a 5xx or a stack trace", async ({ request }) => {
  const routes = routeTable().filter((route) => route.id !== "dev/mail");
  const valid = await sampleValues();
  const member = await createMember({ label: "fuzz" });
  const cookie = `pawroute_session=${(await sessionCookieValue(member)).value}`;

  const probes = [...getProbes(routes, valid), ...(await postProbes(request, routes, valid, cookie))];
  const findings = await runAll(request, probes, cookie);

  const fiveHundreds = findings.filter((finding) => finding.status >= 500).length;
  console.log(`fuzz: ${probes.length} requests over ${routes.length} routes; ${fiveHundreds} answered 5xx; ${findings.length} findings`);
  const report = findings.slice(0, 40).map((f) => `${f.probe.method} ${f.probe.url.slice(0, 140)}${f.probe.body ? ` body=${f.probe.body.slice(0, 80)}` : ""}${f.probe.member ? " (member)" : ""} → ${f.reason}`);
  expect(report, `${findings.length} of ${probes.length} requests`).toEqual([]);
  expect(probes.length).toBeGreaterThan(1_500);
});
