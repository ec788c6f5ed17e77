import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against the production build (`npx remix vite:build` first), on Debian's Chromium
// (STACK-NOTES gotcha 6): never `npx playwright install`. Its headless shell, Playwright's own headless
// default, spends half the full browser's CPU a page (docs/decisions/0190); E2E_CHROMIUM=/usr/bin/chromium
// runs the full browser instead.
// E2E_PORT lets `npm test` pick free ports when another run holds 3100.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
const TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:55432/pawroute_test";
const TEST_SESSION_SECRET = "e2e-only-session-secret-0123456789abcdef";
// The app sends mail over SMTP to tests/e2e/support/mail-sink.ts; tests read it back over HTTP.
const MAIL_SINK_SMTP_PORT = PORT + 25;
const MAIL_SINK_HTTP_PORT = PORT + 26;
// The stand-ins' webhook secret, made per run (decision 0241); the workers inherit it from this process.
process.env.PAYMENTS_LOCAL_SECRET ??= randomBytes(32).toString("hex");

if (!existsSync("build/server/index.js") || !existsSync("build/entry/server.js")) {
  throw new Error("No production build found: run `npx remix vite:build` before `npx playwright test`.");
}

const CHROMIUM = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell";
if (!existsSync(CHROMIUM)) {
  throw new Error(`No browser at ${CHROMIUM}: \`npm test\` installs it, or run \`apt-get install -y chromium-headless-shell\`.`);
}

/**
 * Specs whose journeys are the same with and without JavaScript (links, server-rendered pages, redirects of
 * GETs): the js project alone runs them. A spec that posts a form or branches on `javaScriptEnabled` is not
 * listed: its no-JS path (post + redirect) is a different path.
 */
const SAME_WITHOUT_JS = ["account-bad-input", "auth-authorisation", "not-found", "premium-access", "search-invalid-rows"].map(
  (name) => new RegExp(`/${name}\\.spec\\.ts$`),
);

/**
 * Tests that only take pictures for a reviewer (tagged @review-screenshots, decision 0312): run only with
 * E2E_SCREENSHOTS=1, as nothing else checks what they take.
 */
const PICTURES_ONLY = process.env.E2E_SCREENSHOTS === "1" ? [] : [/@review-screenshots\b/];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  // One retry on CI: a 2-core machine under load can miss a wait; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  // The longest journeys (write a post, preview, publish, delete; a draft edited and submitted) took over
  // 30 s on a loaded 2-core machine, and single steps over 5 s: give them room; a hang still fails.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL,
    // The offline layer's service worker (issue 53) would answer navigations, out of page.route's and the
    // off-machine watch's sight: blocked, but in the specs that test it (test.use({ serviceWorkers: "allow" })).
    serviceWorkers: "block",
    // A trace of the retry only: recording every test (screencast and DOM snapshots) slows the whole run.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // The kept contexts (tests/e2e/support/kept-context.ts, decision 0349) reuse one renderer process for
        // their pages, with its compiled scripts, instead of starting one per test.
        "--renderer-process-limit=1",
        // No request leaves the machine: every other host name resolves to nothing (the fixtures also
        // fail a test that tries; tests/e2e/support/off-machine.ts).
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
      ],
    },
  },
  // Which project runs what (decision 0310): the js project runs every test once. The no-js project runs
  // only what can differ without JavaScript: forms posting and redirecting, the server-rendered fallbacks.
  // It leaves out *.js-only.spec.ts (axe, maps, hydration need JavaScript), tests tagged @http (they never
  // open a page: a request is the same whatever the browser; fixture `request`), tests tagged
  // @same-without-js (they read server-rendered pages, follow links or redirects and post nothing: decision
  // 0317), and the files listed in SAME_WITHOUT_JS, whose pages post nothing and have no no-JS path of their own.
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true }, grepInvert: PICTURES_ONLY },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false }, testIgnore: [/\.js-only\.spec\.ts$/, ...SAME_WITHOUT_JS], grepInvert: [/@http\b|@same-without-js\b/, ...PICTURES_ONLY] },
  ],
  webServer: [
    {
      command: "node_modules/.bin/tsx tests/e2e/support/mail-sink.ts",
      url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      stdout: "ignore",
      stderr: "pipe",
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT), MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT) },
    },
    {
      // The bundled entry, as npm start runs it (build-tools/server-entry.ts).
      command: "node build/entry/server.js",
      url: `${baseURL}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        COOKIE_SECURE: "false",
        DATABASE_URL: process.env.DATABASE_URL ?? TEST_DATABASE_URL,
        SESSION_SECRET: process.env.SESSION_SECRET ?? TEST_SESSION_SECRET,
        PAYMENTS_LOCAL_SECRET: process.env.PAYMENTS_LOCAL_SECRET,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`,
        APP_URL: baseURL,
        // Tests give each browser its own X-Forwarded-For address, so per-IP rate limits do not leak between tests.
        TRUST_PROXY: "true",
        // Its own job queue: another app server on the same database (a developer's, with its own mail
        // catcher) must not pick up, and so swallow, the mail these tests wait for.
        JOB_QUEUE_SCHEMA: "graphile_worker_e2e",
      },
    },
  ],
});
