import { expect, test } from "./fixtures";

test.use({ allowNotFoundDocument: true });

test("an unknown URL answers 404 with the not-found page inside the site shell", async ({ page }) => {
  const response = await page.goto("/no-such-place/at-all?really=yes");
  expect(response?.status()).toBe(404);

  await expect(page).toHaveTitle("Page not found — Pawroute");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find that page");
  await expect(page.getByRole("banner").getByRole("link", { name: /Pawroute/ })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "GeoNames" })).toBeVisible();

  await page.getByRole("link", { name: "Back to the homepage" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("UK and France");
});
