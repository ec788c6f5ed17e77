import { expect, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

test.use({ allowNotFoundDocument: true });

// axe runs inside the page, so it needs JavaScript: only the js project runs *.js-only.spec.ts files;
// the no-js project gets the same server-rendered DOM.

for (const [name, path] of [
  ["homepage", "/"],
  ["404 page", "/no-such-page"],
] as const) {
  test(`the ${name} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the ${name} with the mobile menu open has no serious or critical violations`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await page.getByText("Menu", { exact: true }).click();
    await expect(page.locator(".mobile-menu")).toHaveAttribute("open", "");
    expect(await seriousViolations(page)).toEqual([]);
  });
}
