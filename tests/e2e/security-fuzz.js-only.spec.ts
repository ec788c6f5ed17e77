// The project fuzz test: every route of remix.config.js, every query parameter the app reads and every
// form field its pages show, with a corpus of bad input (empty, huge, negative, 20 digits, wrong type,
// NUL, bytes that are not UTF-8, unicode, SQL and script payloads, repeated parameters), anonymous and
// as a member. It fails on any 5xx, any stack trace or driver error in a body, and any input that only
// PostgreSQL refused (the database safety net in app/error-response.server.ts answered, not a check).
//
// No browser is needed: the requests go out on node:http (support/raw-http.ts, a tenth of the request
// context's CPU a request, decision 0352); the `.js-only` name keeps it to one Playwright project so the
// ~3,800 requests are sent once per run.
import type { APIRequestContext } from "@playwright/test";
import { createMember, database, sessionCookieValue, uniqueIp } from "./support/accounts";
import { rawClient, type RawClient } from "./support/raw-http";
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

/**
 * Corpus values that make any address unreadable (NUL, a bad escape, bytes that are not UTF-8): the server
 * refuses the whole URL before routing (app/ops/http.server.ts), whatever the route, so one route, the proof
 * route, gets them in its segments and query as before and must answer each with that 400; the other routes'
 * addresses are fuzzed with the rest (decision 0352). Forms still get them all: a body is read by each action.
 */
const REFUSED_IN_ANY_URL = new Set(["NUL", "invalid UTF-8", "lone byte", "bad escape"]);
const UNREADABLE_URL_PAGE = /characters we cannot read/;
/**
 * Every query parameter at once with the "huge" value: a 156 kB address, which Node's HTTP parser refuses
 * (431, over its 16 kB of headers) before the app sees it: tried on the proof route only, for the same reason.
 */
const HUGE = "huge";

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
  /** An address the server must refuse before routing: 400 and its "cannot read" page, or Node's 431. */
  refused?: 400 | 431;
  url: string;
  body?: string;
  contentType?: string;
  member: boolean;
}

interface Clients {
  client: RawClient;
  request: APIRequestContext;
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

const PARAMETER = /:(\w+)|\*/g;

/** GET probes: each dynamic segment with the corpus, then query parameters. */
function getProbes(routes: RouteEntry[], valid: Record<string, string>): Probe[] {
  const probes: Probe[] = [];
  const first = firstOfEachModule(routes);
  const proofRoute = routes.find((route) => first.has(route.id) && new RegExp(PARAMETER.source).test(route.pattern));
  if (!proofRoute) throw new Error("no route with a dynamic segment to prove the refusal of unreadable addresses on");
  for (const route of routes) {
    const params = [...route.pattern.matchAll(PARAMETER)].map((m) => m[1] ?? "*");
    const base = fill(route.pattern, valid);
    const member = isMemberRoute(route);
    const proof = route === proofRoute;
    const kept = ([label]: [string, string]) => proof || !REFUSED_IN_ANY_URL.has(label);
    const probe = ([label]: [string, string], url: string, refused?: 431): Probe => ({ method: "GET", url, member, ...(REFUSED_IN_ANY_URL.has(label) ? { refused: 400 as const } : refused ? { refused } : {}) });
    const corpus = (first.has(route.id) ? CORPUS : CORE.slice(2, 5)).filter(kept);
    probes.push({ method: "GET", url: base, member });
    for (const param of params) for (const entry of corpus) probes.push(probe(entry, fill(route.pattern, { ...valid, [param]: entry[1] })));
    if (!first.has(route.id)) continue;
    if (QUERY_HEAVY.has(route.id)) {
      for (const name of QUERY_NAMES) for (const [, value] of SINGLE) probes.push({ method: "GET", url: `${base}?${encodeURIComponent(name)}=${value}`, member });
    }
    for (const entry of CORE.filter(kept)) {
      if (entry[0] === HUGE && !proof) continue;
      probes.push(probe(entry, `${base}?${QUERY_NAMES.map((name) => `${encodeURIComponent(name)}=${entry[1]}`).join("&")}`, entry[0] === HUGE ? 431 : undefined));
    }
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

async function postProbes(client: RawClient, routes: RouteEntry[], valid: Record<string, string>, cookie: string): Promise<Probe[]> {
  const probes: Probe[] = [];
  const first = firstOfEachModule(routes);
  for (const route of routes.filter((r) => first.has(r.id))) {
    const url = fill(route.pattern, valid);
    const member = isMemberRoute(route);
    const page = await client.fetch({ method: "GET", url, headers: member ? { Cookie: cookie } : {} });
    const fields = page.status === 200 && (page.headers["content-type"] ?? "").includes("html") ? formFields(page.body) : [];
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

/** Each request once: a form with one field gets the same body from "every field at once" and "each field on its own". */
function distinct(probes: Probe[]): Probe[] {
  const seen = new Set<string>();
  return probes.filter((probe) => {
    const key = JSON.stringify([probe.method, probe.url, probe.member, probe.contentType, probe.body]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function send({ client, request }: Clients, probe: Probe, cookie: string): Promise<Finding | null> {
  const headers: Record<string, string> = { "X-Forwarded-For": uniqueIp(), Accept: "text/html,application/json;q=0.9" };
  if (probe.member) headers.Cookie = cookie;
  if (probe.contentType) headers["Content-Type"] = probe.contentType;
  let status = 0;
  let body = "";
  try {
    if (probe.refused === 431) {
      // Node answers 431 and closes while the 156 kB address is still being sent: node:http's write fails
      // first and loses the answer, which Playwright's request context reads.
      const response = await request.fetch(probe.url, { method: probe.method, headers, maxRedirects: 0, timeout: 30_000, failOnStatusCode: false });
      status = response.status();
      body = await response.text();
    } else {
      ({ status, body } = await client.fetch({ method: probe.method, url: probe.url, headers, body: probe.body, timeout: 30_000 }));
    }
  } catch (error) {
    return { probe, status: 0, reason: `no answer: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  }
  if (status >= 500) return { probe, status, reason: `status ${status}: ${body.slice(0, 160)}` };
  const trace = STACK_TRACE.find((pattern) => pattern.test(body));
  if (trace) return { probe, status, reason: `stack trace or driver error in the body (${trace})` };
  if (SAFETY_NET.some((pattern) => pattern.test(body))) return { probe, status, reason: "only PostgreSQL refused this input (no check before the query)" };
  if (probe.refused && (status !== probe.refused || (probe.refused === 400 && !UNREADABLE_URL_PAGE.test(body)))) {
    return { probe, status, reason: `not refused before routing with ${probe.refused} (the other routes are not fuzzed with this address)` };
  }
  return null;
}

async function runAll(clients: Clients, probes: Probe[], cookie: string, concurrency = 8): Promise<Finding[]> {
  const findings: Finding[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < probes.length) {
        const probe = probes[next++];
        const finding = await send(clients, probe, cookie);
        if (finding) findings.push(finding);
      }
    }),
  );
  return findings;
}

test("every route and form answers bad input with a 4xx, never a 5xx or a stack trace", async ({ baseURL, userAgent, request }) => {
  const routes = routeTable().filter((route) => route.id !== "dev/mail");
  const valid = await sampleValues();
  const member = await createMember({ label: "fuzz" });
  const cookie = `pawroute_session=${(await sessionCookieValue(member)).value}`;

  const client = rawClient(baseURL ?? "", { userAgent });
  const probes = distinct([...getProbes(routes, valid), ...(await postProbes(client, routes, valid, cookie))]);
  const findings = await runAll({ client, request }, probes, cookie).finally(() => client.close());

  const fiveHundreds = findings.filter((finding) => finding.status >= 500).length;
  console.log(`fuzz: ${probes.length} requests over ${routes.length} routes; ${fiveHundreds} answered 5xx; ${findings.length} findings`);
  const report = findings.slice(0, 40).map((f) => `${f.probe.method} ${f.probe.url.slice(0, 140)}${f.probe.body ? ` body=${f.probe.body.slice(0, 80)}` : ""}${f.probe.member ? " (member)" : ""} → ${f.reason}`);
  expect(report, `${findings.length} of ${probes.length} requests`).toEqual([]);
  expect(probes.filter((probe) => probe.refused === 400).length).toBeGreaterThanOrEqual(REFUSED_IN_ANY_URL.size);
  expect(probes.filter((probe) => probe.refused === 431)).toHaveLength(1);
  expect(probes.length).toBeGreaterThan(1_500);
});
