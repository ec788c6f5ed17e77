import { createMember, database, logInAs, sessionCookieValue } from "./support/accounts";
import { testImage } from "./support/members";
import { expect, test } from "./fixtures";

// Issue 50: an administrator removes a member's profile image from the member's back-office page, with
// JavaScript (a confirmation dialog) and without (a confirmation section), and the page shows it gone.
// The actions' rules (role, 415, audit, review galleries) are in tests/integration/admin-photos.test.ts.

test("an administrator removes a member's profile image after confirming", async ({ page, context, request, javaScriptEnabled }) => {
  const admin = await createMember({ admin: true, label: "photos-admin" });
  const member = await createMember({ label: "photos-member" });
  const cookie = `pawroute_session=${(await sessionCookieValue(member)).value}`;
  const uploaded = await request.post("/api/gallery/items", { multipart: { file: await testImage("me.png", "#c84") }, headers: { Cookie: cookie } });
  expect(uploaded.status()).toBe(201);
  const { id: image } = (await uploaded.json()) as { id: string };
  await database()`UPDATE users SET attributes = attributes || ${database().json({ "profile-image": image })} WHERE id = ${member.id}`;

  await logInAs(context, admin);
  await page.goto(`/account/admin/users/${member.id.toString(16)}`);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const photos = page.getByRole("region", { name: "Photos" });
  await expect(photos.getByRole("img", { name: "Profile image 1" })).toBeVisible();
  await photos.getByRole("button", { name: "Remove photo (Profile image 1)" }).click();
  await expect(page.getByText("Are you sure you want to delete this image?")).toBeVisible();
  await page.getByRole("button", { name: "Remove photo", exact: true }).click();
  await expect(page.getByText("The member's profile image has been removed")).toBeVisible();
  await expect(photos.getByText("No profile image.")).toBeVisible();
  const [row] = await database()<{ image: string | null }[]>`SELECT attributes->>'profile-image' AS image FROM users WHERE id = ${member.id}`;
  expect(row.image).toBeNull();
  expect(await database()`SELECT 1 FROM uploaded_files WHERE id = ${image}`).toHaveLength(0);
});
