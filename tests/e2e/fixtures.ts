import { test as base, expect } from "@playwright/test";
import { isRouterAbortLog, watchOffMachineRequests } from "./support/off-machine";

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
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const source = message.location().url;
      if (allowNotFoundDocument && message.text().includes(NOT_FOUND_LINE) && source === page.url()) return;
      if (isRouterAbortLog(message.text(), source)) return;
      problems.push(`console error: ${message.text()} (at ${source || "unknown"})`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    watchOffMachineRequests(page.context(), problems);

    await provide(page);

    expect(problems, "console errors, page errors or requests to other hosts").toEqual([]);
  },
});

export { expect };
