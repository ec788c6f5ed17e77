// With JavaScript on, a page loaded by `page.goto` is not interactive for React until it has hydrated:
// the load event can come first on a loaded machine, and a field chosen or a button clicked in that gap
// goes to the server-rendered form (app/entry.client.tsx keeps those events from React). Tests act as
// a user who waits for the page, so `goto` (with its default `load`) also waits for the root layout's
// data-hydrated flag. A test that means to act before hydration passes another `waitUntil`.
import type { Page } from "@playwright/test";

const HYDRATION_TIMEOUT = 20_000;

export function gotoWaitsForHydration(page: Page, javaScriptEnabled: boolean): void {
  if (!javaScriptEnabled) return;
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const waitUntil = options?.waitUntil ?? "load";
    const html = (response?.headers()["content-type"] ?? "").startsWith("text/html");
    if (html && (waitUntil === "load" || waitUntil === "networkidle")) {
      await page.locator("html[data-hydrated='true']").waitFor({ state: "attached", timeout: HYDRATION_TIMEOUT });
    }
    return response;
  };
}
