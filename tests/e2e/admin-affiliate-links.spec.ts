import { randomBytes } from "node:crypto";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// Friendly discount links, JavaScript on and off: the list (code, discount, expiry, uses, the link in a
// read-only input), add with the form's rules, edit, delete after the spec's confirmation (?removed);
// administrators only; and a visitor who arrives with the link pays the discounted price.

// Invalid input is answered 422 on purpose (Chromium logs that line without JavaScript).
test.use({ allowClientErrors: true });

const made: number[] = [];
test.afterAll(async () => {
  if (made.length) await database()`DELETE FROM affiliate_links WHERE id = ANY(${made}::int[])`;
});

const uniqueCode = (prefix: string) => `${prefix}-${randomBytes(3).toString("hex").toUpperCase()}`;

test("an administrator adds, edits and deletes a discount link", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const admin = await createMember({ admin: true, label: "affiliate-admin" });
  await logInAs(page.context(), admin);
  const code = uniqueCode("E2E");

  await page.goto("/account/admin");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Discount links" }).click();
  await expect(page).toHaveURL(/\/account\/admin\/affiliate-links$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Friendly discounts" })).toBeVisible();
  // The demo links: one that never expires, one that has expired.
  const woof = page.getByRole("row").filter({ hasText: "WOOF10" });
  await expect(woof.getByRole("cell", { name: "Never" })).toBeVisible();
  await expect(woof.getByLabel("Shareable link for WOOF10")).toHaveValue(/\/subscriptions\?discount=WOOF10$/);
  await expect(woof.getByLabel("Shareable link for WOOF10")).toHaveAttribute("readonly", "");
  await expect(page.getByRole("row").filter({ hasText: "SUMMER20" })).toContainText("expired");

  await page.getByRole("link", { name: "Add a discount link" }).click();
  await expect(page).toHaveURL(/\/account\/admin\/affiliate-links\/add$/);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Name").fill("Dog show stand");
  await page.getByLabel("Code").fill(code);
  await page.getByLabel("Discount (%)").fill("95");
  await page.getByRole("button", { name: "Add the discount link" }).click();
  await expect(page.getByText("Please enter a whole number from 1 to 90.")).toBeVisible();
  await page.getByLabel("Discount (%)").fill("15");
  await page.getByLabel(/Expiry date/).fill("2099-03-31");
  await page.getByRole("button", { name: "Add the discount link" }).click();
  await expect(page.getByRole("status")).toHaveText("The friendly discount has been successfully updated");
  await expect(page.getByRole("heading", { name: `Edit: ${code}` })).toBeVisible();
  const [row] = await database()<{ id: number; discount_percent: number; expires_on: string }[]>`
    SELECT id, discount_percent, to_char(expires_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD HH24:MI') AS expires_on FROM affiliate_links WHERE code = ${code}`;
  expect(row).toMatchObject({ discount_percent: 15, expires_on: "2099-04-01 00:00" });
  await expect(page).toHaveURL(new RegExp(`/account/admin/affiliate-links/${row.id}$`));

  await page.getByLabel("Discount (%)").fill("20");
  await page.getByLabel(/Expiry date/).fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect.poll(async () => (await database()<{ discount_percent: number }[]>`SELECT discount_percent FROM affiliate_links WHERE id = ${row.id}`)[0].discount_percent).toBe(20);
  await expect(page.getByRole("status")).toHaveText("The friendly discount has been successfully updated");
  await page.goto("/account/admin/affiliate-links");
  const added = page.getByRole("row").filter({ hasText: code });
  await expect(added.getByRole("cell", { name: "20%" })).toBeVisible();
  await expect(added.getByRole("cell", { name: "Never" })).toBeVisible();

  await added.getByRole("link", { name: new RegExp(code) }).click();
  await page.getByRole("button", { name: "Delete this discount link" }).click();
  const confirmation = javaScriptEnabled ? page.getByRole("dialog", { name: "Please confirm" }) : page.locator(".admin-confirm");
  await expect(confirmation.getByText("Are you sure you want to delete this discount link?")).toBeVisible();
  await confirmation.getByRole("button", { name: "Delete the discount link" }).click();
  await expect(page).toHaveURL(/\/account\/admin\/affiliate-links\?removed/);
  await expect(page.getByRole("status")).toContainText("removed");
  await expect(page.getByRole("row").filter({ hasText: code })).toHaveCount(0);
  const audit = await database()<{ action: string }[]>`SELECT action FROM admin_audit_log WHERE record_type = 'affiliate-link' AND record_id = ${String(row.id)} ORDER BY id`;
  expect(audit.map((entry) => entry.action)).toEqual(["affiliate-link.add", "affiliate-link.update", "affiliate-link.delete"]);
});

test("members who are not administrators can neither see nor change discount links", async ({ page, request }) => {
  const member = await createMember({ label: "affiliate-member" });
  await logInAs(page.context(), member);
  for (const path of ["/account/admin/affiliate-links", "/account/admin/affiliate-links/add"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
  }
  const [link] = await database()<{ id: number }[]>`SELECT id FROM affiliate_links WHERE code = 'WOOF10'`;
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "pawroute_session")?.value;
  const forms: Record<string, string>[] = [{ intent: "save", name: "Mine", code: "MINE-1", discountPercent: "90" }, { intent: "delete", confirmed: "1" }];
  for (const form of forms) {
    const answer = await request.post(`/account/admin/affiliate-links/${link.id}`, { headers: { Cookie: `pawroute_session=${cookie}` }, form, maxRedirects: 0 });
    expect(answer.status()).toBe(403);
  }
  const visitor = await request.post("/account/admin/affiliate-links/add", { form: { intent: "save", name: "x", code: "VISITOR-1", discountPercent: "90" }, maxRedirects: 0 });
  expect(visitor.status()).toBeGreaterThanOrEqual(300);
  expect(await database()`SELECT 1 FROM affiliate_links WHERE code IN ('MINE-1', 'VISITOR-1')`).toHaveLength(0);
  expect((await database()<{ discount_percent: number }[]>`SELECT discount_percent FROM affiliate_links WHERE id = ${link.id}`)[0].discount_percent).toBe(10);
});

test("a visitor who arrives with a discount link pays the discounted price after logging in", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const code = uniqueCode("ARRIVE");
  const [link] = await database()<{ id: number }[]>`INSERT INTO affiliate_links (code, name, discount_percent) VALUES (${code}, 'e2e arrival', 25) RETURNING id`;
  made.push(link.id);
  await page.goto(`/subscriptions?discount=${code}`);
  await expect(page.getByText("Your friendly discount of 25% comes off your first payment.")).toBeVisible();
  // Joining or logging in happens in between; the code is remembered.
  const member = await createMember({ label: "affiliate-arrival" });
  await logInAs(page.context(), member);
  await page.goto("/subscriptions");
  await page.getByRole("link", { name: "Choose Monthly" }).click();
  await expect(page).toHaveURL(/\/payment\?option=monthly/);
  await expect(page.locator(".payment__amount")).toContainText("£3.75");
  await expect(page.locator(".payment__amount")).toContainText("friendly discount of £1.24");
  if (!javaScriptEnabled) {
    await expect(page.getByText("Card payment needs JavaScript")).toBeVisible();
    return;
  }
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: "Pay £3.75" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for subscribing" })).toBeVisible({ timeout: 20_000 });
  const charges = await database()<{ amount_pence: number; discount_pence: number; affiliate_link_id: number }[]>`
    SELECT amount_pence, discount_pence, affiliate_link_id FROM charges WHERE user_id = ${member.id} AND status = 'succeeded'`;
  expect(charges).toEqual([{ amount_pence: 375, discount_pence: 124, affiliate_link_id: link.id }]);
});
