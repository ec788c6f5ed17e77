import { seriousViolations } from "./support/axe";
import type { Page } from "@playwright/test";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, reviewScreenshot, test } from "./fixtures";

// Wallets (Apple Pay / Google Pay through Stripe.js' paymentRequest) and changing the card used for
// renewals, with JavaScript, on the local Stripe.js stand-in. A test says the browser has a wallet by
// setting window.LocalStripeWallet before the page loads (public/local/stripe.js).

async function fillCard(
  page: Page,
  number: string,
  expiry = "12 / 34",
  cvc = "123"
) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date (MM / YY)").fill(expiry);
  await page.getByLabel("Security code (CVC)").fill(cvc);
}


async function withWallet(page: Page, type: "applePay" | "googlePay") {
  await page.addInitScript((wallet) => {
    Object.assign(window, { LocalStripeWallet: { type: wallet } });
  }, type);
}

async function renewalCardOf(userId: number) {
  const [row] = await database()<{ brand: string; last4: string }[]>`
    SELECT m.brand, m.last4 FROM subscriptions s JOIN payment_methods m ON m.id = s.payment_method_id WHERE s.user_id = ${userId} AND s.ended_at IS NULL`;
  return row ?? null;
}

async function subscribeByCard(page: Page) {
  await page.goto("/payment?option=monthly");
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £4.99", exact: true }).click();
  await expect(
    page.getByRole("heading", { name: "Thank you for subscribing" })
  ).toBeVisible({ timeout: 20_000 });
}

test("a browser without a wallet is offered no wallet button", async ({
  page,
}) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expect(
    page.getByRole("button", { name: /Apple Pay|Google Pay/ })
  ).toHaveCount(0);
});

test("Google Pay: the wallet asks for GB, GBP and the amount in pence, then pays through the card path", async ({
  page,
}) => {
  await withWallet(page, "googlePay");
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly&discount=WOOF10");
  await page.getByRole("button", { name: "Pay £4.50 with Google Pay" }).click();
  const sheet = page.getByRole("dialog", {
    name: "Google Pay (local test wallet)",
  });
  await expect(sheet).toContainText("Pawroute Monthly subscription: £4.50");
  await expect(sheet).toContainText(
    "Country GB, currency GBP, amount 450 (smallest unit)."
  );
  await sheet.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(
    page.getByRole("heading", { name: "Thank you for subscribing" })
  ).toBeVisible({ timeout: 20_000 });
  const [receipt] = await database()<
    { amount_pence: number; payment_description: string }[]
  >`SELECT amount_pence, payment_description FROM receipts WHERE user_id = ${member.id}`;
  expect(receipt).toEqual({
    amount_pence: 450,
    payment_description: "Visa card ending 4242",
  });
  expect(await renewalCardOf(member.id)).toEqual({
    brand: "visa",
    last4: "4242",
  });
});

test("Apple Pay: cancelling the wallet sheet changes nothing and the button works again", async ({
  page,
}) => {
  await withWallet(page, "applePay");
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/payment?option=annual");
  const button = page.getByRole("button", {
    name: "Pay £39.99 with Apple Pay",
  });
  await button.click();
  await page
    .getByRole("dialog", { name: "Apple Pay (local test wallet)" })
    .getByRole("button", { name: "Cancel" })
    .click();
  await expect(button).toBeEnabled();
  const [row] = await database()<
    { count: number }[]
  >`SELECT count(*)::int AS count FROM subscriptions WHERE user_id = ${member.id}`;
  expect(row.count).toBe(0);
});

test.describe("changing the card used for renewals", () => {
  test.use({ allowClientErrors: true });
  test("the member sees the current card, a declined card is refused word for word, a new card replaces it", async ({
    page,
  }) => {
    const member = await createMember();
    await logInAs(page.context(), member);
    await subscribeByCard(page);
    await page.goto("/account/subscriptions");
    await page.getByRole("link", { name: "Change card" }).click();
    await expect(page).toHaveURL(/\/account\/payment\/change$/);
    await expect(
      page.getByText("Visa ending 4242, expires 12/34")
    ).toBeVisible();
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Sorry, your card has been declined. Please try again."
    );
    await fillCard(page, "5555 5555 5555 4444", "11 / 33");
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Your new card has been saved. Your subscription will renew with it."
    );
    await expect(
      page.getByText("Mastercard ending 4444, expires 11/33")
    ).toBeVisible();
    expect(await renewalCardOf(member.id)).toEqual({
      brand: "mastercard",
      last4: "4444",
    });
    await page.goto("/account/change-payment-method");
    await expect(
      page.getByText("Mastercard ending 4444, expires 11/33")
    ).toBeVisible();
    // The renewal uses the new card.
    await page.goto("/account/subscriptions/renew");
    await expect(
      page.getByRole("button", {
        name: /with your Mastercard card ending 4444/,
      })
    ).toBeVisible();
  });
});

test("screenshots at 1280 and 390 px of the Treat and wallet payment page and the change-card page; no serious axe violations", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await withWallet(page, "googlePay");
  const member = await createMember();
  await database()`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at)
    SELECT ${member.id}, id, 'award', now() + interval '30 days' FROM treat_options WHERE slug = 'premium-free-month'`;
  await logInAs(page.context(), member);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/payment?option=monthly");
    await expect(
      page.getByRole("button", { name: "Pay £4.99 with Google Pay" })
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await reviewScreenshot(page, {
      path: `test-results/screens/payment-treat-wallet-${width}.png`,
      fullPage: true,
    });
  }
  await subscribeByCard(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/account/payment/change");
    await expect(page.getByLabel("Card number")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await reviewScreenshot(page, {
      path: `test-results/screens/payment-change-${width}.png`,
      fullPage: true,
    });
  }
});
