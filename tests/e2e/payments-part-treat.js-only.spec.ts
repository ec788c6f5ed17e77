import type { Page } from "@playwright/test";
import { createMember, database, logInAs } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./fixtures";

// The part-paying Treat ("A month of Premium at half price", db/seed/treats.ts) used as payment with a
// card (issue 48, decision 0238): at /payment while not subscribed, and on the renew page while subscribed.

async function award(userId: number): Promise<number> {
  const [row] = await database()<{ id: number }[]>`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at)
    SELECT ${userId}, id, 'award', now() + interval '30 days' FROM treat_options WHERE slug = 'premium-month-half-price' AND deleted_at IS NULL
    RETURNING id`;
  if (!row) throw new Error("The demo Treat premium-month-half-price is missing: run npm run db:seed.");
  return row.id;
}

async function fillCard(page: Page, number = "4242 4242 4242 4242") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
}

async function used(id: number): Promise<boolean> {
  const [row] = await database()<{ used: boolean }[]>`SELECT redeemed_at IS NOT NULL AS used FROM awarded_treats WHERE id = ${id}`;
  return row.used;
}

async function receiptsOf(userId: number) {
  return database()<{ amount_pence: number; discount_pence: number }[]>`SELECT amount_pence, discount_pence FROM receipts WHERE user_id = ${userId} ORDER BY id`;
}

test("half price while not subscribed: /payment takes £2.49 off the first month paid by card", async ({ page }) => {
  const member = await createMember();
  const treat = await award(member.id);
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  await page.getByRole("link", { name: "Use your Treat “A month of Premium at half price” (50% off)" }).click();
  await expect(page.getByText("Using your Treat “A month of Premium at half price”: £2.49 off.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await fillCard(page);
  await page.getByRole("button", { name: "Pay £2.50", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
  expect(await receiptsOf(member.id)).toEqual([{ amount_pence: 250, discount_pence: 249 }]);
  expect(await used(treat)).toBe(true);
});

test("half price while subscribed: the renew page takes it off the renewal paid by card", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  await fillCard(page);
  await page.getByRole("button", { name: "Pay £4.99", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
  const treat = await award(member.id);
  await page.goto("/account/subscriptions/renew");
  await page.getByRole("link", { name: "Use your Treat “A month of Premium at half price” (50% off)" }).click();
  await expect(page.getByText("this renewal costs £2.50")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Renew for £2.50 with your Visa card ending 4242" }).click();
  await expect(page).toHaveURL(/\/account\/subscriptions$/);
  await expect(page.getByText(/Your subscription has been renewed and now expires on/)).toBeVisible();
  expect(await receiptsOf(member.id)).toEqual([
    { amount_pence: 499, discount_pence: 0 },
    { amount_pence: 250, discount_pence: 249 },
  ]);
  expect(await used(treat)).toBe(true);
});
