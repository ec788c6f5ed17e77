import { expect, test } from "./fixtures";

// The login page is not built yet, so the redirect lands on the 404 page: only the target URL matters.
test.use({ allowNotFoundDocument: true });

const LOGIN_TARGET = "/account/login/?redirectTo=%2Faccount%2Fadmin";

test("a visitor opening the admin area is sent to log in and back", async ({ page, request }) => {
  const direct = await request.get("/account/admin", { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe(LOGIN_TARGET);

  await page.goto("/account/admin");
  const landed = new URL(page.url());
  expect(landed.pathname + landed.search).toBe(LOGIN_TARGET);
});
