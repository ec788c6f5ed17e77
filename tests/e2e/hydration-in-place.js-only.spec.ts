import { expect, test } from "./fixtures";

// The production build hydrates with Preact (build-tools/preact.ts). Hydration must take
// over the server's HTML: the same elements, once each, not a second page rendered beside the first.

// Every page has these; the results pages have cards too.
const ALWAYS = ["head > title", "header.site-header", "main#main", "main h1", "footer.site-footer"];
const LANDMARKS = [...ALWAYS, ".result-card"];

for (const path of ["/", "/location?location=London", "/route?from=London&to=Leeds", "/bark-out"]) {
  test(`${path} hydrates in place: the server's elements are kept, and nothing is rendered twice`, async ({ page }) => {
    await page.addInitScript((selectors) => {
      document.addEventListener("DOMContentLoaded", () => {
        const found = selectors.map((selector) => document.querySelector(selector));
        (window as unknown as { serverLandmarks: (Element | null)[] }).serverLandmarks = found;
      });
    }, LANDMARKS);
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const kept = await page.evaluate((selectors) => {
      const before = (window as unknown as { serverLandmarks: (Element | null)[] }).serverLandmarks;
      return selectors.map((selector, i) => ({ selector, inServerHtml: before[i] !== null, same: before[i] !== null && before[i] === document.querySelector(selector) }));
    }, LANDMARKS);
    for (const { selector, inServerHtml, same } of kept) {
      if (ALWAYS.includes(selector)) expect(inServerHtml, selector).toBe(true);
      if (inServerHtml) expect(same, `${selector} is the server's element`).toBe(true);
    }
    for (const selector of ["html > head", "html > body", ...ALWAYS.filter((selector) => selector !== "main h1")]) {
      await expect(page.locator(selector), selector).toHaveCount(1);
    }
    await expect(page.locator("html html")).toHaveCount(0);
  });
}
