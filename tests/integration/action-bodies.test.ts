// Every action of the route table (remix.config.js), over HTTP against the app (the production bundle
// when fresh, else as `npm run dev` starts it): a body it cannot read (JSON, text/plain, broken
// multipart, none) answers 415 or 400, an oversized one 413, never a 5xx (issue 51). Each route is posted to as the role its guard lets through. And an
// unexpected failure inside a route (a table the query needs is missing) answers 500 with the
// request's id in the body and in the log line. And every action's error body, to a body it cannot read
// and to a form it cannot use, is the one shape (AppErrorData: { message, fieldErrors?, requestId } and
// a form's documented extras, decision 0319), as the client reads it from the server (decision 0352).
import { createCookie } from "@remix-run/node";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import postgres from "postgres";
import { decode } from "turbo-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../e2e/support/route-table";
import { MAX_FORM_BYTES } from "../../app/ops/input.server";
import { freePort } from "../bench/server";
import { productionBuild } from "../support/production-build";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute_test";
const SESSION_SECRET = "action-bodies-test-session-secret-0123456789abcdef";
const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => undefined });

let child: ChildProcess | undefined;
let base = "";
const logLines: string[] = [];

/**
 * Starts the app on a free port: the production build as `npm start` runs it when there is a fresh one,
 * else server.ts as `npm run dev` does (Vite compiles each route on first use: about a minute of this
 * test's time on the 2-core machine, decision 0317).
 */
async function startApp(): Promise<void> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const built = await productionBuild();
  child = spawn(process.execPath, built ? ["build/entry/server.js"] : ["--import", "tsx", "server.ts"], {
    env: { ...process.env, NODE_ENV: built ? "production" : "development", DATABASE_URL, PORT: String(port), SESSION_SECRET, COOKIE_SECURE: "false", MAIL_CATCHER_PORT: "0", TRUST_PROXY: "true", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let pending = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString("utf8")).split("\n");
    pending = lines.pop() ?? "";
    logLines.push(...lines);
  });
  child.stderr?.resume();
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the app did not answer /healthz within 60 s");
}

const cookie = createCookie("pawroute_session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [SESSION_SECRET] });

/** A member (or administrator) with a session of their own; each call gives a fresh session cookie. */
async function account(admin: boolean): Promise<() => Promise<string>> {
  const email = `vitest-bodies-${randomBytes(6).toString("hex")}@e2e.pawroute.test`;
  const [row] = await sql<{ id: number }[]>`INSERT INTO users (email, username, is_admin, email_verified) VALUES (${email}, ${`b${randomBytes(5).toString("hex")}`}, ${admin}, true) RETURNING id`;
  return async () => {
    const token = randomBytes(32).toString("base64url");
    await sql`INSERT INTO sessions (id, user_id, ip, user_agent) VALUES (${createHash("sha256").update(token).digest("hex")}, ${row.id}, '198.51.100.7', 'vitest')`;
    const header = await cookie.serialize(token);
    return header.slice(0, header.indexOf(";"));
  };
}

interface ActionRoute {
  id: string;
  path: string;
  role: "visitor" | "member" | "admin";
  /** The route module (under app/) and its pattern, e.g. "/dog-walk/:slug/review". */
  file: string;
  pattern: string;
  /** An index route: posted to with `?index`, as its form is (without it the post goes to the layout's action). */
  index: boolean;
}

/** Pages only a visitor uses (a member posting there is sent on elsewhere). */
const FOR_VISITORS = new Set(["public/join", "account/login", "account/login/forgotten", "account/login/reset", "account/verify"]);

/** Path parameters that are valid without any data (the rest get "1": a guard's 404 where nothing has that id). */
const PARAMS: Record<string, string> = { status: "submitted" };

/** Every route whose module has an action, one path per module and kind of path, from the table the app is built with. */
async function actionRoutes(): Promise<ActionRoute[]> {
  const seen = new Set<string>();
  const routes: ActionRoute[] = [];
  for (const route of routeTable({ layouts: true })) {
    const source = readFileSync(`app/${route.file}`, "utf8");
    if (!/export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/.test(source)) continue;
    const raw = route.pattern;
    const key = `${route.file} ${/[:*]/.test(raw)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const path = raw.replace(/:(\w+)\??/g, (_match, name: string) => PARAMS[name] ?? "1").replace(/\*/g, "anything");
    const role = path.startsWith("/account/admin") ? "admin" : FOR_VISITORS.has(route.id) ? "visitor" : "member";
    routes.push({ id: route.id, path, role, file: route.file, pattern: raw, index: route.index });
  }
  return routes;
}

const BOUNDARY = "----pawroute-broken";
const BODIES: { name: string; headers: Record<string, string>; body?: string }[] = [
  { name: "JSON", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "delete", ids: [1], confirmed: "1" }) },
  { name: "text/plain", headers: { "Content-Type": "text/plain" }, body: "intent=delete&ids=1&confirmed=1" },
  { name: "broken multipart", headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` }, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete\r\n--${BOUNDARY}\r\nContent-Disposition: form-da` },
  { name: "oversized form", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `intent=delete&filler=${"a".repeat(MAX_FORM_BYTES)}` },
  { name: "no body", headers: {} },
];

/**
 * Actions that read no body, so any body gets their usual answer (never a 5xx): logging out ends the
 * session whatever was sent (a redirect); the card and PayPal set-up calls take no input and hand the
 * member a set-up token (200). Logging out runs last, since it ends the member's session.
 */
const ANY_BODY = new Set(["api/payments/setup", "api/payments/paypal-setup", "public/logout"]);

/**
 * A POST over node:http, not fetch: the app may answer an oversized body (413) and close the
 * connection before it has all been sent, and the answer is what the test reads.
 */
function post(url: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(url, { method: "POST", agent: false, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body ?? "")) } }, (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

function visitorIp(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${1 + (bytes[2] % 250)}`;
}

beforeAll(async () => {
  await startApp();
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGTERM");
  await sql.end();
});

describe("a 500 keeps its request id", () => {
  it("in the JSON body and the log line, of an API route and of a page route", async () => {
    const admin = await account(true);
    // A table the routes read is missing (renamed, and put back whatever happens): an unexpected database error.
    await sql`ALTER TABLE facilities RENAME TO facilities_hidden_by_vitest`;
    await sql`ALTER TABLE reviews RENAME TO reviews_hidden_by_vitest`;
    try {
      const apiId = `vitest-api-${randomBytes(6).toString("hex")}`;
      const api = await fetch(`${base}/api/facilities`, { headers: { "X-Request-Id": apiId } });
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ message: "Sorry, something went wrong. Please try again.", requestId: apiId });

      // A page route, read as the browser's data request (single fetch).
      const pageId = `vitest-page-${randomBytes(6).toString("hex")}`;
      const page = await fetch(`${base}/account/admin/reviews.data`, { headers: { "X-Request-Id": pageId, Cookie: await admin() } });
      expect(page.status).toBe(500);
      expect(await page.text()).toContain(pageId);

      // pino writes a line a moment after the answer: wait for it (no assertion on time).
      for (let i = 0; i < 40 && !logLines.some((line) => line.includes(pageId) && line.includes("request failed")); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      for (const id of [apiId, pageId]) {
        const failed = logLines.map((line) => (line.startsWith("{") ? (JSON.parse(line) as { msg?: string; requestId?: string; err?: { code?: string } }) : {})).find((entry) => entry.msg === "request failed" && entry.requestId === id);
        expect(failed, id).toBeDefined();
        expect(failed?.err?.code).toBe("42P01");
      }
    } finally {
      await sql`ALTER TABLE facilities_hidden_by_vitest RENAME TO facilities`;
      await sql`ALTER TABLE reviews_hidden_by_vitest RENAME TO reviews`;
    }
    // Without a fresh build the first requests compile the routes (Vite, as in `npm run dev`): minutes on a loaded machine.
  }, 300_000);
});

describe("every action refuses a body it cannot read with a 4xx", () => {
  it("for JSON, text/plain, broken multipart, oversized and empty bodies, as visitor, member and administrator", async () => {
    const routes = await actionRoutes();
    // The walk covers the public, account and back-office actions, the seven from issue 51 among them.
    expect(routes.map((route) => route.id)).toEqual(expect.arrayContaining(["account/admin/users", "account/admin/reviews", "account/admin/listings", "public/join", "account/settings/email"]));
    expect(routes.find((route) => route.path.includes("view-edit")), "view-edit").toBeDefined();
    // One session per role (no unreadable body may end it; logging out, last, does).
    const member = await (await account(false))();
    const admin = await (await account(true))();
    const answers: string[] = [];
    const probe = async (route: ActionRoute, body: (typeof BODIES)[number]) => {
      const headers: Record<string, string> = { ...body.headers, "X-Forwarded-For": visitorIp() };
      if (route.role !== "visitor") headers.Cookie = route.role === "admin" ? admin : member;
      const status = await post(`${base}${route.path}${route.index ? "?index" : ""}`, headers, body.body);
      const label = `POST ${route.path} (${route.role}) with ${body.name}`;
      answers.push(`${status} ${label}`);
      // Soft: one run lists every action that fails, not just the first.
      expect.soft(status, label).toBeLessThan(500);
      if (!ANY_BODY.has(route.id)) expect.soft(status, label).toBeGreaterThanOrEqual(400);
    };
    // Six requests at a time; logging out (which ends the member's session) after all the others. The
    // time limit is generous: one request costs the dev server about 80 ms on an idle machine, several
    // times that on the shared 2-core one (decision 0260).
    const probes = routes.filter((route) => !ANY_BODY.has(route.id)).flatMap((route) => BODIES.map((body) => () => probe(route, body)));
    const workers = Array.from({ length: 6 }, async () => {
      for (let next = probes.shift(); next; next = probes.shift()) await next();
    });
    await Promise.all(workers);
    for (const id of ANY_BODY) for (const route of routes.filter((route) => route.id === id)) for (const body of BODIES) await probe(route, body);
    expect(answers).toHaveLength(routes.length * BODIES.length);
    if (process.env.SHOW_ANSWERS) console.log(answers.join("\n"));
  }, 600_000);
});

type ErrorBody = Record<string, unknown> | null;

/** A resource route's JSON body (null when it answered something else). */
async function jsonBody(response: Response): Promise<ErrorBody> {
  return response.headers.get("Content-Type")?.includes("json") ? ((await response.json()) as ErrorBody) : null;
}

/**
 * A page action's body as the browser reads it from single fetch (turbo-stream, decoded with the plugins
 * Remix's client uses): what the action returned ({ data }), or the error response it threw ({ error }).
 */
async function singleFetchBody(response: Response): Promise<ErrorBody> {
  if (!response.headers.get("Content-Type")?.includes("text/x-script") || !response.body) return null;
  const decoded = await decode(response.body, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "ErrorResponse") return { value: { data: rest[0], status: rest[1] } };
        if (type === "SanitizedError") return { value: { data: { message: rest[1] } } };
        return undefined;
      },
    ],
  });
  await decoded.done;
  const value = decoded.value as { data?: unknown; error?: { data?: unknown } };
  return ((value.error ? value.error.data : value.data) ?? null) as ErrorBody;
}

/** The one error body's keys (AppErrorData, core/errors.ts): nothing else may appear in an error. */
const ERROR_BODY_KEYS = new Set(["message", "fieldErrors", "code", "requestId", "repopulateFields", "formId", "confirm"]);

describe("every action's error body is the one shape", () => {
  it("to a JSON body and to a form it cannot use (an unknown intent, ids that are not ids), as the role its guard lets through", async () => {
    const routes = (await actionRoutes()).filter((route) => !ANY_BODY.has(route.id));
    // One session per role, as the server signs it.
    const cookies = { member: await (await account(false))(), admin: await (await account(true))() };
    const requests = [
      { name: "JSON", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "delete", ids: [1] }) },
      { name: "a form it cannot use", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=no-such-intent&ids=not-an-id&id=x&option=x&email=not-an-email" },
    ];
    let errors = 0;
    for (const route of routes) {
      // The body the client reads, from the server: a page's action as the browser's data request (single
      // fetch, what a <Form> posts), a resource route's as it answers.
      const page = /export\s+default\b/.test(readFileSync(`app/${route.file}`, "utf8"));
      for (const { name, headers, body } of requests) {
        const requestId = `vitest-shape-${randomBytes(4).toString("hex")}`;
        const sent: Record<string, string> = { ...headers, "X-Request-Id": requestId, "X-Forwarded-For": visitorIp() };
        if (route.role !== "visitor") sent.Cookie = cookies[route.role];
        const response = await fetch(`${base}${route.path === "/" && page ? "/_root" : route.path}${page ? ".data" : ""}${route.index ? "?index" : ""}`, { method: "POST", headers: sent, body, redirect: "manual" });
        const answer = { status: response.status, body: page ? await singleFetchBody(response) : await jsonBody(response) };
        const label = `POST ${route.path} (${route.role}) with ${name}: ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 200)}`;
        if (process.env.SHOW_ANSWERS) console.log(label);
        expect.soft(answer.status, label).toBeLessThan(500);
        if (answer.status < 400) continue;
        errors++;
        expect.soft(answer.body, label).toMatchObject({ message: expect.any(String), requestId });
        expect.soft(Object.keys(answer.body ?? {}).filter((key) => !ERROR_BODY_KEYS.has(key)), label).toEqual([]);
        if (answer.body?.fieldErrors !== undefined) expect.soft(typeof answer.body.fieldErrors, label).toBe("object");
      }
    }
    // Every route refused the JSON body, and many refused the form: the walk read real error bodies.
    expect(errors).toBeGreaterThanOrEqual(routes.length);
  }, 300_000);
});
