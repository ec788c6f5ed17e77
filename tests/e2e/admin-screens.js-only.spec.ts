import { createMember, database, logInAs } from "./support/accounts";
import { expect, reviewScreenshot, test } from "./fixtures";

// The back office's main screens at 1280 and 390 px: no sideways scrolling, with 25 rows a page, and
// screenshots for people to look at (E2E_SCREENSHOTS=1). Their axe check, at both widths, is the route
// table's walk (axe-route-table.js-only.spec.ts, decision 0317); one administrator walks them all per width.

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
  test(`the back office's main pages at ${width} px never scroll sideways`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await logInAs(page.context(), await createMember({ admin: true, label: "screens-admin" }));
    for (const name of ["dashboard", "listings", "view-edit", "reviews", "review", "users", "user"]) {
      const path = await pathOf(name);
      await page.goto(path);
      await expect(page.locator("html"), path).toHaveAttribute("data-hydrated", "true");
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      await reviewScreenshot(page, { path: testInfo.outputPath(`admin-${name}-${width}.png`), fullPage: true });
    }
  });
}
