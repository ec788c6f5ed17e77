// Operations middleware for the Express server (server.ts calls installOperations before Remix):
// a request id and CSP nonce per request, JSON request logs (pino-http), security headers (helmet),
// /healthz, /readyz and /metrics, and draining on shutdown. docs/decisions/0060–0062.
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Express, NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { isBlogPostPath, VIDEO_FRAME_ORIGINS } from "../blog/video-embed";
import { apiLimit } from "../auth/batched-limit.server";
import { tooManyMessage } from "../auth/rate-limit.server";
import { sameSecret } from "../auth/secrets.server";
import { sql } from "drizzle-orm";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { isUnreadableUrl, UNREADABLE_MESSAGE } from "./input.server";
import { logger } from "./logger.server";
import { metricsText, observeRequest, setDatabaseReachable } from "./metrics.server";
import { paypalConfig } from "../payments/paypal.server";
import { stripeConfig } from "../payments/stripe.server";
import { applePayDomainAssociation, APPLE_PAY_ASSOCIATION_PATH, permissionsPolicy } from "../payments/wallets.server";
import { escapeHtml } from "../../kit/html";
import { AppError } from "../../core/errors";
import { errorBody } from "../error-response.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This request's id: in every log line, the X-Request-Id header and the error page. */
    requestId?: string;
    /** The Content-Security-Policy nonce for this response's inline scripts. */
    cspNonce?: string;
  }
}

interface Locals {
  requestId: string;
  cspNonce: string;
  /** The Remix route that answered (set by remixRoute just before Remix runs): the metrics' route label. */
  route?: string;
}

function locals(res: Response): Locals {
  return res.locals as Locals;
}

/** The load context Remix hands to loaders and actions (server.ts passes it to createRequestHandler). */
export function loadContext(req: Request, res: Response) {
  const { requestId, cspNonce } = locals(res);
  return { clientIp: req.ip, requestId, cspNonce };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface OperationsOptions {
  /** Whether the job worker is running (for /readyz). */
  queueRunning: () => boolean;
}

let draining = false;

/** From now on /readyz answers 503 (so a load balancer stops sending) and responses close their connection. */
export function startDraining(): void {
  draining = true;
}

const appliedMigrations = (() => {
  const journal = JSON.parse(readFileSync("migrations/meta/_journal.json", "utf8")) as { entries: { when: number; tag: string }[] };
  return journal.entries;
})();

/** The checks behind /readyz: database reachable, every migration applied, job queue running. */
export async function readiness(options: OperationsOptions): Promise<{ ok: boolean; checks: Record<string, boolean | string> }> {
  const checks: Record<string, boolean | string> = { draining: !draining, queue: options.queueRunning() };
  try {
    const rows = await db().execute<{ created_at: string }>(sql`SELECT created_at::text FROM drizzle.__drizzle_migrations`);
    setDatabaseReachable(true);
    checks.database = true;
    const applied = new Set(rows.map((row) => Number(row.created_at)));
    const missing = appliedMigrations.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
    checks.migrations = missing.length === 0 ? true : `not applied: ${missing.join(", ")}`;
  } catch {
    setDatabaseReachable(false);
    checks.database = false;
    checks.migrations = "unknown";
  }
  return { ok: Object.values(checks).every((value) => value === true), checks };
}

function isLoopback(ip: string | undefined): boolean {
  return ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1";
}

/** /metrics: with METRICS_TOKEN, only for "Authorization: Bearer <token>"; without it, only from this machine. */
function metricsAllowed(req: Request): boolean {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return isLoopback(req.socket.remoteAddress) && !req.get("X-Forwarded-For");
  return sameSecret((req.get("Authorization") ?? "").replace(/^Bearer /, ""), token);
}

/** The Content-Security-Policy (and friends) for every response; scripts only from this site or with this response's nonce. */
function securityHeaders() {
  const mapStyle = getEnv().MAP_STYLE_URL;
  const mapOrigin = mapStyle ? [new URL(mapStyle).origin] : [];
  // Stripe.js from Stripe (with keys) or from this site (the local stand-in): its script, frames and API.
  const payments = stripeConfig();
  const stripeJs = /^https?:\/\//.test(payments.jsUrl) ? [new URL(payments.jsUrl).origin] : [];
  const stripeApi = payments.local ? [] : ["https://api.stripe.com"];
  // The PayPal JS SDK and its windows, from PayPal with keys (the local stand-in is this site's own).
  const paypal = paypalConfig();
  const paypalJs = paypal.enabled && /^https?:\/\//.test(paypal.sdkUrl) ? [new URL(paypal.sdkUrl).origin, "https://*.paypal.com"] : [];
  // `npm run dev` only: Vite's hot-reload websocket (its default port when it runs inside server.ts).
  const devReload = getEnv().NODE_ENV === "development" ? ["ws://localhost:24678", "ws://127.0.0.1:24678"] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...stripeJs, ...paypalJs, (_req, res) => `'nonce-${locals(res as Response).cspNonce}'`],
        "script-src-attr": ["'none'"],
        // React writes style attributes and ALTCHA its own <style>: styles cannot run code.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", ...mapOrigin, ...(paypalJs.length ? ["https://*.paypal.com", "https://*.paypalobjects.com"] : [])],
        "font-src": ["'self'", "data:", ...mapOrigin],
        "connect-src": ["'self'", ...mapOrigin, ...stripeApi, ...paypalJs, ...devReload],
        // Blog posts' videos (click to load) from YouTube's no-cookie player and Vimeo's: on post pages only.
        "frame-src": [(req) => ["'self'", ...stripeJs, ...paypalJs, ...(isBlogPostPath((req as Request).path) ? VIDEO_FRAME_ORIGINS : [])].join(" ")],
        // MapLibre and ALTCHA run their workers from blob: URLs.
        "worker-src": ["'self'", "blob:"],
        "child-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "manifest-src": ["'self'"],
      },
    },
    // HSTS only over HTTPS (req.secure honours TRUST_PROXY); see below.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
}

const OPERATIONS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * The metrics' route label: the id of the Remix route that answered; for what Express answered
 * before Remix, the probe's path, "static" (a file) or "refused" (cross-site, unreadable, rate-limited).
 */
function routeLabel(req: Request, res: Response): string {
  const { route } = locals(res);
  if (route) return route;
  if (OPERATIONS_PATHS.has(req.path)) return req.path;
  return res.statusCode < 400 ? "static" : "refused";
}

/**
 * Put just before Remix's handler: notes which route will answer, matched against the route table
 * (`routeIdOf`, from routeMatcher in ./route-id.server.ts) the way Remix matches it.
 */
export function remixRoute(routeIdOf: () => ((pathname: string) => string | null) | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    locals(res).route = routeIdOf()?.(req.path) ?? "unmatched";
    next();
  };
}

export function installOperations(app: Express, options: OperationsOptions): void {
  // Request id and nonce first, so every later line (and the error page) can use them.
  app.use((req, res, next) => {
    const incoming = req.get("X-Request-Id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    Object.assign(res.locals, { requestId, cspNonce: randomBytes(16).toString("base64") } satisfies Locals);
    res.setHeader("X-Request-Id", requestId);
    if (draining) res.setHeader("Connection", "close");
    // Every 503 and 429 tells the client when to come back, whichever layer answered (a page's error
    // boundary cannot set headers of its own).
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      const status = args[0];
      if ((status === 503 || status === 429) && !this.getHeader("Retry-After")) this.setHeader("Retry-After", status === 503 ? "5" : "60");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      observeRequest(req.method, routeLabel(req, res), res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });

  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => locals(res as Response).requestId,
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
      // Static files and probes would drown the log.
      autoLogging: { ignore: (req) => /^\/(assets\/|healthz$|readyz$|metrics$|favicon)/.test(req.url ?? "") },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.split("?")[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use(securityHeaders());
  app.use((req, res, next) => {
    // The Payment Request API (wallets) only on the payment pages (decision 0242).
    res.setHeader("Permissions-Policy", permissionsPolicy(req.path));
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  // A NUL byte or bytes that are not UTF-8 in the address: 400 before any loader sees it.
  app.use((req, res, next) => {
    if (!isUnreadableUrl(req.originalUrl)) {
      next();
      return;
    }
    res.status(400).set("Cache-Control", "no-store");
    if (req.accepts(["html", "json"]) === "json") res.json(errorBody(new AppError(400, UNREADABLE_MESSAGE, { code: "unreadable" }), locals(res).requestId));
    else res.type("html").send(plainPage(400, "Something was not right with that request", UNREADABLE_MESSAGE, locals(res).requestId));
  });

  // The JSON API: a per-address sliding window (RATE_LIMITS["api:ip"]), shared by every process,
  // counted in memory and added to the database once a second (decision 0204).
  app.use("/api", (req, res, next) => {
    const wait = apiLimit.hit((req.ip ?? "unknown").replace(/^::ffff:/, ""));
    if (wait === 0) {
      next();
      return;
    }
    res.status(429).set({ "Retry-After": String(wait), "Cache-Control": "no-store" });
    res.json(errorBody(new AppError(429, tooManyMessage(wait), { code: "rate-limited" }), locals(res).requestId));
  });

  app.get(APPLE_PAY_ASSOCIATION_PATH, applePayDomainAssociation);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ ok: true });
  });

  app.get("/readyz", (_req, res, next) => {
    readiness(options)
      .then(({ ok, checks }) => {
        res.status(ok ? 200 : 503).set("Cache-Control", "no-store");
        if (!ok) res.set("Retry-After", "5");
        res.json({ ok, checks });
      })
      .catch(next);
  });

  app.get("/metrics", (req, res, next) => {
    if (!metricsAllowed(req)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    metricsText()
      .then(({ body, contentType }) => res.set("Content-Type", contentType).set("Cache-Control", "no-store").send(body))
      .catch(next);
  });
}

/** A small page for answers given before Remix runs (no site shell: it must not need the database). */
function plainPage(status: number, title: string, body: string, requestId: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — Pawroute</title><link rel="icon" href="/favicon.svg"></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1d2a24"><p style="color:#9a4a2a;font-weight:800">${status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><p><a href="/">Back to the homepage</a></p><p style="font-size:.875rem;color:#51605a">Reference: <code>${escapeHtml(requestId)}</code></p></body></html>`;
}

/** Express's last resort (errors outside Remix): a plain 500 with the request id, never a stack trace. */
export function finalErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const { requestId } = locals(res);
  logger.error({ err: error, requestId }, "request failed outside Remix");
  res.status(500).type("html").send(plainPage(500, "Sorry, something went wrong", "We have been told about it. Please try again in a moment.", requestId));
}
