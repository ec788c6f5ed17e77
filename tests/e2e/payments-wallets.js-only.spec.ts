import type { Page } from "@playwright/test";
import { createMember, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// Wallets for real (decision 0242): the browser's Payment Request API is allowed on the payment pages
// (Permissions-Policy payment=(self "https://js.stripe.com")) and refused everywhere else; the payment
// page brings the card form into view on phones (spec §9, 760 px) and shows the card brands beside it.

/** What Stripe.js does before it offers a wallet: construct a PaymentRequest. */
function paymentRequestAllowed(page: Page): Promise<string> {
  return page.evaluate(() => {
    try {
      new PaymentRequest([{ supportedMethods: "basic-card" }], { total: { label: "Pawroute", amount: { currency: "GBP", value: "4.99" } } });
      return "allowed";
    } catch (error) {
      return error instanceof DOMException ? error.name : String(error);
    }
  });
}

test("the Payment Request API is allowed on the payment pages and refused elsewhere", async ({ browser, baseURL }) => {
  // Its own page: Chromium logs each refusal as a console error, which the shared fixture would fail on;
  // here the refusals are what is tested, so they are counted instead.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const console: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") console.push(message.text());
  });
  const member = await createMember();
  await logInAs(context, member);
  await page.goto("/payment?option=monthly");
  await expect(page.getByLabel("Card number")).toBeVisible();
  expect(await paymentRequestAllowed(page)).toBe("allowed");
  await page.goto("/account/payment/change");
  expect(await paymentRequestAllowed(page)).toBe("allowed");
  expect(console).toEqual([]);
  const refused = ["/", "/subscriptions", "/account/receipts", "/account/subscriptions"];
  for (const path of refused) {
    await page.goto(path);
    expect({ path, answer: await paymentRequestAllowed(page) }).toEqual({ path, answer: "SecurityError" });
  }
  expect(console).toEqual(refused.map(() => "Permissions policy violation: payment is not allowed in this document."));
  await context.close();
});

test("a browser with a wallet is offered it on /payment, because the page may use the Payment Request API", async ({ page }) => {
  await page.addInitScript(() => Object.assign(window, { LocalStripeWallet: { type: "googlePay" } }));
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  await expect(page.getByRole("button", { name: /Google Pay/ })).toBeVisible();
});

test("without APPLE_PAY_DOMAIN_ASSOCIATION_FILE the Apple Pay association path is not found", async ({ request }) => {
  expect((await request.get("/.well-known/apple-developer-merchantid-domain-association")).status()).toBe(404);
});

test("on a phone the payment page brings the card form into view, with the card brands beside the field", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeInViewport();
  await expect(page.getByLabel("Card number")).toBeInViewport();
  await expect(page.getByText("We accept Visa, Mastercard, Maestro and American Express.")).toBeVisible();
  await expect(page.locator(".card-brands__marks svg")).toHaveCount(4);
});

test("on a wide screen the payment page stays at the top", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
