import { createMember, database, logInAs } from "./support/accounts";
import { expect, reviewScreenshot, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// The back office's main screens: no serious or critical axe violations, and screenshots at 1280 and
// 390 px (test-results/, to look at) with no sideways scrolling on a phone.

/** Where each screen is, from the test database (the demo data has submitted listings, reviews and members). */
async function pathOf(name: string): Promise<string> {
  switch (name) {
    case "dashboard":
      return "/account/admin";
    case "listings":
      return "/account/admin/listings/submitted?limit=25";
    case "view-edit": {
      const [listing] = await database()<{ id: number }[]>`SELECT min(listing_id) AS id FROM listing_versions WHERE status = 1`;
      return `/account/admin/view-edit?location=${listing.id}`;
    }
    case "reviews":
      return "/account/admin/reviews?limit=25";
    case "review": {
      const [review] = await database()<{ id: number }[]>`SELECT min(id) AS id FROM reviews`;
      return review.id ? `/account/admin/reviews/${review.id.toString(16)}` : "/account/admin/reviews";
    }
    case "users":
      return "/account/admin/users?limit=25";
    default: {
      const [member] = await database()<{ id: number }[]>`SELECT min(id) AS id FROM users WHERE NOT is_admin AND deactivated_at IS NULL`;
      return `/account/admin/users/${member.id.toString(16)}`;
    }
  }
}

for (const width of [1280, 390]) {
  for (const name of ["dashboard", "listings", "view-edit", "reviews", "review", "users", "user"]) {
    test(`the back office's ${name} page at ${width} px: no serious accessibility violations, no sideways scrolling`, async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await logInAs(page.context(), await createMember({ admin: true, label: "screens-admin" }));
      const path = await pathOf(name);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      expect(await seriousViolations(page), path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      await reviewScreenshot(page, { path: testInfo.outputPath(`admin-${name}-${width}.png`), fullPage: true });
    });
  }
}
