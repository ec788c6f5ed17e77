// The member area's pages, looked at (screenshots at 1280 and 390 px into the gitignored
// tests/e2e/screenshots/) and checked with axe: no serious or critical violations.
import type { Page } from "@playwright/test";
import { createMember, database, logInAs, type TestMember } from "./support/accounts";
import { awardTestPoints, testImage } from "./support/members";
import { expect, REVIEW_SCREENSHOTS, reviewScreenshot, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

/** A member with a bio, a profile image, two gallery photos and some points. */
async function livelyMember(page: Page): Promise<TestMember> {
  const member = await createMember({ label: "screens" });
  await database()`UPDATE users SET attributes = ${database().json({ bio: "Two spaniels, one campervan and a soft spot for pub walks with a river at the end.", "twitter-username": "spaniel_van" })} WHERE id = ${member.id}`;
  await awardTestPoints(member.id, 35, `e2e-screens-${member.id}`);
  await logInAs(page.context(), member);
  await page.goto("/account/edit-profile");
  await page.getByLabel("Add a profile image").setInputFiles(await testImage("me.png", "#c84"));
  await page.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByText("Your profile image has been updated successfully")).toBeVisible();
  await page.getByLabel("Add photos to your gallery").setInputFiles([await testImage("a.png", "#2a6"), await testImage("b.png", "#26a")]);
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.locator(".member-gallery__item")).toHaveCount(2);
  return member;
}

test("the member pages look right at 1280 and 390 px and have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(240_000);
  const member = await livelyMember(page);
  const pages = [
    ["account", "/account"],
    ["profile", `/profile/${member.username}`],
    ["edit-profile", "/account/edit-profile"],
    ["leaderboard", "/leaderboard?period=month"],
    ["refer-a-friend", "/account/refer-a-friend"],
    ["social-media", "/account/social-media"],
    ["receipts", "/account/receipts"],
  ] as const;
  // axe at 1280 px; the 390 px pass only takes pictures, so it runs only when they are taken (E2E_SCREENSHOTS=1).
  for (const width of REVIEW_SCREENSHOTS ? [1280, 390] : [1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/member-${name}-${width}.png`, fullPage: true });
      if (width === 1280) expect(await seriousViolations(page), path).toEqual([]);
    }
  }
  // A visitor's view of the profile, and (a picture only) the mobile leaderboard with a row opened.
  if (REVIEW_SCREENSHOTS) {
    await page.goto("/leaderboard?period=month");
    await page.locator(".leaderboard-list details").first().locator("summary").click();
    await reviewScreenshot(page, { path: "tests/e2e/screenshots/member-leaderboard-open-390.png", fullPage: true });
  }
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/profile/${member.username}`);
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/member-profile-visitor-1280.png", fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test("the checklist's modals have no serious accessibility violations", async ({ page }) => {
  await logInAs(page.context(), await createMember({ label: "modals" }));
  await page.goto("/account");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator("[data-item='refer-a-friend']").getByRole("link", { name: "Refer a friend" }).click();
  await expect(page.getByRole("dialog").getByLabel("Your friend's email address")).toBeVisible();
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/member-refer-modal-1280.png" });
  expect(await seriousViolations(page)).toEqual([]);
});
