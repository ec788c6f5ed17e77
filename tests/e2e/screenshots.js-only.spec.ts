import { reviewScreenshot, test } from "./fixtures";

// Full-page pictures for people to look at (tests/e2e/screenshots/ is gitignored); the server-rendered
// page is the same with and without JavaScript, so only the js project runs this file (*.js-only.spec.ts).
test.use({ allowNotFoundDocument: true });
// Pictures only (the pages themselves are checked by axe-route-table.js-only.spec.ts): tagged
// @review-screenshots, which playwright.config.ts runs only with E2E_SCREENSHOTS=1 (decision 0312).

const PAGES = [
  ["home", "/"],
  ["not-found", "/no-such-page"],
] as const;

for (const width of [1280, 390]) {
  for (const [name, path] of PAGES) {
    test(`screenshot of the ${name} page at ${width} px @review-screenshots`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/${name}-${width}.png`, fullPage: true });
    });
  }
}
