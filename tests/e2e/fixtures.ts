// The one base fixture of the end-to-end tests (decision 0311). Every spec imports `test` and `expect`
// from here (tests/e2e/support/test.ts re-exports them for older imports). It gives every test:
// - a failure on a console error, an uncaught page error, or a request to any host but localhost: the
//   product must never call out to the network;
// - a distinct client IP (X-Forwarded-For; the test server trusts it) on its page and its `request`, so
//   per-IP rate limits count only that test's attempts;
// - options to let through the console lines a test provokes on purpose (`allowNotFoundDocument`,
//   `allowClientErrors`) and to let the newsletter modal open (`newsletterModal`);
// - `reviewScreenshot`: pictures for people to look at, taken only with E2E_SCREENSHOTS=1;
// - a browser context kept for the worker's next test with the same options (support/kept-context.ts,
//   decision 0349), cleared between tests; `freshContext` gives a test one of its own.
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { uniqueIp } from "./support/accounts";
import { KeptContexts } from "./support/kept-context";
import { watchPageProblems } from "./support/page-problems";

const NOT_FOUND_LINE = "the server responded with a status of 404 (Not Found)";
const CLIENT_ERROR_LINE = /the server responded with a status of 4\d\d /;

interface TestOptions {
  /**
   * The page itself is expected to answer 404 (not-found pages, links to unbuilt pages). Chromium
   * logs that status as a console error; only the document's own line is let through, never a
   * missing asset's.
   */
  allowNotFoundDocument: boolean;
  /**
   * Forms answer bad input with a 4xx status (422, 400, 410, 429…), which Chromium logs as a console
   * error; tests that submit bad input on purpose let exactly those lines (from this server) through.
   */
  allowClientErrors: boolean;
  /** The X-Forwarded-For address of this test's page and `request`: a new one per test. */
  clientIp: string;
  /**
   * Let the newsletter modal open (it appears after 40 % scroll or exit intent). Off by default: tests
   * are returning visitors who have seen it, so it never covers what they click.
   */
  newsletterModal: boolean;
  /**
   * A browser context of this test's own, closed when it ends, instead of the worker's kept one (cleared
   * of cookies, storage, pages, routes and permissions between tests, but with a warm HTTP cache and renderer).
   */
  freshContext: boolean;
}

/** Playwright's own fixture that merges the context options of the config and `test.use` (private, but stable since 1.2x). */
interface ContextOptionsFixture {
  _combinedContextOptions: BrowserContextOptions;
}

export const test = base.extend<ContextOptionsFixture>({}).extend<TestOptions, { keptContexts: KeptContexts }>({
  keptContexts: [
    async ({ browserName: _browserName }, provide) => {
      const kept = new KeptContexts();
      await provide(kept);
      await kept.closeAll();
    },
    { scope: "worker" },
  ],
  context: async ({ browser, freshContext, keptContexts, _combinedContextOptions, baseURL }, provide) => {
    if (freshContext) {
      const context: BrowserContext = await browser.newContext(_combinedContextOptions);
      await provide(context);
      await context.close();
      return;
    }
    const lease = await keptContexts.lease(browser, _combinedContextOptions, baseURL);
    await provide(lease.context);
    await lease.release();
  },
  freshContext: [false, { option: true }],
  allowNotFoundDocument: [false, { option: true }],
  allowClientErrors: [false, { option: true }],
  newsletterModal: [false, { option: true }],
  clientIp: async ({ browserName: _browserName }, provide) => {
    await provide(uniqueIp());
  },

  page: async ({ page, allowNotFoundDocument, allowClientErrors, clientIp, newsletterModal, baseURL }, provide) => {
    if (!newsletterModal && baseURL) await page.context().addCookies([{ name: "newsletter-modal", value: "seen", url: baseURL }]);
    const problems = watchPageProblems(
      page,
      (text, source) =>
        (allowNotFoundDocument && text.includes(NOT_FOUND_LINE) && source === page.url()) ||
        (allowClientErrors && source.startsWith("http://localhost:") && CLIENT_ERROR_LINE.test(text)),
    );
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": clientIp });

    await provide(page);

    expect(problems, "console errors, page errors or requests to other hosts").toEqual([]);
  },

  request: async ({ playwright, clientIp, baseURL }, provide) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
    await provide(context);
    await context.dispose();
  },
});

/**
 * Pictures for a reviewer to look at by hand are taken only when E2E_SCREENSHOTS=1 (decision 0312):
 * nothing compares them, and a full-page capture costs a second or more of a shared core. Tests whose
 * only purpose is the picture are tagged `@review-screenshots`: playwright.config.ts leaves them out without it.
 */
export const REVIEW_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

export async function reviewScreenshot(target: Page | Locator, options: { path: string; fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } }): Promise<void> {
  if (REVIEW_SCREENSHOTS) await target.screenshot(options);
}

export { expect };
