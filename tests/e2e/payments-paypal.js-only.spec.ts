import { seriousViolations } from "./support/axe";
import { test as plain, type Page } from "@playwright/test";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, reviewScreenshot, test } from "./fixtures";

// Paying for a plan with PayPal, with JavaScript: @paypal/react-paypal-js loads the local PayPal JS SDK
// stand-in (public/local/paypal.js), whose button drives the real callbacks against the local PayPal
// REST stand-in (no request leaves the machine; the fixture fails a test that tries).
const FAILED = "Sorry, there was an error processing your payment. Please try again.";

async function money(userId: number) {
  const [row] = await database()<{ receipts: number; subscriptions: number; charges: number }[]>`
    SELECT (SELECT count(*)::int FROM receipts WHERE user_id = ${userId}) AS receipts,
           (SELECT count(*)::int FROM subscriptions WHERE user_id = ${userId}) AS subscriptions,
           (SELECT count(*)::int FROM charges WHERE user_id = ${userId} AND status = 'succeeded') AS charges`;
  return row;
}

async function openPayment(page: Page, option: "annual" | "monthly") {
  await page.goto("/subscriptions");
  await page.getByRole("link", { name: `Choose ${option === "annual" ? "Annual" : "Monthly"}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payment\\?option=${option}`));
  await expect(page.getByRole("button", { name: "PayPal", exact: true })).toBeVisible({ timeout: 20_000 });
}

/** PayPal's window (the stand-in's dialog): the payer approves with this account, or cancels. */
function paypalWindow(page: Page) {
  return page.getByRole("dialog", { name: "Log in to PayPal" });
}

test("choose a plan, pay by PayPal, see the confirmation and the receipt", async ({ page }) => {
  test.setTimeout(90_000);
  const member = await createMember();
  await logInAs(page.context(), member);
  await openPayment(page, "annual");
  await page.getByRole("button", { name: "PayPal", exact: true }).click();
  const paypal = paypalWindow(page);
  await expect(paypal).toBeVisible();
  await expect(paypal.getByLabel("PayPal email")).toBeFocused();
  await paypal.getByRole("button", { name: "Agree and continue" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Annual subscription is active until")).toBeVisible();
  expect(await money(member.id)).toEqual({ receipts: 1, subscriptions: 1, charges: 1 });
  const [method] = await database()<{ method: number }[]>`SELECT method FROM payment_methods WHERE user_id = ${member.id}`;
  expect(method.method).toBe(1);
  await page.getByRole("link", { name: "See your receipt" }).click();
  await expect(page.getByRole("heading", { name: "Receipts" })).toBeVisible();
  await page.locator(".receipts summary").first().click();
  await expect(page.getByText("PayPal account")).toBeVisible();
  await expect(page.getByText("£39.99").first()).toBeVisible();
});

test("cancelling in PayPal's window only logs: no message, nothing charged, the button works again", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  const logged: string[] = [];
  page.on("console", (message) => logged.push(`${message.type()}: ${message.text()}`));
  await openPayment(page, "monthly");
  await page.getByRole("button", { name: "PayPal", exact: true }).click();
  await paypalWindow(page).getByRole("button", { name: "Cancel and return to Pawroute" }).click();
  await expect(paypalWindow(page)).toBeHidden();
  await expect.poll(() => logged.some((line) => line.startsWith("info: PayPal payment cancelled"))).toBe(true);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page).toHaveURL(/\/payment\?option=monthly/);
  expect(await money(member.id)).toEqual({ receipts: 0, subscriptions: 0, charges: 0 });
  // Escape closes the window the same way, and the button opens it again.
  await page.getByRole("button", { name: "PayPal", exact: true }).click();
  await expect(paypalWindow(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(paypalWindow(page)).toBeHidden();
});

test.describe("a declined PayPal payment", () => {
  test.use({ allowClientErrors: true });
  test("shows the spec's message word for word, and charges nothing", async ({ page }) => {
    test.setTimeout(90_000);
    const member = await createMember();
    await logInAs(page.context(), member);
    await openPayment(page, "monthly");
    await page.getByRole("button", { name: "PayPal", exact: true }).click();
    const paypal = paypalWindow(page);
    await paypal.getByLabel("PayPal email").fill("declined@paypal.test");
    await paypal.getByRole("button", { name: "Agree and continue" }).click();
    await expect(page.getByRole("alert")).toHaveText(FAILED);
    expect(await money(member.id)).toEqual({ receipts: 0, subscriptions: 0, charges: 0 });
    const [charge] = await database()<{ status: string }[]>`SELECT status FROM charges WHERE user_id = ${member.id}`;
    expect(charge.status).toBe("failed");
    // Paying again with a good account works.
    await page.getByRole("button", { name: "PayPal", exact: true }).click();
    await paypalWindow(page).getByRole("button", { name: "Agree and continue" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
    expect(await money(member.id)).toEqual({ receipts: 1, subscriptions: 1, charges: 1 });
  });
});

test("the payment page with the PayPal button: no serious accessibility violations, screenshots at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(120_000);
  const member = await createMember();
  await logInAs(page.context(), member);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/payment?option=annual");
    // The SDK loads after hydration: generous on a busy machine.
    await expect(page.getByRole("button", { name: "PayPal", exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel("Card number")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await reviewScreenshot(page, { path: `test-results/screens/payment-paypal-${width}.png`, fullPage: true });
    await page.getByRole("button", { name: "PayPal", exact: true }).click();
    await expect(paypalWindow(page)).toBeVisible();
    await reviewScreenshot(page, { path: `test-results/screens/payment-paypal-window-${width}.png` });
    await page.keyboard.press("Escape");
  }
});

test("renew with PayPal from the subscription's renew page; the saved PayPal account then renews it in one click", async ({ page }) => {
  test.setTimeout(90_000);
  const member = await createMember();
  await logInAs(page.context(), member);
  await openPayment(page, "monthly");
  await page.getByRole("button", { name: "PayPal", exact: true }).click();
  await paypalWindow(page).getByRole("button", { name: "Agree and continue" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
  await page.goto("/account/subscriptions/renew");
  await expect(page.getByRole("button", { name: "PayPal", exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "PayPal", exact: true }).click();
  await paypalWindow(page).getByRole("button", { name: "Agree and continue" }).click();
  await expect(page).toHaveURL(/\/account\/subscriptions(\?renewed=1)?$/, { timeout: 20_000 });
  await expect(page.getByRole("status")).toHaveText(/^Your subscription has been renewed and now expires on \d\d\/\d\d\/\d\d\.$/);
  await page.goto("/account/subscriptions/renew");
  await page.getByRole("button", { name: /Renew for £4.99 with your PayPal account/ }).click();
  await expect(page).toHaveURL(/\/account\/subscriptions(\?renewed=1)?$/, { timeout: 20_000 });
  await expect(page.getByRole("status")).toHaveText(/^Your subscription has been renewed and now expires on \d\d\/\d\d\/\d\d\.$/);
  expect(await money(member.id)).toEqual({ receipts: 3, subscriptions: 1, charges: 3 });
});

// The project fixture fails any console error; this one checks that a PayPal SDK that cannot load IS
// logged, and that the page stays silent about it (no PayPal section, no message, the card form works).
plain("a PayPal SDK that cannot load is logged and the PayPal section silently disappears", async ({ page, baseURL }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.context().addCookies([{ name: "newsletter-modal", value: "seen", url: baseURL ?? "" }]);
  const logged: string[] = [];
  page.on("console", (message) => logged.push(`${message.type()}: ${message.text()}`));
  await page.route("**/local/paypal.js**", (route) => route.fulfill({ status: 503, body: "" }));
  await page.goto("/payment?option=monthly");
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expect.poll(() => logged.some((line) => line.includes("PayPal could not be initialised"))).toBe(true);
  await expect(page.locator(".payment__paypal")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});
