import { createMember, logInAs } from "./support/accounts";
import { axeBuilder, seriousViolations } from "./support/axe";
import { expect, reviewScreenshot, test } from "./fixtures";

// The Bark Out, story, contact and FAQ pages in states the route table's axe walk does not reach (filters
// open, menus open), with screenshots for people to look at (E2E_SCREENSHOTS=1). The pages as loaded
// (/bark-out/, a post, /bark-out/submit, /contact, /faqs, /add-listing) are checked at 1280 and 390 px by
// axe-route-table.js-only.spec.ts (decision 0317).

const PAGES = [
  ["bark-out", "/bark-out/"],
  ["post", "/bark-out/beaches-that-welcome-dogs-all-year"],
  ["story", "/bark-out/submit"],
  ["contact", "/contact"],
  ["faqs", "/faqs"],
] as const;

// Pictures only: run with E2E_SCREENSHOTS=1 (decision 0312).
test("screenshots of the Bark Out pages at 1280 and 390 px, for a reviewer @review-screenshots", async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of PAGES) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/blog-${name}-${width}.png`, fullPage: true });
    }
  }
});

test("the listing with the category checklist and search panel open has no serious violations", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/bark-out/?category=walks&q=dog");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("checkbox", { name: "Walks" })).toBeVisible();
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/blog-bark-out-filters-1280.png", fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test("/add-listing: every control's visible text is part of its accessible name (label-content-name-mismatch)", async ({ page }) => {
  await page.goto("/add-listing");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  const results = await axeBuilder(page).withRules(["label-content-name-mismatch"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
});

for (const role of ["visitor", "member", "admin"] as const) {
  test(`the header for a ${role} at 1280 and 390 px, menus open: screenshots and no serious violations`, async ({ page }) => {
    if (role !== "visitor") await logInAs(page.context(), await createMember({ admin: role === "admin", label: `header-${role}` }));
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto("/bark-out/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.locator(".main-nav .nav-more > summary").click();
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/header-${role}-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(".mobile-menu > summary").click();
    await page.locator(".mobile-menu__panel .nav-more > summary").click();
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/header-${role}-390.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
