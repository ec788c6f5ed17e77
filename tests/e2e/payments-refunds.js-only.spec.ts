import { signLocalStripeEvent } from "../../app/payments/local/stripe-api.server";
import { seriousViolations } from "./support/axe";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// A refund from Stripe as members and administrators see it (decision 0240): the member pays by card in
// the browser, Stripe's charge.refunded arrives at the webhook signed with this run's stand-in secret
// (PAYMENTS_LOCAL_SECRET, decision 0241) and is sent twice; the receipt, the subscription, the admin
// dashboard and the member's admin page show it once.

test("a refunded payment shows on the receipt, the subscription page and the back office, once", async ({ page, request, browser, baseURL }) => {
  const member = await createMember({ label: "refunded" });
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Pay £4.99", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });

  const [charge] = await database()<{ provider_ref: string; id: number }[]>`SELECT id, provider_ref FROM charges WHERE user_id = ${member.id} AND status = 'succeeded'`;
  const payload = JSON.stringify({
    id: `evt_e2e_refund_${charge.id}`,
    object: "event",
    type: "charge.refunded",
    data: { object: { id: `ch_e2e_${charge.id}`, object: "charge", amount: 499, amount_refunded: 499, payment_intent: charge.provider_ref, refunds: { data: [{ reason: "requested_by_customer" }] } } },
  });
  for (const expected of [false, true]) {
    const response = await request.post("/api/webhooks/stripe", { data: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": signLocalStripeEvent(payload) } });
    expect(await response.json()).toEqual({ received: true, duplicate: expected });
  }

  await page.goto("/account/receipts");
  const row = page.locator(".receipts__row").first();
  await expect(row.locator("summary")).toContainText("Refunded");
  await row.locator("summary").click();
  await expect(row.getByText("Total refunded")).toBeVisible();
  await expect(row.getByText("£4.99 (the whole payment)")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/account/subscriptions");
  await expect(page.getByText("Payment refunded")).toHaveCount(1);

  const admin = await createMember({ admin: true, label: "refund-admin" });
  const context = await browser.newContext({ baseURL });
  await logInAs(context, admin);
  const office = await context.newPage();
  await office.goto("/account/admin");
  const section = office.getByRole("region", { name: "Refunds and disputes" });
  await expect(section.getByRole("link", { name: member.email })).toHaveCount(1);
  await section.getByRole("link", { name: member.email }).click();
  const own = office.getByRole("region", { name: "Refunds and disputes", exact: true });
  await expect(own).toContainText("Refunded (requested by customer) · card");
  await expect(own).toContainText("£4.99 of £4.99");
  await context.close();
});
