// Treats with JavaScript on and off: claiming, each kind of redeem (voucher, redirect, posted gift with
// the address path and its abandonment), gifting, expiry and the back office's chance validation.
import { randomUUID } from "node:crypto";
import { createMember, database, logInAs } from "./support/accounts";
import { waitForMail } from "./support/mail";
import { awardTestPoints } from "./support/members";
import { expect, test } from "./fixtures";

// Some forms answer bad input with 4xx on purpose.
test.use({ allowClientErrors: true });

/** A Treat option of weight 0 (never drawn), so tests do not change the chances of the demo Treats. */
async function option(type: number, data: object, name = `E2E Treat ${randomUUID().slice(0, 6)}`): Promise<{ id: number; name: string }> {
  const [row] = await database()<{ id: number }[]>`
    INSERT INTO treat_options (name, slug, type, weight, data, expiry_days, description_html)
    VALUES (${name}, ${`e2e-${randomUUID()}`}, ${type}, 0, ${JSON.stringify(data)}::text::jsonb, 30, '<p>An end-to-end Treat.</p>') RETURNING id`;
  return { id: row.id, name };
}

async function award(userId: number, optionId: number, expiresIn = "30 days"): Promise<string> {
  const [row] = await database()<{ id: number }[]>`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at) VALUES (${userId}, ${optionId}, 'award', now() + ${expiresIn}::interval) RETURNING id`;
  return row.id.toString(16);
}

async function state(hex: string) {
  const [row] = await database()<{ redeemed_at: Date | null; gifted_at: Date | null }[]>`SELECT redeemed_at, gifted_at FROM awarded_treats WHERE id = ${parseInt(hex, 16)}`;
  return row;
}

test("claiming a Treat with one claim owed lands on the won Treat, once", async ({ page, javaScriptEnabled }) => {
  const member = await createMember({ label: "claim" });
  await awardTestPoints(member.id, 100, `e2e-claim-${member.id}`);
  await logInAs(page.context(), member);
  await page.goto("/account/claim-treat");
  await expect(page.getByText("You have a Treat to claim!")).toBeVisible();
  // With JavaScript, the win is shown in a dialog once the page has hydrated. A click before that is a plain
  // form post (the no-JavaScript path, which lands on the Treat's page without the dialog): wait for it.
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
  await page.getByRole("button", { name: "The gift the spaniel is guarding" }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "You've won a Treat!" });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole("link", { name: "See your Treat" }).click();
  }
  await expect(page).toHaveURL(/\/account\/treats\/[0-9a-f]+$/);
  await expect(page.getByRole("link", { name: "Go back to Treats" })).toBeVisible();
  const [{ count }] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM awarded_treats WHERE user_id = ${member.id}`;
  expect(count).toBe(1);
  await page.goto("/account/claim-treat");
  await expect(page.getByRole("button", { name: "The gift the spaniel is guarding" })).toBeDisabled();
  await expect(page.getByText("100 more to your next one")).toBeVisible();
});

test("redeeming a voucher shows and mails the code; a redirect Treat goes to its address", async ({ page }) => {
  const member = await createMember({ label: "voucher" });
  const voucher = await option(3, { voucher: "E2E-VOUCHER-1", url: "https://partner.example/" });
  const redirecting = await option(2, { url: "/faqs" });
  const voucherHex = await award(member.id, voucher.id);
  await award(member.id, redirecting.id);
  await logInAs(page.context(), member);
  await page.goto("/account/treats");
  await page.getByRole("button", { name: `Redeem ${voucher.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/treats/${voucherHex}$`));
  await expect(page.getByText("Your Treat has been redeemed.")).toBeVisible();
  await expect(page.locator(".treat-voucher__code")).toHaveText("E2E-VOUCHER-1");
  await expect(page.getByRole("button", { name: `Redeem ${voucher.name}` })).toBeDisabled();
  await expect(page.getByText(/^Redeemed on \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await waitForMail(member.email, "Your Treat voucher", "E2E-VOUCHER-1");

  await page.goto("/account/treats");
  await page.getByRole("button", { name: `Redeem ${redirecting.name}` }).click();
  await expect(page).toHaveURL(/\/faqs$/);
});

test("a posted gift asks for the address; abandoning says why, adding it redeems", async ({ page, javaScriptEnabled }) => {
  const member = await createMember({ label: "posted" });
  const posted = await option(4, {});
  const hex = await award(member.id, posted.id);
  await logInAs(page.context(), member);
  await page.goto(`/account/treats/${hex}`);
  // With JavaScript, the click must reach the hydrated page (before it, the plain form's path runs).
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: `Redeem ${posted.name}` }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Add your address" });
    await expect(dialog.getByText("We need your address to post your Treat to you.")).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByText("You cannot redeem this Treat without adding your address.")).toBeVisible();
    expect((await state(hex)).redeemed_at).toBeNull();
    await page.getByRole("button", { name: `Redeem ${posted.name}` }).click();
    await dialog.getByLabel("Address", { exact: true }).fill("1 Bark Lane");
    await dialog.getByLabel("Town or city").fill("Kendal");
    await dialog.getByLabel("Postcode").fill("LA9 4AA");
    await dialog.getByRole("button", { name: "Save address" }).click();
  } else {
    await expect(page).toHaveURL(/\/account\/settings\/address\?reason=redeem/);
    await expect(page.getByText("We need your address to post your Treat to you.")).toBeVisible();
    // Abandoning: back to the Treat's redeem page without an address.
    await page.goto(`/account/treats/${hex}/redeem`);
    await expect(page.getByText("You cannot redeem this Treat without adding your address.")).toBeVisible();
    await page.getByRole("link", { name: "Add your address" }).click();
    await page.getByLabel("Address", { exact: true }).fill("1 Bark Lane");
    await page.getByLabel("Town or city").fill("Kendal");
    await page.getByLabel("Postcode").fill("LA9 4AA");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page).toHaveURL(new RegExp(`/account/treats/${hex}/redeem$`));
    await page.getByRole("button", { name: "Redeem now" }).click();
  }
  await expect(page.getByText("We will post your Treat to: 1 Bark Lane")).toBeVisible({ timeout: 15_000 });
  expect((await state(hex)).redeemed_at).not.toBeNull();
  await waitForMail(member.email, "Your Treat is on its way");
});

test("gifting a Treat by email: not to oneself; the recipient is mailed and sees it", async ({ page, javaScriptEnabled }) => {
  const giver = await createMember({ label: "giver" });
  const recipient = await createMember({ label: "recipient" });
  const generic = await option(5, {});
  const hex = await award(giver.id, generic.id);
  await logInAs(page.context(), giver);
  await page.goto("/account/treats");
  // With JavaScript the link opens a dialog; clicked before hydration it opens the gift page instead.
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: `Gift ${generic.name}` }).click();
  const scope = javaScriptEnabled ? page.getByRole("dialog", { name: "Gift this Treat" }) : page.locator("main");
  await scope.getByLabel("Their username or email address").fill(giver.email);
  await scope.getByRole("button", { name: "Gift this Treat" }).click();
  await expect(scope.getByText("You cannot gift a Treat to yourself.")).toBeVisible();
  await scope.getByLabel("Their username or email address").fill(recipient.email);
  await scope.getByRole("button", { name: "Gift this Treat" }).click();
  await expect(page).toHaveURL(new RegExp(`/account/treats/${hex}$`));
  await expect(page.getByText(`Your Treat has been gifted to ${recipient.username}`)).toBeVisible();
  await expect(page.getByRole("link", { name: recipient.username ?? "" })).toHaveAttribute("href", `/profile/${recipient.username}`);
  expect((await state(hex)).gifted_at).not.toBeNull();
  await waitForMail(recipient.email, "has gifted you a Treat");
  await logInAs(page.context(), recipient);
  await page.goto("/account/treats");
  await expect(page.getByRole("heading", { name: generic.name })).toBeVisible();
  await expect(page.getByRole("button", { name: `Redeem ${generic.name}` })).toBeEnabled();
});

test("an expired Treat is shown as expired with its actions disabled", async ({ page }) => {
  const member = await createMember({ label: "expired" });
  const generic = await option(5, {});
  await award(member.id, generic.id, "-1 day");
  await logInAs(page.context(), member);
  await page.goto("/account/treats");
  const card = page.locator(".treat-card", { hasText: generic.name });
  await expect(card.getByText("Expired", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Expired on \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(card.getByRole("button", { name: `Redeem ${generic.name}` })).toBeDisabled();
  await expect(card.getByRole("button", { name: `Gift ${generic.name}` })).toBeDisabled();
});

test("the back office refuses chances that do not total 100%", async ({ page, javaScriptEnabled }) => {
  const admin = await createMember({ label: "treat-admin", admin: true });
  await logInAs(page.context(), admin);
  await page.goto("/account/admin/treats");
  await expect(page.getByRole("heading", { name: "Treats" })).toBeVisible();
  await page.getByRole("link", { name: "Chances of winning" }).click();
  const inputs = page.locator("input.chance-input");
  const before = await database()<{ id: number; weight: number }[]>`SELECT id, weight FROM treat_options WHERE deleted_at IS NULL ORDER BY id`;
  const first = inputs.first();
  const value = Number(await first.inputValue());
  await first.fill((value + 1.5).toFixed(2));
  if (javaScriptEnabled) await expect(page.locator(".chance-total--error")).toContainText("Total for all treats needs to add up to 100%, is currently:");
  await page.getByRole("button", { name: "Save chances" }).click();
  await expect(page.getByRole("alert")).toContainText(/Total for all treats needs to add up to 100%, is currently: \d+\.\d{2}%/);
  // Only the rows that were there: other tests add their own weight-0 Treats meanwhile.
  const after = await database()<{ id: number; weight: number }[]>`SELECT id, weight FROM treat_options WHERE id IN ${database()(before.map((row) => row.id))} ORDER BY id`;
  expect(after).toEqual(before);
});
