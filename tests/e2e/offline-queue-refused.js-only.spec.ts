import { ownListing, removeListings } from "./listing-support";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./support/test";
import { favouriteTogglesReady } from "./support/hydration";

// Issue 53: a change made offline that the site refuses when the network returns (here the listing was
// removed meanwhile) is not lost silently: the member is told which one could not be done. The refusal
// is a 404, which Chromium logs as a console error: this file lets 4xx lines through (support/test.ts).
test.use({ serviceWorkers: "allow", allowClientErrors: true });

test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

test("a favourite made offline for a listing removed meanwhile is reported when back online", async ({ page, context }) => {
  test.setTimeout(120_000);
  const member = await createMember({ label: "offline-refused" });
  const listing = await ownListing(null);
  await logInAs(context, member);
  await page.goto(listing.url);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: `Keep for offline ${listing.title}` }).click();
  await page.getByRole("group", { name: /for offline use\?/ }).getByRole("button", { name: "Keep it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Kept for offline:" })).toBeVisible({ timeout: 50_000 });

  await context.setOffline(true);
  await page.goto(listing.url);
  await expect(page.getByRole("status").filter({ hasText: /Offline: saved on/ })).toBeVisible();
  await favouriteTogglesReady(page);
  await page.getByRole("button", { name: "Save to favourites" }).click();
  await expect(page.getByRole("status").filter({ hasText: /You are offline: saving .* will be done when you are back online\./ })).toBeVisible();

  await removeListings([listing.id]);
  await context.setOffline(false);
  await expect(page.getByRole("alert").filter({ hasText: /Back online, but this could not be done: saving .* to your favourites\. Please try again\./ })).toBeVisible();
  expect(await database()`SELECT 1 FROM favourite_items i JOIN favourite_lists l ON l.id = i.list_id WHERE l.user_id = ${member.id}`).toHaveLength(0);
});
