import { createMember, database, logInAs, memberRow, sessionCookieValue, sessionExists, uniqueUsername } from "./support/accounts";
import { expect, test } from "./fixtures";

// Members in the back office, JavaScript on and off: find a member, award Treat Points (a resent form
// counts once), change their username (the member form's rules), delete them (deactivated, anonymised,
// every session ended), and never delete oneself.

// Invalid input is answered 422 on purpose (Chromium logs that line without JavaScript).
test.use({ allowClientErrors: true });

test("an administrator awards points once, changes a username and deletes a member, whose sessions end", async ({ page, request, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const admin = await createMember({ admin: true, label: "users-admin" });
  const member = await createMember({ label: "users-member" });
  const { sessionId } = await sessionCookieValue(member);
  await logInAs(page.context(), admin);

  await page.goto(`/account/admin/users?q=${encodeURIComponent(member.email)}`);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText("Showing 1–1 of 1 members")).toBeVisible();
  await page.getByRole("link", { name: member.username ?? "(no username yet)" }).click();
  await expect(page).toHaveURL(`/account/admin/users/${member.id.toString(16)}`);

  // Award points: the spec's rules, then an award; the same form sent again counts once.
  await page.getByLabel("Points to award").fill("0");
  await page.getByLabel("Reason").fill("Great photos");
  await page.getByRole("button", { name: "Award points" }).click();
  await expect(page.getByText("Please award at least 1 point")).toBeVisible();
  await page.getByLabel("Points to award").fill("40");
  const key = await page.locator('input[name="key"]').inputValue();
  await page.getByRole("button", { name: "Award points" }).click();
  await expect(page.getByText("40 Treat Points have been awarded")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Treat Points: 40" })).toBeVisible();
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "pawroute_session")?.value;
  const resent = await request.post(`/account/admin/users/${member.id.toString(16)}`, {
    headers: { Cookie: `pawroute_session=${cookie}` },
    form: { intent: "award", points: "40", message: "Great photos", key },
    maxRedirects: 0,
  });
  expect(resent.status()).toBe(302);
  expect((await memberRow(member.id)).points).toBe(40);
  await expect(page.locator("#points-heading ~ table")).toContainText("Great photos");

  // Username: the member form's rules.
  await page.getByLabel("Username", { exact: true }).fill("ab");
  await page.getByRole("button", { name: "Save username" }).click();
  await expect(page.getByText("Please choose a username that is at least 5 characters long.")).toBeVisible();
  const username = uniqueUsername("ren", 10);
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByRole("button", { name: "Save username" }).click();
  await expect(page.getByText("The username has been updated")).toBeVisible();
  expect((await memberRow(member.id)).username).toBe(username);

  // Delete, with the spec's confirmation; the member is anonymised and logged out everywhere.
  await page.getByRole("button", { name: "Delete this member" }).click();
  const confirmation = javaScriptEnabled ? page.getByRole("dialog", { name: "Please confirm" }) : page.locator(".admin-confirm");
  await expect(confirmation.getByText("Are you sure you want to delete this user? This action cannot be undone and the user will no longer be able to use the website.")).toBeVisible();
  await confirmation.getByRole("button", { name: "Delete the member" }).click();
  await expect(page.getByText("The user has been deleted")).toBeVisible();
  expect(await sessionExists(sessionId)).toBe(false);
  const [row] = await database()<{ email: string; username: string | null; password_hash: string | null; deactivated: boolean; points: number }[]>`
    SELECT email, username, password_hash, deactivated_at IS NOT NULL AS deactivated, points FROM users WHERE id = ${member.id}`;
  expect(row).toMatchObject({ username: null, password_hash: null, deactivated: true });
  expect(row.email).not.toContain(member.email.split("@")[0]);
});

test("an administrator cannot delete their own account; bulk delete says so", async ({ page, javaScriptEnabled }) => {
  const admin = await createMember({ admin: true, label: "self-admin" });
  await logInAs(page.context(), admin);
  await page.goto(`/account/admin/users/${admin.id.toString(16)}`);
  await expect(page.getByRole("button", { name: "Delete this member" })).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "pawroute_session")?.value;
  const response = await page.request.post("/account/admin/users", { headers: { Cookie: `pawroute_session=${cookie}` }, form: { intent: "delete", ids: String(admin.id), confirmed: "1" } });
  expect(response.status()).toBe(409);
  expect(await response.text()).toContain("The user could not be deleted - you cannot delete your own account");
  const [row] = await database()<{ deactivated: boolean }[]>`SELECT deactivated_at IS NOT NULL AS deactivated FROM users WHERE id = ${admin.id}`;
  expect(row.deactivated).toBe(false);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
});
