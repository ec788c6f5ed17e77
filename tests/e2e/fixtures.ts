import { test as base, expect } from "@playwright/test";
import { watchPageProblems } from "./support/page-problems";

const NOT_FOUND_LINE = "the server responded with a status of 404 (Not Found)";

interface TestOptions {
  /**
   * The page itself is expected to answer 404 (not-found pages, links to unbuilt pages). Chromium
   * logs that status as a console error; only the document's own line is let through, never a
   * missing asset's.
   */
  allowNotFoundDocument: boolean;
  /**
   * Let the newsletter modal open (it appears after 40 % scroll or exit intent). Off by default: tests
   * are returning visitors who have seen it, so it never covers what they click.
   */
  newsletterModal: boolean;
}

/**
 * Every test fails on a console error, an uncaught page error, or a request to any host but
 * localhost: the product must never call out to the network.
 */
export const test = base.extend<TestOptions>({
  allowNotFoundDocument: [false, { option: true }],
  newsletterModal: [false, { option: true }],

  page: async ({ page, allowNotFoundDocument, newsletterModal, baseURL }, provide) => {
    if (!newsletterModal && baseURL) await page.context().addCookies([{ name: "newsletter-modal", value: "seen", url: baseURL }]);
    const problems = watchPageProblems(page, (text, source) => allowNotFoundDocument && text.includes(NOT_FOUND_LINE) && source === page.url());

    await provide(page);

    expect(problems, "console errors, page errors or requests to other hosts").toEqual([]);
  },
});

export { expect };
