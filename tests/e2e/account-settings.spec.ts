import { createMember, database, logInAs, memberRow, sessionCookieValue, sessionExists, uniqueEmail } from "./support/accounts";
import { completeCaptcha } from "./support/captcha";
import { linkIn, waitForMail } from "./support/mail";
import { expect, test } from "./fixtures";

/** With JavaScript the settings forms open in a modal; without, the link goes to the form's own page. */
async function openSetting(page: import("@playwright/test").Page, link: string, path: string) {
  // With JavaScript the link opens a modal once the page is hydrated; a click before that follows the
  // link, as without JavaScript. So wait for it: the test is about the modal.
  const hydrated = test.info().project.name === "js";
  if (hydrated) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: link }).click();
  if (hydrated) {
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/account\/settings\/$/);
    await expect(dialog.getByRole("button").last()).toBeVisible();
    return dialog;
  }
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page.locator("main");
}

test("the email address changes only after the new address is confirmed", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  const newEmail = uniqueEmail("moved");
  await page.goto("/account/settings/");
  const form = await openSetting(page, "Change email", "/account/settings/email");
  await form.getByLabel("New email address").fill(newEmail);
  await completeCaptcha(page, form);
  await form.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText(`We have sent a link to ${newEmail}`)).toBeVisible();
  expect((await memberRow(member.id)).email).toBe(member.email);

  const mail = await waitForMail(newEmail, "Confirm your new email address");
  await page.goto(linkIn(mail, "/account/verify"));
  await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Your email address has changed" })).toBeVisible();
  expect((await memberRow(member.id)).email).toBe(newEmail);
  await waitForMail(member.email, "Your Pawroute email address has changed");
  await page.goto("/account/settings/");
  await expect(page.getByText(newEmail)).toBeVisible();
});

test("changing the password asks for the current one and ends the other sessions", async ({ page, browser }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  const elsewhere = await browser.newContext();
  const otherSession = await logInAs(elsewhere, member);
  await page.goto("/account/settings/");
  const form = await openSetting(page, "Change password", "/account/settings/password");
  await form.getByLabel("Current password").fill(member.password);
  await form.getByLabel("New password", { exact: true }).fill("walkies every day");
  await form.getByLabel("Repeat your new password").fill("walkies every day");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been updated successfully")).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
  expect(await sessionExists(otherSession)).toBe(false);
  await waitForMail(member.email, "Your Pawroute password has changed");
  await elsewhere.close();
});

test("a member without a password sets one without a current-password row", async ({ page }) => {
  const member = await createMember({ password: null });
  await logInAs(page.context(), member);
  await page.goto("/account/settings/password");
  await expect(page.getByRole("heading", { name: "Set a password" })).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveCount(0);
  await page.getByLabel("New password", { exact: true }).fill("my first password");
  await page.getByLabel("Repeat your new password").fill("my first password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been updated successfully")).toBeVisible();
  expect((await memberRow(member.id)).password_hash).toMatch(/^\$argon2id\$/);
});

test("the address form defaults to the United Kingdom, hides 250-253 and saves", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/account/settings/");
  const form = await openSetting(page, "Add address", "/account/settings/address");
  const country = form.getByLabel("Country");
  await expect(country).toHaveValue("235");
  const values = await country.locator("option").evaluateAll((options) => options.map((option) => option.getAttribute("value")));
  expect(values).toContain("75");
  for (const hidden of ["250", "251", "252", "253"]) expect(values).not.toContain(hidden);
  await form.getByLabel("Address", { exact: true }).fill("1 Kennel Lane");
  await form.getByLabel("Town or city").fill("Barkston");
  await form.getByLabel("Postcode").fill("ng32 2ab");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Your address has been updated successfully")).toBeVisible();
  await expect(page.getByText("1 Kennel Lane, Barkston, NG32 2AB, United Kingdom")).toBeVisible();
});

test("the address page shows why it was opened (?reason=) and returns to the target", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/account/settings/address?reason=redeem&redirectTo=%2Faccount");
  await expect(page.getByText("We need your address to post your Treat to you.")).toBeVisible();
  await page.getByLabel("Address", { exact: true }).fill("2 Collar Street");
  await page.getByLabel("Town or city").fill("Lyon");
  await page.getByLabel("Postcode").fill("69001");
  await page.getByLabel("Country").selectOption("75");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/account/settings/address?reason=<script>alert(1)</script>");
  await expect(page.locator(".form-lead--reason")).toHaveCount(0);
});

test("email settings show the number of lists: '1 list', 'N lists'", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/account/settings/");
  await expect(page.getByText("You are subscribed to 0 lists")).toBeVisible();
  let form = await openSetting(page, "Edit email settings", "/account/settings/email-settings");
  await form.getByLabel(/The Pawroute newsletter/).check();
  await form.getByRole("button", { name: "Save email settings" }).click();
  await expect(page.getByText("Your email settings have been updated successfully")).toBeVisible();
  await expect(page.getByText("You are subscribed to 1 list", { exact: true })).toBeVisible();
  form = await openSetting(page, "Edit email settings", "/account/settings/email-settings");
  await form.getByLabel(/Treats and prize draws/).check();
  await form.getByLabel(/Bark Out/).check();
  await form.getByRole("button", { name: "Save email settings" }).click();
  await expect(page.getByText("You are subscribed to 3 lists")).toBeVisible();
});

test("a member ends one of their other sessions, then all of them", async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  const other = await sessionCookieValue(member, "Mozilla/5.0 (Windows NT 10.0) Firefox/128.0");
  const third = await sessionCookieValue(member, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/605.1");
  await page.goto("/account/settings/");
  await expect(page.getByText("Firefox on Windows")).toBeVisible();
  await expect(page.getByText("this browser")).toBeVisible();
  await page.locator(".session", { hasText: "Firefox on Windows" }).getByRole("button", { name: "End this session" }).click();
  await expect(page.getByText("The session has been ended successfully")).toBeVisible();
  expect(await sessionExists(other.sessionId)).toBe(false);
  expect(await sessionExists(third.sessionId)).toBe(true);

  await page.getByRole("link", { name: "End all sessions" }).click();
  await expect(page.getByText("Are you sure you want to cancel all sessions? You will be logged out.")).toBeVisible();
  await page.getByRole("button", { name: "End all sessions" }).click();
  await expect(page).toHaveURL(/\/account\/login\/$/);
  expect(await sessionExists(third.sessionId)).toBe(false);
  const [left] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM sessions WHERE user_id = ${member.id}`;
  expect(left.count).toBe(0);
});

test.describe("bad input", () => {
  test.use({ allowClientErrors: true });

  test("settings forms answer bad input with the spec's messages and change nothing", async ({ page }) => {
    const member = await createMember();
    await logInAs(page.context(), member);
    await page.goto("/account/settings/password");
    await page.getByLabel("Current password").fill("wrong password");
    await page.getByLabel("New password", { exact: true }).fill("walkies every day");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("You must repeat your new password")).toBeVisible();
    // Passwords are never sent back to the page, so they are typed again.
    await page.getByLabel("Current password").fill("wrong password");
    await page.getByLabel("New password", { exact: true }).fill("walkies every day");
    await page.getByLabel("Repeat your new password").fill("walkies every day");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your current password is not right").first()).toBeVisible();
    const before = await memberRow(member.id);

    await page.goto("/account/settings/address");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("Please enter your address", { exact: true })).toBeVisible();
    await expect(page.getByText("Please enter your town")).toBeVisible();
    await expect(page.getByText("Please enter your postcode")).toBeVisible();
    const [addresses] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM addresses WHERE user_id = ${member.id}`;
    expect(addresses.count).toBe(0);
    expect((await memberRow(member.id)).password_hash).toBe(before.password_hash);
  });
});
