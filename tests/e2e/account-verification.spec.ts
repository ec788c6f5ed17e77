import { createMember, database, logInAs, memberRow } from "./support/accounts";
import { linkIn, waitForMail } from "./support/mail";
import { expect, test } from "./fixtures";

test("an unverified member resends the link from the banner, confirms, and their pending Treat Points are awarded", async ({ page }) => {
  const member = await createMember({ verified: false });
  // What awardPoints records for an unverified member (tests/integration/auth-points.test.ts covers the function).
  await database()`INSERT INTO points_entries (user_id, points, reason, status) VALUES (${member.id}, 25, 'Review of a dog walk', 'pending')`;
  await logInAs(page.context(), member);
  await page.goto("/account");
  const banner = page.getByRole("region", { name: "Confirm your email address" });
  await expect(banner).toContainText("Please confirm your email address");
  await expect(page.getByText("25 more are waiting until you confirm your email address.")).toBeVisible();

  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText("Sent! Check your inbox.")).toBeVisible();

  const mail = await waitForMail(member.email, "Confirm your email address");
  await page.goto(linkIn(mail, "/account/verify"));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("Thank you: your email address is confirmed. Your 25 pending Treat Points have been added.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);
  expect((await memberRow(member.id)).points).toBe(25);
  const [pending] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM points_entries WHERE user_id = ${member.id} AND status = 'pending'`;
  expect(pending.count).toBe(0);
});

test("verified members see no banner, and /dev/mail does not exist in production", { tag: "@same-without-js" }, async ({ page }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: /^Hello/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);
  const response = await page.request.get("/dev/mail");
  expect(response.status()).toBe(404);
});
