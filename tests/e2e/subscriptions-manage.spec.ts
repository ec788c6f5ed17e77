import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { createMember, database, logInAs, type TestMember } from "./support/accounts";
import { expect, test } from "./fixtures";

// Managing a subscription with JavaScript on and off: renew with the saved card, cancel and enable
// automatic renewal, switch plan. Each is a plain form (POST and redirect). The subscription is bought
// first through the payment calls, as the card form would make them (setup, the local Stripe stand-in's
// card confirmation, register and pay).

async function subscribeByCalls(request: APIRequestContext, cookie: string, option: string): Promise<void> {
  const headers = { Cookie: cookie };
  const setup = await request.post("/api/users/me/payment/stripe/setup", { headers });
  expect(setup.status()).toBe(200);
  const { clientSecret } = (await setup.json()) as { clientSecret: string };
  const confirmed = await request.post(`/local/stripe-api/v1/setup_intents/${clientSecret.split("_secret_")[0]}/confirm`, {
    form: { client_secret: clientSecret, "payment_method_data[card][number]": "4242424242424242", "payment_method_data[card][exp_month]": "12", "payment_method_data[card][exp_year]": "2034", "payment_method_data[card][cvc]": "123" },
  });
  expect(confirmed.status()).toBe(200);
  const { payment_method: paymentMethod } = (await confirmed.json()) as { payment_method: string };
  const paid = await request.post("/api/users/me/paymentMethod", { headers, data: { method: 2, paymentMethod, option, key: randomUUID() } });
  expect(await paid.json()).toMatchObject({ status: "succeeded" });
}

async function subscriptionOf(member: TestMember) {
  return database()<{ plan: string; auto_renew: boolean; ended: boolean }[]>`
    SELECT plan, auto_renew, ended_at IS NOT NULL AS ended FROM subscriptions WHERE user_id = ${member.id} ORDER BY id`;
}

async function receiptsOf(member: TestMember): Promise<number> {
  const [row] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM receipts WHERE user_id = ${member.id}`;
  return row.count;
}

test("renew, cancel and enable auto-renewal, then switch plan, each by a plain form", async ({ page, request, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  const member = await createMember({ label: "manage" });
  await logInAs(page.context(), member);
  const session = (await page.context().cookies()).find((entry) => entry.name === "pawroute_session")?.value;
  await subscribeByCalls(request, `pawroute_session=${session}`, "monthly");
  expect(await receiptsOf(member)).toBe(1);

  await page.goto("/account/subscriptions");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { name: "Monthly plan, £4.99" })).toBeVisible();
  await page.getByRole("link", { name: "Renew now" }).click();
  const renewKey = await page.locator('form input[name="key"]').getAttribute("value");
  await page.getByRole("button", { name: "Renew for £4.99 with your Visa card ending 4242" }).click();
  // The renew page has status lines of its own (the card form and PayPal loading): find the outcome's.
  const renewed = page.getByRole("status").filter({ hasText: "has been renewed" });
  await expect(renewed).toHaveText(/^Your subscription has been renewed and now expires on \d\d\/\d\d\/\d\d\.$/);
  const renewedText = await renewed.textContent();
  expect(await receiptsOf(member)).toBe(2);
  // The same page's form sent again after it went through (a second click that arrives late, a resent
  // POST) answers the same renewal: no second month is charged (decision 0200).
  const resent = await page.request.post("/account/subscriptions/renew", { form: { key: renewKey ?? "" }, maxRedirects: 0 });
  expect(resent.status()).toBe(302);
  await page.goto("/account/subscriptions");
  await expect(page.getByRole("status").filter({ hasText: "has been renewed" })).toHaveText(renewedText ?? "");
  expect(await receiptsOf(member)).toBe(2);

  await page.getByRole("link", { name: "Cancel auto-renewal" }).click();
  await page.getByRole("button", { name: "Cancel auto-renewal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Automatic renewal has been cancelled" })).toBeVisible();
  expect(await subscriptionOf(member)).toEqual([{ plan: "monthly", auto_renew: false, ended: false }]);

  await page.getByRole("link", { name: "Enable auto-renewal" }).click();
  await page.getByRole("button", { name: "Enable auto-renewal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Automatic renewal has been enabled" })).toHaveText(/^Automatic renewal has been enabled for your subscription\. Your subscription will be automatically renewed on \d\d\/\d\d\/\d\d\.$/);
  expect((await subscriptionOf(member))[0].auto_renew).toBe(true);

  await page.getByRole("link", { name: "Switch plan" }).click();
  const switchForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Switch to Annual" }) });
  const switchKey = await switchForm.locator('input[name="key"]').getAttribute("value");
  const switchUrl = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Switch to Annual" }).click();
  await expect(page).toHaveURL(/\/subscription-update\?from=monthly&to=annual/);
  await expect(page.getByText("You have switched from Monthly to Annual.")).toBeVisible();
  // The same form sent again after the switch went through answers that switch (decision 0200).
  const resentSwitch = await page.request.post(switchUrl, { form: { option: "annual", key: switchKey ?? "" }, maxRedirects: 0 });
  expect(resentSwitch.status()).toBe(302);
  expect(resentSwitch.headers().location).toMatch(/\/subscription-update\?from=monthly&to=annual$/);
  expect((await subscriptionOf(member)).map(({ plan, ended }) => ({ plan, ended }))).toEqual([
    { plan: "monthly", ended: true },
    { plan: "annual", ended: false },
  ]);
  expect(await receiptsOf(member)).toBe(3);
});
