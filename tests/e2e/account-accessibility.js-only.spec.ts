import { createMember, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// /join, /account/login and /account/login/forgotten, and every account page as the (verified) demo member,
// are checked at 1280 and 390 px by axe-route-table.js-only.spec.ts (decision 0317). Here: the account
// pages as an unverified member (they carry the verification banner), one member, one page.
test("the account pages of an unverified member have no serious or critical accessibility violations", async ({ page }) => {
  await logInAs(page.context(), await createMember({ verified: false }));
  for (const path of ["/account", "/account/settings/", "/account/settings/address", "/account/settings/email", "/account/settings/password", "/account/settings/email-settings", "/account/set-username"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect.soft(await seriousViolations(page), path).toEqual([]);
  }
});

test("the settings modal has no serious or critical accessibility violations", async ({ page }) => {
  await logInAs(page.context(), await createMember());
  await page.goto("/account/settings/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: "Add address" }).click();
  await expect(page.getByRole("dialog").getByLabel("Country")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});

test.describe("form errors", () => {
  test.use({ allowClientErrors: true });
  test("the join form with errors has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto("/join");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: "Join Pawroute" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
