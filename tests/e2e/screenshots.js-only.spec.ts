import { test } from "./fixtures";

// Full-page pictures for people to look at (tests/e2e/screenshots/ is gitignored); the server-rendered
// page is the same with and without JavaScript, so only the js project runs this file (*.js-only.spec.ts).
test.use({ allowNotFoundDocument: true });

const PAGES = [
  ["home", "/"],
  ["not-found", "/no-such-page"],
] as const;

for (const width of [1280, 390]) {
  for (const [name, path] of PAGES) {
    test(`screenshot of the ${name} page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.screenshot({ path: `tests/e2e/screenshots/${name}-${width}.png`, fullPage: true });
    });
  }
}
