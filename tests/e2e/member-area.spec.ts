// The member area with JavaScript on and off: the checklist reacting to real events, the profile form
// with its image and gallery, the public profile and the leaderboard.
import { randomUUID } from "node:crypto";
import { createMember, database, logInAs, memberRow } from "./support/accounts";
import { awardTestPoints, pointsEntriesOf, testImage } from "./support/members";
import { expect, test } from "./fixtures";

// The profile forms are sent with bad input on purpose (422/400 answers).
test.use({ allowClientErrors: true });

test("the checklist completes from real events, and can be dismissed and brought back", async ({ page, javaScriptEnabled }) => {
  const member = await createMember({ label: "checklist" });
  await logInAs(page.context(), member);
  await page.goto("/account");
  const checklist = page.locator(".checklist");
  await expect(checklist.getByRole("heading", { name: "Your checklist" })).toBeVisible();
  // Verified with a username: two of eight.
  await expect(checklist.getByText("2 of 8 done")).toBeVisible();
  await expect(checklist.locator("[data-item='social-media']")).toHaveAttribute("data-done", "false");

  // Follow on social media: the page without JavaScript, the modal with it (once hydrated: a click
  // before that opens the page, as without JavaScript).
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await checklist.getByRole("link", { name: "Follow us" }).click();
  const scope = javaScriptEnabled ? page.getByRole("dialog") : page.locator("main");
  await expect(scope.getByRole("link", { name: /Follow us on Facebook/ })).toHaveAttribute("href", /^https:\/\//);
  await scope.getByRole("button", { name: "I've followed Pawroute" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("Thank you for following Pawroute!")).toBeVisible();
  await expect(checklist.locator("[data-item='social-media']")).toHaveAttribute("data-done", "true");
  await expect(checklist.getByText("3 of 8 done")).toBeVisible();
  const [first] = await database()<{ at: Date }[]>`SELECT social_media_subscribed_at AS at FROM member_checklists WHERE user_id = ${member.id}`;
  expect(first.at).toBeTruthy();
  // Marking it done again keeps the first time (recorded once).
  await page.goto("/account/social-media");
  await expect(page.getByText("Thank you for following Pawroute!")).toBeVisible();
  await expect(page.getByRole("button", { name: "I've followed Pawroute" })).toHaveCount(0);

  // A review accepted by the moderators completes its item; a merely submitted one does not.
  const [listing] = await database()<{ id: number }[]>`SELECT id FROM listings WHERE status = 2 ORDER BY id LIMIT 1`;
  const [review] = await database()<{ id: number }[]>`
    INSERT INTO reviews (listing_id, user_id, rating, content, status) VALUES (${listing.id}, ${member.id}, 5, ${"A lovely walk. ".repeat(10)}, 0) RETURNING id`;
  await page.goto("/account");
  await expect(checklist.locator("[data-item='review']")).toHaveAttribute("data-done", "false");
  await database()`UPDATE reviews SET status = 2 WHERE id = ${review.id}`;
  await page.goto("/account");
  await expect(checklist.locator("[data-item='review']")).toHaveAttribute("data-done", "true");

  // Dismiss, then bring it back.
  await checklist.getByRole("button", { name: "Dismiss the checklist" }).click();
  await expect(page.locator(".checklist")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Show your checklist again" })).toBeVisible();
  // With JavaScript the list hides at once; reload only once the server has stored the dismissal.
  await expect
    .poll(async () => (await database()<{ dismissed: boolean }[]>`SELECT dismissed_at IS NOT NULL AS dismissed FROM member_checklists WHERE user_id = ${member.id}`)[0]?.dismissed)
    .toBe(true);
  await page.reload();
  await expect(page.locator(".checklist")).toHaveCount(0);
  await page.getByRole("button", { name: "Show your checklist again" }).click();
  await expect(page.locator(".checklist").getByText("4 of 8 done")).toBeVisible();
});

test("the checklist's subscribe item leads to the plans and is done while the member has an active subscription", async ({ page }) => {
  const member = await createMember({ label: "checklist-subscribe" });
  await logInAs(page.context(), member);
  await page.goto("/account");
  const item = page.locator(".checklist [data-item='subscribe']");
  await expect(item).toHaveAttribute("data-done", "false");
  await expect(item).toContainText("Choose a subscription plan");
  await item.getByRole("link", { name: "Choose a plan" }).click();
  await expect(page).toHaveURL(/\/account\/select-plan$/);
  await expect(page.getByRole("heading", { name: "Choose a plan" })).toBeVisible();

  // A current subscription (the payments issue's row) completes it.
  const [subscription] = await database()<{ id: number }[]>`
    INSERT INTO subscriptions (user_id, plan, expires_at) VALUES (${member.id}, 'monthly', now() + interval '30 days') RETURNING id`;
  await page.goto("/account");
  await expect(item).toHaveAttribute("data-done", "true");
  await expect(item.getByRole("link", { name: "Choose a plan" })).toHaveCount(0);
  await expect(page.locator(".checklist").getByText("3 of 8 done")).toBeVisible();

  // Lapsed or replaced, it is open again.
  await database()`UPDATE subscriptions SET expires_at = now() - interval '1 day' WHERE id = ${subscription.id}`;
  await page.goto("/account");
  await expect(item).toHaveAttribute("data-done", "false");
  await database()`UPDATE subscriptions SET expires_at = now() + interval '30 days', ended_at = now() WHERE id = ${subscription.id}`;
  await page.goto("/account");
  await expect(item).toHaveAttribute("data-done", "false");
});

test("the Treat Points balance and the latest ledger entries show on /account", { tag: "@same-without-js" }, async ({ page }) => {
  const member = await createMember({ label: "balance" });
  await awardTestPoints(member.id, 42, `e2e-balance-${randomUUID()}`);
  await logInAs(page.context(), member);
  await page.goto("/account");
  await expect(page.locator(".account-card__figure")).toContainText("42");
  await expect(page.locator(".points-table")).toContainText("e2e award");
});

test("profile details: the spec's twitter message, plain-text bio, and bio points earned once", async ({ page }) => {
  const member = await createMember({ label: "bio" });
  await logInAs(page.context(), member);
  await page.goto("/account/edit-profile");
  await page.getByLabel("Bio").fill("Two <b>terriers</b> and a van.");
  await page.getByLabel("Twitter username").fill("not valid!");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Please enter a valid twitter username, it can only contain letters, numbers and underscores.")).toBeVisible();
  await page.getByLabel("Twitter username").fill("@pawsome_dogs");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile details have been updated successfully.")).toBeVisible();
  await page.getByLabel("Bio").fill("Two terriers, a van and a map.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect
    .poll(async () => (await database()<{ bio: string }[]>`SELECT attributes->>'bio' AS bio FROM users WHERE id = ${member.id}`)[0].bio)
    .toBe("Two terriers, a van and a map.");
  await expect(page.getByText("Your profile details have been updated successfully.")).toBeVisible();
  expect(await pointsEntriesOf(member.id, "bio")).toHaveLength(1);
  expect((await memberRow(member.id)).points).toBe(5);

  await page.goto(`/profile/${member.username}`);
  await expect(page.getByRole("heading", { name: member.username ?? "" })).toBeVisible();
  await expect(page.locator(".profile-bio")).toHaveText("Two terriers, a van and a map.");
  await expect(page.getByRole("link", { name: "@pawsome_dogs" })).toBeVisible();
});

test("profile image: none, set, changed, deleted", async ({ page, javaScriptEnabled }) => {
  const member = await createMember({ label: "avatar" });
  await logInAs(page.context(), member);
  await page.goto("/account/edit-profile");
  await expect(page.getByText("You have no profile image yet.")).toBeVisible();
  await page.getByLabel("Add a profile image").setInputFiles(await testImage("dog.png", "#2a7"));
  await page.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByText("Your profile image has been updated successfully")).toBeVisible();
  const image = page.getByRole("img", { name: "Your profile image" });
  await expect(image).toBeVisible();
  const firstSrc = await image.getAttribute("src");

  await page.getByLabel("Change your profile image").setInputFiles(await testImage("dog2.png", "#a27"));
  await page.getByRole("button", { name: "Change image" }).click();
  await expect(page.getByText("Your profile image has been updated successfully")).toBeVisible();
  await expect(image).not.toHaveAttribute("src", firstSrc ?? "");
  // The replaced image is gone.
  expect((await page.request.get(firstSrc ?? "")).status()).toBe(404);

  // Deleting asks first (in a dialog with JavaScript, on the page without); 'No, keep it' keeps it.
  const question = javaScriptEnabled ? page.getByRole("dialog", { name: "Delete this image?" }) : page.getByRole("alert").filter({ hasText: "Are you sure" });
  await page.getByRole("button", { name: "Delete profile image" }).click();
  await expect(question).toContainText("Are you sure you want to delete this image?");
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/account\/edit-profile\?delete-image=1$/);
  await question.getByRole(javaScriptEnabled ? "button" : "link", { name: "No, keep it" }).click();
  await expect(question).toBeHidden();
  await expect(image).toBeVisible();
  await page.getByRole("button", { name: "Delete profile image" }).click();
  await question.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByText("Your profile image has been removed successfully.")).toBeVisible();
  await expect(page.getByText("You have no profile image yet.")).toBeVisible();
  const [row] = await database()<{ image: string | null }[]>`SELECT attributes->>'profile-image' AS image FROM users WHERE id = ${member.id}`;
  expect(row.image).toBeNull();
});

test("gallery: add photos, describe one, delete one (after the question)", async ({ page, javaScriptEnabled }) => {
  const member = await createMember({ label: "gallery" });
  await logInAs(page.context(), member);
  await page.goto("/account/edit-profile");
  await page.getByLabel("Add photos to your gallery").setInputFiles([await testImage("a.png", "#17a"), await testImage("b.png", "#a71")]);
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByText("Your photos have been added to your gallery.")).toBeVisible();
  await expect(page.locator(".member-gallery__item")).toHaveCount(2);

  await page.locator(".member-gallery__item").first().getByRole("link", { name: /^Edit/ }).click();
  const scope = javaScriptEnabled ? page.getByRole("dialog") : page.locator("main");
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/account\/edit-gallery\/[0-9a-f]{24}$/);
  await scope.getByLabel("Describe the photo").fill("Rosie on Brean beach");
  await scope.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/account\/edit-profile$/);
  await expect(page.getByText("The Image has been updated successfully.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Rosie on Brean beach" })).toBeVisible();

  await page.locator(".member-gallery__item").first().getByRole("link", { name: /^Edit/ }).click();
  if (javaScriptEnabled) {
    await page.getByRole("dialog").getByRole("button", { name: "Delete image" }).click();
    const question = page.getByRole("dialog", { name: "Delete this image?" });
    await expect(question).toContainText("Are you sure you want to delete this image?");
    await question.getByRole("button", { name: "Yes, delete it" }).click();
  } else {
    await page.getByRole("button", { name: "Delete image" }).click();
    await expect(page.getByText("Are you sure you want to delete this image?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
  }
  await expect(page).toHaveURL(/\/account\/edit-profile$/);
  await expect(page.locator(".member-gallery__item")).toHaveCount(1);
  const rows = await database()`SELECT 1 FROM member_gallery_items WHERE user_id = ${member.id}`;
  expect(rows).toHaveLength(1);

  // The public profile shows the gallery to anyone; the owner's controls only to the owner.
  await page.context().clearCookies();
  await page.goto(`/profile/${member.username}`);
  await expect(page.locator(".member-gallery__item")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Your profile" })).toHaveCount(0);
  await expect(page.getByLabel("Add photos to your gallery")).toHaveCount(0);
  await logInAs(page.context(), member);
  await page.goto(`/profile/${member.username}`);
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await expect(page.getByLabel("Add photos to your gallery")).toBeVisible();
});

test("unknown and deleted members' profiles are 404 pages", { tag: "@same-without-js" }, async ({ page }) => {
  expect((await page.goto("/profile/nobody_here_x"))?.status()).toBe(404);
  const gone = await createMember({ label: "gone" });
  await database()`UPDATE users SET deactivated_at = now() WHERE id = ${gone.id}`;
  expect((await page.goto(`/profile/${gone.username}`))?.status()).toBe(404);
});

test("the leaderboard orders members by points in the period and highlights your own row", async ({ page }) => {
  const top = await createMember({ label: "lb-top" });
  const second = await createMember({ label: "lb-second" });
  // Above every earlier run's members: the base grows with time.
  const base = Math.floor(Date.now() / 1000) - 1_700_000_000;
  await awardTestPoints(second.id, base + 1, `e2e-lb-${randomUUID()}`);
  await awardTestPoints(top.id, base + 2, `e2e-lb-${randomUUID()}`);
  await logInAs(page.context(), second);
  await page.goto("/leaderboard?period=month");
  await expect(page.getByRole("link", { name: "This month" })).toHaveAttribute("aria-current", "page");
  const names = page.locator(".leaderboard-table tbody tr td:nth-child(2) a");
  const all = await names.allInnerTexts();
  expect(all.indexOf(top.username ?? "")).toBeGreaterThanOrEqual(0);
  expect(all.indexOf(top.username ?? "")).toBeLessThan(all.indexOf(second.username ?? ""));
  await expect(page.locator(".leaderboard-table tr.leaderboard-row--me")).toContainText(second.username ?? "");
  await expect(page.locator(".leaderboard-me")).toContainText("You are");
  // No email anywhere on the page.
  expect(await page.content()).not.toContain("@e2e.pawroute.test");

  // More points move the second member up.
  await awardTestPoints(second.id, 10, `e2e-lb-${randomUUID()}`);
  await page.goto("/leaderboard?period=all");
  const after = await names.allInnerTexts();
  expect(after.indexOf(second.username ?? "")).toBeLessThan(after.indexOf(top.username ?? ""));
  await page.locator(".leaderboard-table tbody tr").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/profile\//);
});

test("the leaderboard's share tooltip opens and closes", async ({ page }) => {
  await page.goto("/leaderboard");
  const share = page.locator(".share-tooltip");
  await expect(share.getByLabel("Link to this leaderboard")).toBeHidden();
  await share.getByText("Share", { exact: true }).click();
  await expect(share.getByLabel("Link to this leaderboard")).toHaveValue(/\/leaderboard\?period=month$/);
  await share.getByText("Share", { exact: true }).click();
  await expect(share.getByLabel("Link to this leaderboard")).toBeHidden();
});

test("receipts: the empty state links to the subscription plans", { tag: "@same-without-js" }, async ({ page }) => {
  const member = await createMember({ label: "receipts" });
  await logInAs(page.context(), member);
  await page.goto("/account/receipts");
  await expect(page.getByRole("heading", { name: "Receipts" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See the subscription plans" })).toHaveAttribute("href", "/subscriptions");
});
