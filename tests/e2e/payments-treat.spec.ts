import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// Paying with a Treat (the spec's prize flow, method 3) and the payment page without JavaScript. Runs with
// JavaScript on and off: the Treat form is a plain POST that redirects to the confirmation.

/** Gives the member the demo "A free month of Premium" Treat (db/seed/treats.ts) and answers its hex id. */
async function awardFreeMonth(userId: number): Promise<string> {
  const [row] = await database()<{ id: number }[]>`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at)
    SELECT ${userId}, id, 'award', now() + interval '30 days' FROM treat_options WHERE slug = 'premium-free-month' AND deleted_at IS NULL
    RETURNING id`;
  if (!row)
    throw new Error(
      "The demo Treat premium-free-month is missing: run npm run db:seed."
    );
  return row.id.toString(16);
}

async function money(userId: number) {
  const [row] = await database()<{ receipts: number; subscriptions: number }[]>`
    SELECT (SELECT count(*)::int FROM receipts WHERE user_id = ${userId}) AS receipts,
           (SELECT count(*)::int FROM subscriptions WHERE user_id = ${userId}) AS subscriptions`;
  return row;
}

test("pay with a Treat: a double click starts one subscription, the confirmation shows, the Treat shows as used", async ({
  page,
  javaScriptEnabled,
}) => {
  const member = await createMember();
  await awardFreeMonth(member.id);
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  if (javaScriptEnabled)
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const treatForm = page.getByRole("region", { name: "Pay with a Treat" });
  await treatForm
    .getByRole("button", {
      name: "Pay with your Treat: A free month of Premium",
    })
    .dblclick();
  await expect(
    page.getByRole("heading", { name: "Thank you for subscribing" })
  ).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/subscription-confirmation\?subscription=\d+/);
  expect(await money(member.id)).toEqual({ receipts: 1, subscriptions: 1 });
  await page.goto("/account/treats");
  await expect(
    page
      .locator(".treat-list li")
      .filter({ hasText: "A free month of Premium" })
  ).toContainText("Redeemed");
  // The Treat paid once: the payment page no longer offers it (the member is now a subscriber).
  await page.goto("/payment?option=monthly");
  await expect(page).toHaveURL(/\/account\/subscriptions$/);
});

test.describe("errors of the Treat form", () => {
  test.use({ allowClientErrors: true });
  test("a Treat used elsewhere meanwhile: the Treat form shows why and nothing starts", async ({
    page,
    javaScriptEnabled,
  }) => {
    const member = await createMember();
    const hexId = await awardFreeMonth(member.id);
    await logInAs(page.context(), member);
    await page.goto("/payment?option=monthly");
    if (javaScriptEnabled)
      await expect(page.locator("html")).toHaveAttribute(
        "data-hydrated",
        "true"
      );
    await database()`UPDATE awarded_treats SET redeemed_at = now() WHERE id = ${parseInt(
      hexId,
      16
    )}`;
    const treatForm = page.getByRole("region", { name: "Pay with a Treat" });
    await treatForm
      .getByRole("button", { name: /Pay with your Treat/ })
      .click();
    await expect(treatForm.getByRole("alert")).toHaveText(
      "This Treat has already been redeemed, gifted or has expired."
    );
    expect(await money(member.id)).toEqual({ receipts: 0, subscriptions: 0 });
  });
});

test("the payment page offers the Treat either way, and without JavaScript explains that card payment needs it", async ({
  page,
  javaScriptEnabled,
}) => {
  const member = await createMember();
  await awardFreeMonth(member.id);
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  // With JavaScript the card form replaces the explanation once the page is hydrated.
  await expect(page.getByText(/^Card payment needs JavaScript/)).toHaveCount(javaScriptEnabled ? 0 : 1);
  await expect(
    page.getByRole("button", {
      name: "Pay with your Treat: A free month of Premium",
    })
  ).toBeVisible();
  if (!javaScriptEnabled) await expect(page.getByLabel("Card number")).toHaveCount(0);
  // Changing the card explains the same, and nothing is broken.
  await database()`INSERT INTO subscriptions (user_id, plan, expires_at, auto_renew) VALUES (${member.id}, 'monthly', now() + interval '20 days', false)`;
  for (const path of [
    "/account/payment/change",
    "/account/change-payment-method",
  ]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { name: "Change payment method" })
    ).toBeVisible();
    await expect(
      page.getByText(
        "Changing your card needs JavaScript: your card details go straight to our card provider from your browser. Please switch JavaScript on to change your card."
      )
    ).toHaveCount(javaScriptEnabled ? 0 : 1);
    await expect(page.getByText("No card saved")).toBeVisible();
  }
});
