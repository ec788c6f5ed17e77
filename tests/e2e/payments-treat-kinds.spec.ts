import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// Each kind of Treat that pays (issue 48, decision 0238), used as a member would, JavaScript on and off:
// a whole free month while not subscribed (/payment) and while subscribed (the renew page adds it to the
// subscription). The part-paying kind, which needs a card, is in payments-part-treat.js-only.spec.ts.

async function award(userId: number, slug: string): Promise<string> {
  const [row] = await database()<{ id: number }[]>`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at)
    SELECT ${userId}, id, 'award', now() + interval '30 days' FROM treat_options WHERE slug = ${slug} AND deleted_at IS NULL
    RETURNING id`;
  if (!row) throw new Error(`The demo Treat ${slug} is missing: run npm run db:seed.`);
  return row.id.toString(16);
}

async function expiryOf(userId: number): Promise<Date | null> {
  const [row] = await database()<{ expires_at: Date }[]>`SELECT expires_at FROM subscriptions WHERE user_id = ${userId} AND ended_at IS NULL`;
  return row ? new Date(row.expires_at) : null;
}

function ukShort(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "2-digit", timeZone: "Europe/London" }).format(date);
}

test("a free month while not subscribed: /payment starts the subscription with the Treat", async ({ page, javaScriptEnabled }) => {
  const member = await createMember();
  await award(member.id, "premium-free-month");
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("region", { name: "Pay with a Treat" }).getByRole("button", { name: "Pay with your Treat: A free month of Premium" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
  expect(await expiryOf(member.id)).not.toBeNull();
});

test("a free month while subscribed: the renew page adds it to the subscription, and says the new expiry", async ({ page, javaScriptEnabled }) => {
  const member = await createMember();
  const expiresAt = new Date(Date.now() + 10 * 86_400_000);
  await database()`INSERT INTO subscriptions (user_id, plan, expires_at, auto_renew) VALUES (${member.id}, 'monthly', ${expiresAt.toISOString()}::timestamptz, false)`;
  await award(member.id, "premium-free-month");
  await logInAs(page.context(), member);
  await page.goto("/account/subscriptions/renew");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const treats = page.getByRole("region", { name: "Pay with a Treat" });
  await expect(treats).toContainText("its months are added to your subscription");
  await treats.getByRole("button", { name: "Pay with your Treat: A free month of Premium" }).click();
  await expect(page).toHaveURL(/\/account\/subscriptions$/);
  const after = await expiryOf(member.id);
  const expected = new Date(expiresAt);
  expected.setUTCMonth(expected.getUTCMonth() + 1);
  expect(after?.toISOString()).toBe(expected.toISOString());
  await expect(page.getByText(`Your subscription has been renewed and now expires on ${ukShort(expected)}.`)).toBeVisible();
  const [receipt] = await database()<{ amount_pence: number; payment_description: string }[]>`SELECT amount_pence, payment_description FROM receipts WHERE user_id = ${member.id}`;
  expect(receipt).toEqual({ amount_pence: 0, payment_description: "Treat: A free month of Premium" });
  // Used once: the page no longer offers it.
  await page.goto("/account/subscriptions/renew");
  await expect(page.getByRole("button", { name: /Pay with your Treat/ })).toHaveCount(0);
});
