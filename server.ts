// The HTTP server: Remix behind Express. Our own entry (not remix-serve) so that Ctrl-C and SIGTERM
// close the connection pool and the process exits (STACK-NOTES gotcha 5).
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { isCrossSite } from "./app/auth/origin.server";
import { closeDatabase, database } from "./app/db.server";
import { withErrorResponses } from "./app/error-response.server";
import { COMPRESSION_OPTIONS } from "./app/http/compression.server";
import { conditionalGet } from "./app/http/conditional.server";
import { contentVersion, RENDER_CACHE_BYTES, RENDER_CACHE_SETTLE_MS } from "./app/http/content-version.server";
import { createRenderCache } from "./app/http/render-cache.server";
import { ConfigError, getEnv } from "./app/env.server";
import { superviseJobWorker } from "./app/jobs/worker.server";
import { startMailCatcher, type MailCatcher } from "./app/mail/catcher.server";
import { withRequestOrigin } from "./app/mail/links.server";
import { closeMailTransport, configureMailTransport } from "./app/mail/transport.server";
import { ensureLocalSecret } from "./app/payments/local/secrets.server";
import { startLocalStripe, type LocalStripe } from "./app/payments/local/stripe-api.server";
import { startLocalPayPal, type LocalPayPal } from "./app/payments/local/paypal-api.server";
import { observeJobs } from "./app/ops/metrics.server";
import { finalErrorHandler, installOperations, loadContext, remixRoute, startDraining } from "./app/ops/http.server";
import { routeMatcher } from "./app/ops/route-id.server";
import { robotsTxt, trailingSlashRedirect } from "./app/http/seo.server";

function stop(message: string): never {
  process.stderr.write(`\u001b[31m✖ ${message}\u001b[0m\n`);
  process.exit(1);
}

let env;
try {
  env = getEnv();
} catch (error) {
  if (error instanceof ConfigError) stop(error.message);
  throw error;
}

try {
  await database().sql`SELECT 1`;
} catch (error) {
  stop(`Cannot reach the database at ${new URL(env.DATABASE_URL).host}: ${error instanceof Error ? error.message : String(error)}. Is it running? (npm run db:start)`);
}

// Mail goes to SMTP_URL; without one, to the local mail catcher (docs/decisions/0011-mail-and-jobs.md).
let catcher: MailCatcher | undefined;
if (env.SMTP_URL) {
  configureMailTransport(env.SMTP_URL);
} else {
  try {
    catcher = await startMailCatcher(env.MAIL_CATCHER_PORT, { logLinks: env.NODE_ENV !== "development" });
  } catch (error) {
    stop(`The local mail catcher could not start on port ${env.MAIL_CATCHER_PORT}: ${error instanceof Error ? error.message : String(error)}. Set MAIL_CATCHER_PORT=0 or SMTP_URL.`);
  }
  configureMailTransport(`smtp://127.0.0.1:${catcher.port}`, { local: true });
  console.log(
    env.NODE_ENV === "development"
      ? `Mail: SMTP_URL is not set, so mail goes to the local mail catcher (port ${catcher.port}): read it at http://localhost:${env.PORT}/dev/mail`
      : `Mail: SMTP_URL is not set, so mail is NOT delivered: the local mail catcher (port ${catcher.port}) keeps it in the caught_mail table and logs its links here. Set SMTP_URL to deliver mail.`,
  );
}

// Card payments: without STRIPE_SECRET_KEY (and no STRIPE_API_URL), a local stand-in of the Stripe API
// (cluster.ts starts one in the primary for all workers; docs/decisions/0121-local-payment-stand-ins.md).
// Their webhooks are signed with the installation's secret (PAYMENTS_LOCAL_SECRET, decision 0241).
if ((!env.STRIPE_SECRET_KEY || !env.PAYPAL_CLIENT_SECRET) && ensureLocalSecret())
  console.log("Payments: PAYMENTS_LOCAL_SECRET is not set, so the local stand-ins sign their webhooks with a secret made for this process (npm start keeps one in .data/).");
const webhookUrl = (provider: string) => `http://127.0.0.1:${env.PORT}/api/webhooks/${provider}`;
let localStripe: LocalStripe | undefined;
if (!env.STRIPE_SECRET_KEY && !process.env.STRIPE_API_URL) {
  try {
    localStripe = await startLocalStripe(env.STRIPE_LOCAL_PORT, { url: webhookUrl("stripe") });
  } catch (error) {
    stop(`The local Stripe stand-in could not start on port ${env.STRIPE_LOCAL_PORT}: ${error instanceof Error ? error.message : String(error)}. Set STRIPE_LOCAL_PORT=0.`);
  }
  process.env.STRIPE_API_URL = localStripe.url;
}
if (!env.STRIPE_SECRET_KEY) console.log("Payments: STRIPE_SECRET_KEY is not set, so card payments use the local stand-ins (test card 4242 4242 4242 4242; nothing is charged).");

// PayPal: without PAYPAL_CLIENT_SECRET (and no PAYPAL_API_URL), a local stand-in of PayPal's REST API
// (cluster.ts starts one in the primary for all workers; docs/decisions/0123-paypal-vault-and-stand-in.md).
let localPayPal: LocalPayPal | undefined;
if (!env.PAYPAL_CLIENT_SECRET && !process.env.PAYPAL_API_URL) {
  try {
    localPayPal = await startLocalPayPal(env.PAYPAL_LOCAL_PORT, { url: webhookUrl("paypal") });
  } catch (error) {
    stop(`The local PayPal stand-in could not start on port ${env.PAYPAL_LOCAL_PORT}: ${error instanceof Error ? error.message : String(error)}. Set PAYPAL_LOCAL_PORT=0.`);
  }
  process.env.PAYPAL_API_URL = localPayPal.url;
}
if (!env.PAYPAL_CLIENT_SECRET && env.PAYPAL_ENABLED) console.log("Payments: PAYPAL_CLIENT_SECRET is not set, so PayPal uses the local stand-ins (any email approves; nothing is charged).");

// Started again if it stops on an error (app/jobs/worker.server.ts); /readyz says when it is not running.
let worker: Awaited<ReturnType<typeof superviseJobWorker>>;
try {
  worker = await superviseJobWorker(observeJobs);
} catch (error) {
  stop(`The job worker could not start: ${error instanceof Error ? error.message : String(error)}`);
}

const production = env.NODE_ENV !== "development";
const vite = production
  ? undefined
  : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env.TRUST_PROXY);
// Brotli at quality 1 for browsers: the default, 4, cost a third of a page's render (decision 0208).
app.use(compression(COMPRESSION_OPTIONS));
// Request ids, JSON logs, security headers, /healthz, /readyz, /metrics (app/ops/http.server.ts).
installOperations(app, { queueRunning: () => worker.running() });

// Every POST (and other unsafe method) must come from this site: 403 for another site's form.
app.use((req, res, next) => {
  const crossSite = isCrossSite({
    method: req.method,
    origin: req.get("Origin"),
    secFetchSite: req.get("Sec-Fetch-Site"),
    host: req.get("X-Forwarded-Host") && env.TRUST_PROXY ? req.get("X-Forwarded-Host") : req.get("Host"),
    protocol: req.protocol,
    appUrl: env.PUBLIC_URL ?? env.APP_URL,
  });
  if (crossSite) {
    res.status(403).type("text/plain").send("Forms from other sites are not accepted here.");
    return;
  }
  next();
});

if (vite) {
  app.use(vite.middlewares);
} else {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // The other public files (the favicon, placeholders, map glyphs, the payment stand-ins' scripts) all
  // have an extension: a page, an API call or a .data request is not looked for on disk (a stat each).
  const publicFiles = express.static("build/client", { maxAge: "1h", index: false, redirect: false });
  app.use((req, res, next) => (/\.(?!data$)[A-Za-z0-9]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
}

// Every loader and action answers its errors through app/error-response.server.ts.
// The route table also names each request's route for the metrics (remixRoute below).
let routeIdOf: ((pathname: string) => string | null) | undefined;
function loaded(serverBuild: ServerBuild): ServerBuild {
  routeIdOf = routeMatcher(serverBuild.routes);
  return withErrorResponses(serverBuild);
}
const build = vite
  ? () => (vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>).then(loaded)
  : // From the working directory (the project root), as the static files are: this module also runs bundled, from build/entry/.
    loaded((await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild);

// Links built while handling a request (share, canonical, mail) use PUBLIC_URL, else this request's origin.
app.use((req, _res, next) => withRequestOrigin(`${req.protocol}://${(env.TRUST_PROXY && req.get("X-Forwarded-Host")) || req.get("Host") || `localhost:${env.PORT}`}`, next));
// robots.txt, and one address per page: a trailing slash is sent to the address without it (decision 0257).
app.get("/robots.txt", robotsTxt);
app.use(trailingSlashRedirect);
// Anonymous search and listing pages: ETag, 304 and Cache-Control, varying on the cookie, and answered
// from the render cache while the data they show is unchanged (issue 17, decision 0176).
const renderCache = createRenderCache({ ttlMs: env.RENDER_CACHE_SECONDS * 1000, settleMs: RENDER_CACHE_SETTLE_MS, maxBytes: RENDER_CACHE_BYTES, readVersion: contentVersion });
app.all("*", remixRoute(() => routeIdOf), conditionalGet(renderCache), createRequestHandler({ build, mode: env.NODE_ENV, getLoadContext: loadContext }));
app.use(finalErrorHandler);

const server = app.listen(env.PORT, () => {
  console.log(`Pawroute is serving on http://localhost:${env.PORT}`);
});
server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") stop(`Port ${env.PORT} is already in use. Stop the other program or set PORT to another port.`);
  stop(`The server could not start: ${error.message}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests and jobs in progress…`);
  // Stop taking new work, let requests in flight finish (at most 10 s), then the running jobs.
  startDraining();
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = setTimeout(() => server.closeAllConnections(), 10_000);
  await Promise.allSettled([drained, worker.stop(), catcher?.close(), localStripe?.close(), localPayPal?.close(), vite?.close()]);
  clearTimeout(deadline);
  closeMailTransport();
  await closeDatabase();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
