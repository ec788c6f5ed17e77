import { createMember, memberByEmail, memberRow, uniqueEmail, uniqueUsername } from "./support/accounts";
import { linkIn, waitForMail } from "./support/mail";
import { expect, test } from "./fixtures";

// Several steps submit bad input on purpose: the 4xx answers are expected.
test.use({ allowClientErrors: true });

test("a visitor joins, confirms the mailed link, chooses a username and lands on their account", async ({ page }) => {
  const email = uniqueEmail("join");
  await page.goto("/join");
  await expect(page.getByRole("heading", { name: "Join Pawroute" })).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a long dog walk");
  await page.getByLabel("Repeat your password").fill("a long dog walk");
  await page.getByRole("button", { name: "Join Pawroute" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const member = await memberByEmail(email);
  expect(member?.email_verified).toBe(false);

  const mail = await waitForMail(email, "Confirm your email address");
  expect(mail.html).toContain("<h1");
  await page.goto(linkIn(mail, "/account/verify"));
  await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();

  await expect(page).toHaveURL(/\/account\/set-username/);
  await expect(page.getByText("Thank you: your email address is confirmed.")).toBeVisible();
  await page.getByLabel("Username").fill("ab");
  await page.getByRole("button", { name: "Save username" }).click();
  await expect(page.getByText("Please choose a username that is at least 5 characters long.")).toBeVisible();
  const username = uniqueUsername("dog_", 12);
  await page.getByLabel("Username").fill(username);
  await page.getByRole("button", { name: "Save username" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: `Hello, ${username}!` })).toBeVisible();
  expect(await memberByEmail(email)).toMatchObject({ email_verified: true });

  // The link works once.
  await page.goto(linkIn(mail, "/account/verify"));
  await expect(page.getByText("This link has already been used. Each link works only once.")).toBeVisible();
});

test("joining with an address that has an account answers the same and mails its owner instead", async ({ page }) => {
  const owner = await createMember({ label: "owner" });
  await page.goto("/join");
  await page.getByLabel("Email address").fill(owner.email.toUpperCase());
  await page.getByLabel("Password", { exact: true }).fill("another password");
  await page.getByLabel("Repeat your password").fill("another password");
  await page.getByRole("button", { name: "Join Pawroute" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await waitForMail(owner.email, "Your Pawroute account");
  expect((await memberRow(owner.id)).password_hash).not.toBeNull();
});

test("the join form shows the spec's messages and keeps what was typed (but never passwords)", async ({ page }) => {
  await page.goto("/join");
  await page.getByRole("button", { name: "Join Pawroute" }).click();
  await expect(page.getByText("Please enter your email address")).toBeVisible();
  await page.getByLabel("Email address").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("a long dog walk");
  await page.getByRole("button", { name: "Join Pawroute" }).click();
  await expect(page.getByText("Please enter a valid email address, such as name@example.com")).toBeVisible();
  await expect(page.getByText("You must repeat your new password")).toBeVisible();
  await page.getByLabel("Repeat your password").fill("a short dog walk");
  await page.getByRole("button", { name: "Join Pawroute" }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue("not-an-email");
});
