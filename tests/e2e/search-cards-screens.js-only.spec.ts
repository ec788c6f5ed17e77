import { createMember, database, logInAs } from "./support/accounts";
import { expect, reviewScreenshot, test } from "./fixtures";
import { favouriteTogglesReady } from "./support/hydration";
import { atEachWidth, seriousViolations } from "./support/axe";

// Screenshots (tests/e2e/screenshots/, gitignored) and axe for the pages issue 10's second helper
// touched: result cards with the favourite toggle, the business filters, an invalid filter's row and
// a listing page whose nearby places fall back to any type. No serious or critical violations.

async function lonelyListingUrl(): Promise<string> {
  const [row] = await database()<{ url: string }[]>`
    SELECT '/' || l.walk_type || '/' || l.slug AS url FROM (SELECT * FROM listings WHERE status = 2 AND free ORDER BY id LIMIT 500) l
    WHERE NOT EXISTS (SELECT 1 FROM listings o WHERE o.status = 2 AND o.id <> l.id AND o.type_id = l.type_id AND ST_DWithin(o.location, l.location, 483))
      AND EXISTS (SELECT 1 FROM listings o WHERE o.status = 2 AND o.id <> l.id AND ST_DWithin(o.location, l.location, 8000))
    ORDER BY l.id LIMIT 1`;
  return row.url;
}

test.use({ allowClientErrors: true });

for (const width of [1280, 390]) {
  test(`result cards of a member with the Saved to tooltip at ${width} px`, async ({ page }) => {
    const member = await createMember({ label: "cards-screens" });
    await logInAs(page.context(), member);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/browse/road/united-kingdom/m6");
    await favouriteTogglesReady(page);
    const card = page.locator(".result-card").first();
    await card.getByRole("button", { name: /^Save / }).click();
    await expect(card.locator(".favourite__tooltip")).toBeVisible();
    await card.locator(".favourite__tooltip").hover();
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/cards-favourite-${width}.png` });
    expect(await seriousViolations(page, ".maplibregl-canvas")).toEqual([]);
    await database()`DELETE FROM favourite_lists WHERE user_id = ${member.id}`;
  });
}

// The next three states survive a change of width (an open disclosure, a page as loaded): each is loaded once
// at 390 px, checked, widened to 1280 px and checked again (atEachWidth, decisions 0330 and 0335).
test("result cards of a visitor with the members-only tooltip at 390 and 1280 px", async ({ page }) => {
  await atEachWidth(
    page,
    async () => {
      await page.goto("/browse/dog-friendly-accommodation");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.locator(".result-card .favourite > summary").first().click();
    },
    async (width) => {
      await expect(page.locator(".result-card .favourite[open] .favourite__tooltip").first(), `the tooltip open at ${width} px`).toBeVisible();
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/cards-visitor-accommodation-${width}.png`, fullPage: true });
      expect.soft(await seriousViolations(page, ".maplibregl-canvas"), `at ${width} px`).toEqual([]);
    },
  );
});

test("an invalid filter's row at 390 and 1280 px", async ({ page }) => {
  await atEachWidth(
    page,
    async () => {
      await page.goto("/location?location=York&distance=500");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    },
    async (width) => {
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/filters-invalid-${width}.png`, fullPage: true });
      expect.soft(await seriousViolations(page, ".maplibregl-canvas"), `at ${width} px`).toEqual([]);
    },
  );
});

test("a listing page whose nearby places are of any type at 390 and 1280 px", async ({ page }) => {
  await atEachWidth(
    page,
    async () => {
      await page.goto(await lonelyListingUrl());
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect(page.locator(".nearby__note")).toContainText("These are the nearest places of any kind:");
    },
    async (width) => {
      await page.locator(".nearby").scrollIntoViewIfNeeded();
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/listing-nearby-any-type-${width}.png`, fullPage: true });
      expect.soft(await seriousViolations(page, ".maplibregl-canvas"), `at ${width} px`).toEqual([]);
    },
  );
});
