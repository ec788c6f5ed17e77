import { expect, test } from "./fixtures";

const LOGIN_TARGET = "/account/login/?redirectTo=%2Faccount%2Fadmin";

test("a visitor opening the admin area is sent to log in and back", async ({ page, request }) => {
  const direct = await request.get("/account/admin", { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe(LOGIN_TARGET);

  await page.goto("/account/admin");
  const landed = new URL(page.url());
  expect(landed.pathname + landed.search).toBe(LOGIN_TARGET);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
});

test("the README's demo administrator logs in and reaches the admin area", async ({ page }) => {
  await page.goto("/account/admin");
  await page.getByLabel("Email address").fill("admin@pawroute.test");
  await page.getByLabel("Password").fill("pawroute-admin");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account\/admin$/);
});

test("the README's demo member logs in and sees their Treat Points", async ({ page }) => {
  await page.goto("/account/login/");
  await page.getByLabel("Email address").fill("member@pawroute.test");
  await page.getByLabel("Password").fill("pawroute-member");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Hello, demo_member!" })).toBeVisible();
});
