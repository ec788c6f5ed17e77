import { signLocalPayPalEvent } from "../../app/payments/local/paypal-api.server";
import { createMember, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// The PayPal button needs JavaScript (PayPal's window): with it the page offers PayPal; without it the
// PayPal wrapper is absent and the page offers nothing broken.
test("the payment page offers PayPal only where it can work", async ({ page, javaScriptEnabled }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  await expect(page.getByRole("heading", { name: "Monthly plan" })).toBeVisible();
  if (javaScriptEnabled) {
    await expect(page.getByRole("heading", { name: "Pay with PayPal" })).toBeVisible();
    await expect(page.getByRole("button", { name: "PayPal", exact: true })).toBeEnabled({ timeout: 20_000 });
  } else {
    await expect(page.getByText("Card payment needs JavaScript")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pay with PayPal" })).toHaveCount(0);
    await expect(page.locator(".payment__paypal")).toHaveCount(0);
  }
});

test("PayPal's webhook is verified and idempotent over HTTP: a replay is a duplicate, a forged one is refused", { tag: "@http" }, async ({ request }, testInfo) => {
  const event = { id: `WH-E2E-${testInfo.project.name}-${Date.now()}`, event_type: "PAYMENT.CAPTURE.COMPLETED", resource: { id: "CAPE2E", custom_id: "0", amount: { currency_code: "GBP", value: "4.99" } } };
  const data = JSON.stringify(event);
  const headers = { ...signLocalPayPalEvent(event), "Content-Type": "application/json" };
  const first = await request.post("/api/webhooks/paypal", { data, headers });
  expect(first.status()).toBe(200);
  expect(await first.json()).toEqual({ received: true, duplicate: false });
  const replay = await request.post("/api/webhooks/paypal", { data, headers });
  expect(await replay.json()).toEqual({ received: true, duplicate: true });
  const forged = await request.post("/api/webhooks/paypal", { data: JSON.stringify({ ...event, id: `${event.id}-forged` }), headers });
  expect(forged.status()).toBe(400);
});
