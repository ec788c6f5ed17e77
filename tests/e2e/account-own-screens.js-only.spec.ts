import { liveListing, ownListing, removeListings } from "./listing-support";
import { createMember, database, logInAs, uniqueUsername } from "./support/accounts";
import { expect, REVIEW_SCREENSHOTS, reviewScreenshot, test } from "./fixtures";
import { favouriteTogglesReady } from "./support/hydration";
import { atEachWidth, seriousViolations } from "./support/axe";

// Issue 10 (account half): pictures to look at (tests/e2e/screenshots/ is gitignored) and axe checks of
// the account menu, your listings and your reviews.

async function memberWithThings() {
  const member = await createMember({ label: "screens", username: uniqueUsername("walkies_fan") });
  const listings = [await ownListing(member.id, { status: 1, title: "Riverside meadow loop" }), await ownListing(member.id, { status: 4, title: "Beech wood circuit" }), await ownListing(member.id, { status: 3, title: "Old quarry path" })];
  const reviewed = await liveListing(4);
  await database()`
    INSERT INTO reviews (listing_id, user_id, rating, title, content, status)
    VALUES (${reviewed.id}, ${member.id}, 5, 'A favourite', ${"Wide paths, a stream for paddling and a friendly café at the car park that keeps a water bowl by the door. ".repeat(2)}, 0)`;
  return { member, listings };
}

// At 1280 px the logged-in header fits on one line; the rest are pictures, and the 390 px test is pictures
// only (run with E2E_SCREENSHOTS=1, decision 0312).
for (const width of [1280, 390]) {
  const title = width === 1280 ? "the logged-in header fits on one line at 1280 px; screenshots of the account menu, your listings and your reviews" : `screenshots of the account menu, your listings and your reviews at ${width} px @review-screenshots`;
  test(title, async ({ page }) => {
    const { member, listings } = await memberWithThings();
    try {
      await logInAs(page.context(), member);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/account/listings");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      if (width === 1280) {
        const header = await page.locator(".site-header__inner").boundingBox();
        expect(header?.height).toBeLessThan(80);
      }
      if (!REVIEW_SCREENSHOTS) return;
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-listings-${width}.png`, fullPage: true });
      await page.goto("/account/reviews");
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-reviews-${width}.png`, fullPage: true });
      await page.locator(width === 1280 ? ".site-header__inner > .account-menu > summary" : ".mobile-menu > summary").click();
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-header-menu-${width}.png` });
    } finally {
      await removeListings(listings.map((listing) => listing.id));
    }
  });
}

test("your listings, your reviews and the open account menu have no serious or critical accessibility violations", async ({ page }) => {
  const { member, listings } = await memberWithThings();
  try {
    await logInAs(page.context(), member);
    for (const path of ["/account/listings", "/account/reviews"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.locator(".site-header__inner > .account-menu > summary").click();
    await expect(page.locator(".account-menu__panel")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await removeListings(listings.map((listing) => listing.id));
  }
});

// One member and one journey: the list editor open with a new list, then another account's verification link,
// each reached once at 390 px, checked, widened to 1280 px and checked again (atEachWidth, decisions 0330 and
// 0335; the dialog stays open as the window widens). The tooltip's picture is taken at 390 px.
test("the favourite list editor and a verification link of another account have no serious axe violations at 390 and 1280 px; screenshots of them, the tooltip and the listing form", async ({ page }) => {
  test.setTimeout(240_000);
  const member = await createMember({ label: "screens-fav" });
  await logInAs(page.context(), member);
  const listing = await liveListing(25);
  const editor = page.getByRole("dialog");
  await atEachWidth(
    page,
    async () => {
      await page.goto(listing.url);
      await favouriteTogglesReady(page);
      await page.getByRole("button", { name: "Save to favourites" }).click();
      await page.locator(".favourite__tooltip").hover();
      await reviewScreenshot(page, { path: "tests/e2e/screenshots/account-favourite-tooltip-390.png" });
      await page.getByRole("link", { name: "Saved to favourites" }).click();
      await editor.getByLabel("New list").fill("Weekend walks");
      await editor.getByRole("button", { name: "Add to a new list" }).click();
    },
    async (width) => {
      await expect(editor.getByText(/Its page is public/)).toBeVisible();
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-favourite-editor-${width}.png` });
      expect.soft(await seriousViolations(page), `the list editor at ${width} px`).toEqual([]);
    },
  );

  if (REVIEW_SCREENSHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/add-listing");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.locator(".editor__toolbar").scrollIntoViewIfNeeded();
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-add-listing-editor-${width}.png` });
      await page.locator(".uploader").scrollIntoViewIfNeeded();
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-add-listing-uploader-${width}.png` });
    }
  }

  const them = await createMember({ label: "screens-them", verified: false });
  const token = `screens${Math.random().toString(36).slice(2)}`;
  const { createHash } = await import("node:crypto");
  await database()`
    INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at)
    VALUES (${them.id}, 'verify-email', ${createHash("sha256").update(token).digest("hex")}, ${them.email}, now() + interval '1 hour')`;
  await atEachWidth(
    page,
    async () => {
      await page.goto(`/account/verify?token=${token}`);
    },
    async (width) => {
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-verify-other-${width}.png` });
      expect.soft(await seriousViolations(page), `another account's verification link at ${width} px`).toEqual([]);
    },
  );
  if (REVIEW_SCREENSHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/account");
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/account-overview-${width}.png`, fullPage: true });
    }
  }
  await database()`DELETE FROM favourite_lists WHERE user_id = ${member.id}`;
});
