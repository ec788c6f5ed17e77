import { createMember, logInAs, sessionCookieValue } from "./support/accounts";
import { expect, reviewScreenshot, test } from "./fixtures";

// Pictures for people to look at (tests/e2e/screenshots/ is gitignored).
for (const width of [1280, 390]) {
  for (const [name, path] of [
    ["join", "/join"],
    ["login", "/account/login/"],
    ["forgotten", "/account/login/forgotten"],
  ] as const) {
    // Pictures only (the pages themselves are checked by axe-route-table.js-only.spec.ts): run with E2E_SCREENSHOTS=1.
    test(`screenshot of the ${name} page at ${width} px @review-screenshots`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      if (name === "forgotten") await expect(page.locator("altcha-widget .altcha")).toBeVisible();
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-${name}-${width}.png`, fullPage: true });
    });
  }

  // Pictures only (the modal itself: account-settings.spec.ts; the pages: the axe walk): run with E2E_SCREENSHOTS=1.
  test(`screenshot of the settings page and its modal at ${width} px @review-screenshots`, async ({ page }) => {
    const member = await createMember({ verified: false });
    await sessionCookieValue(member, "Mozilla/5.0 (Windows NT 10.0) Firefox/128.0");
    await logInAs(page.context(), member);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/account/settings/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-settings-${width}.png`, fullPage: true });
    await page.getByRole("link", { name: "Change password" }).click();
    await expect(page.getByRole("dialog").getByLabel("Current password")).toBeVisible();
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-settings-modal-${width}.png` });
    await page.goto("/account");
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-home-${width}.png`, fullPage: true });
  });
}
