import { createMember, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

for (const path of ["/join", "/account/login/", "/account/login/forgotten"]) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const path of ["/account", "/account/settings/", "/account/settings/address", "/account/settings/email", "/account/settings/password", "/account/settings/email-settings", "/account/set-username"]) {
  test(`${path} (unverified member) has no serious or critical accessibility violations`, async ({ page }) => {
    await logInAs(page.context(), await createMember({ verified: false }));
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

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
