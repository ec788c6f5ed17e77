// Fixtures for the account tests: the project's rules (a console error, a page error or a request off
// the machine fails the test; see ../fixtures.ts) plus
// - a distinct client IP per test (X-Forwarded-For; the test server trusts it), so per-IP rate limits
//   count only that test's attempts;
// - `allowClientErrors`: forms answer bad input with a 4xx status (422, 400, 410, 429…), which Chromium
//   logs as a console error; tests that submit bad input on purpose let exactly those lines through.
import { test as base, expect } from "@playwright/test";
import { uniqueIp } from "./accounts";
import { watchPageProblems } from "./page-problems";

const CLIENT_ERROR_LINE = /the server responded with a status of 4\d\d /;

interface AccountOptions {
  allowClientErrors: boolean;
  clientIp: string;
  /**
   * Let the newsletter modal open (it appears after 40 % scroll or exit intent). Off by default: tests
   * are returning visitors who have seen it, so it never covers what they click.
   */
  newsletterModal: boolean;
}

export const test = base.extend<AccountOptions>({
  allowClientErrors: [false, { option: true }],
  newsletterModal: [false, { option: true }],
  clientIp: async ({ browserName: _browserName }, provide) => {
    await provide(uniqueIp());
  },
  page: async ({ page, allowClientErrors, clientIp, newsletterModal, baseURL }, provide) => {
    if (!newsletterModal && baseURL) await page.context().addCookies([{ name: "newsletter-modal", value: "seen", url: baseURL }]);
    const problems = watchPageProblems(page, (text, source) => allowClientErrors && source.startsWith("http://localhost:") && CLIENT_ERROR_LINE.test(text));
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

export { expect };
