import { atEachWidth, seriousViolations } from "./support/axe";
import type { Page } from "@playwright/test";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, REVIEW_SCREENSHOTS, reviewScreenshot, test } from "./fixtures";

// Paying for a plan the way a member does, with JavaScript: the card form is Stripe Elements on the
// local Stripe.js stand-in (no request leaves the machine; the fixture fails a test that tries).

async function fillCard(page: Page, number: string, expiry = "12 / 34", cvc = "123") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry date (MM / YY)").fill(expiry);
  await page.getByLabel("Security code (CVC)").fill(cvc);
}

async function money(userId: number) {
  const [row] = await database()<{ receipts: number; subscriptions: number }[]>`
    SELECT (SELECT count(*)::int FROM receipts WHERE user_id = ${userId}) AS receipts,
           (SELECT count(*)::int FROM subscriptions WHERE user_id = ${userId}) AS subscriptions`;
  return row;
}

async function openPayment(page: Page, option = "annual") {
  await page.goto("/subscriptions");
  await page.getByRole("link", { name: `Choose ${option === "annual" ? "Annual" : "Monthly"}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payment\\?option=${option}`));
  await expect(page.getByLabel("Card number")).toBeVisible();
}

test("choose a plan, pay by card, see the confirmation, the receipt and the subscription", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await openPayment(page);
  await fillCard(page, "4242 4242 4242 4242");
  // A double click pays once.
  await page.getByRole("button", { name: "Pay £39.99" }).dblclick();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Annual subscription is active until")).toBeVisible();
  expect(await money(member.id)).toEqual({ receipts: 1, subscriptions: 1 });
  await page.getByRole("link", { name: "See your receipt" }).click();
  await expect(page.getByRole("heading", { name: "Receipts" })).toBeVisible();
  await page.locator(".receipts summary").first().click();
  await expect(page.getByText("Visa card ending 4242")).toBeVisible();
  await page.getByRole("link", { name: /Printable receipt/ }).click();
  await expect(page.getByRole("heading", { name: /Receipt PR-/ })).toBeVisible();
  await expect(page.getByText("£39.99")).toBeVisible();
});

test("extra authentication in two rounds: the bank asks twice, then the subscription starts once", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await openPayment(page, "monthly");
  await fillCard(page, "4000 0000 0000 3220");
  await page.getByRole("button", { name: "Pay £4.99" }).click();
  const bank = page.getByRole("dialog", { name: "Authenticate this payment" });
  for (let round = 0; round < 2; round++) {
    await expect(bank, `round ${round + 1}`).toBeVisible();
    // Each round is over when the bank has answered. Waiting for the dialog to be hidden raced: the next
    // round's dialog can open before the check looks, and then it waited on that one.
    const answered = page.waitForResponse((r) => /\/v1\/payment_intents\/[^/]+\/authenticate$/.test(new URL(r.url()).pathname) && r.request().method() === "POST");
    await bank.getByRole("button", { name: "Complete authentication" }).click();
    expect((await answered).ok(), `round ${round + 1} answered`).toBe(true);
  }
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
  // Two rounds, not three: no bank dialog is left open.
  await expect(bank).toHaveCount(0);
  expect(await money(member.id)).toEqual({ receipts: 1, subscriptions: 1 });
});

test.describe("card errors", () => {
  test.use({ allowClientErrors: true });
  test("each card error shows the spec's message word for word", async ({ page }) => {
    const member = await createMember();
    await logInAs(page.context(), member);
    await openPayment(page, "monthly");
    const cases: [string, string, string?, string?][] = [
      ["4242", "Sorry, your card number is invalid"],
      ["4242 4242 4242 4241", "Sorry, your card number is incorrect"],
      ["4242 4242 4242 4242", "Sorry, your security code is invalid", "12 / 34", "1"],
      ["4000 0000 0000 0127", "Sorry, your security code is incorrect"],
      ["4000 0000 0000 9995", "Sorry, your card has insufficient funds. Please try again with a different card."],
      ["4000 0000 0000 0069", "Sorry, your card has expired. Please try again with a different card."],
      ["4000 0000 0000 0002", "Sorry, your card has been declined. Please try again."],
      ["4000 0000 0000 9987", "Sorry, your card has been declined. Please contact your card issuer."],
      ["4000 0000 0000 0044", "You cannot use a test card in the live environment"],
      ["4242 4242 4242 4242", "Your card's expiration year is in the past.", "01 / 20"],
      ["4000 0000 0000 0119", "Sorry, a payment error occurred. Please try again."],
    ];
    for (const [number, message, expiry, cvc] of cases) {
      await fillCard(page, number, expiry, cvc);
      await page.getByRole("button", { name: "Pay £4.99" }).click();
      await expect(page.getByRole("alert")).toHaveText(message);
    }
    expect(await money(member.id)).toEqual({ receipts: 0, subscriptions: 0 });
  });
});

test("renew, cancel and enable auto-renewal, switch plan", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await openPayment(page, "monthly");
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £4.99" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });

  await page.goto("/account/subscriptions");
  await page.getByRole("link", { name: "Renew now" }).click();
  await page.getByRole("button", { name: /Renew for £4.99 with your Visa card ending 4242/ }).click();
  await expect(page.getByRole("status")).toHaveText(/^Your subscription has been renewed and now expires on \d\d\/\d\d\/\d\d\.$/);

  await page.getByRole("link", { name: "Cancel auto-renewal" }).click();
  await page.getByRole("button", { name: "Cancel auto-renewal" }).click();
  await expect(page.getByRole("status")).toContainText("Automatic renewal has been cancelled");
  await page.getByRole("link", { name: "Enable auto-renewal" }).click();
  await page.getByRole("button", { name: "Enable auto-renewal" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Automatic renewal has been enabled for your subscription\. Your subscription will be automatically renewed on \d\d\/\d\d\/\d\d\.$/);

  await page.getByRole("link", { name: "Switch plan" }).click();
  await page.getByRole("button", { name: "Switch to Annual" }).click();
  await expect(page).toHaveURL(/\/subscription-update\?from=monthly&to=annual/);
  await expect(page.getByText("You have switched from Monthly to Annual.")).toBeVisible();
  expect(await money(member.id)).toEqual({ receipts: 3, subscriptions: 2 });
});

// Each state reached once at 390 px, checked, widened to 1280 px and checked again (atEachWidth, decision 0337).
test("screenshots at 1280 and 390 px, and no serious accessibility violations", async ({ page }) => {
  test.setTimeout(180_000);
  const member = await createMember();
  await logInAs(page.context(), member);
  const widths = [
    { width: 390, height: 900 },
    { width: 1280, height: 900 },
  ];
  for (const [name, path] of [
    ["subscriptions", "/subscriptions"],
    ["payment", "/payment?option=annual"],
  ] as const) {
    await atEachWidth(
      page,
      async () => {
        await page.goto(path);
        if (name === "subscriptions") await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        else await expect(page.getByLabel("Card number")).toBeVisible();
      },
      async (width) => {
        expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
        await reviewScreenshot(page, { path: `test-results/screens/${name}-${width}.png`, fullPage: true });
      },
      widths,
    );
  }
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £39.99" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
  if (REVIEW_SCREENSHOTS) {
    for (const { width, height } of widths) {
      await page.setViewportSize({ width, height });
      await page.reload();
      await reviewScreenshot(page, { path: `test-results/screens/confirmation-${width}.png`, fullPage: true });
      await page.goto("/account/subscriptions");
      await reviewScreenshot(page, { path: `test-results/screens/account-subscriptions-${width}.png`, fullPage: true });
      await page.goBack();
    }
  }
  // The receipts with the first one open, checked at each width with it still open.
  await atEachWidth(
    page,
    async () => {
      await page.goto("/account/receipts");
      await page.locator(".receipts summary").first().click();
    },
    async (width) => {
      await expect(page.locator(".receipts details").first(), `open at ${width} px`).toHaveAttribute("open", "");
      expect(await seriousViolations(page), `/account/receipts at ${width} px`).toEqual([]);
      await reviewScreenshot(page, { path: `test-results/screens/receipts-${width}.png`, fullPage: true });
    },
    widths,
  );
});

test("an administrator cancels a member's auto-renewal from the user page, after confirming", async ({ page }) => {
  const admin = await createMember({ admin: true });
  const member = await createMember();
  await database()`INSERT INTO subscriptions (user_id, plan, expires_at, auto_renew) VALUES (${member.id}, 'annual', now() + interval '200 days', true)`;
  await logInAs(page.context(), admin);
  await page.goto(`/account/admin/users/${member.id.toString(16)}`);
  await page.getByRole("button", { name: "Cancel auto-renewal" }).click();
  await expect(page.getByText("Are you sure you want to cancel auto-renewal for this subscription?")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel auto-renewal" }).click();
  await expect(page.getByRole("status")).toHaveText("Auto-renewal for this subscription has been successfully cancelled");
  const [row] = await database()<{ auto_renew: boolean }[]>`SELECT auto_renew FROM subscriptions WHERE user_id = ${member.id}`;
  expect(row.auto_renew).toBe(false);
});
