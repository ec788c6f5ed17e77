// With JavaScript: 'More' in the mobile menu is remembered in a cookie; on wide screens it opens on
// hover (1180 px and up) with an overlay behind it.
import { expect, reviewScreenshot, test } from "./fixtures";
import { pageIsIdle } from "./support/hydration";

test("the mobile menu remembers 'More' in a cookie across pages", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator(".mobile-menu > summary").click();
  const more = page.locator(".mobile-menu__panel .nav-more");
  await more.locator("summary").click();
  await expect(more).toHaveAttribute("open", "");
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "menu-more")?.value).toBe("open");
  await page.goto("/bark-out/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator(".mobile-menu > summary").click();
  await expect(page.locator(".mobile-menu__panel .nav-more")).toHaveAttribute("open", "");
  await page.locator(".mobile-menu__panel .nav-more > summary").click();
  // The cookie is written by the details element's toggle event, after the click returns.
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "menu-more")?.value).toBe("closed");
});

test("at 1280 px 'More' opens on hover with an overlay; at 1000 px hovering does not open it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const more = page.locator(".main-nav .nav-more");
  await more.locator("summary").hover();
  await expect(more).toHaveAttribute("open", "");
  const overlay = await more.evaluate((element) => getComputedStyle(element, "::before").backgroundColor);
  expect(overlay).toMatch(/rgba\(0, 0, 0, 0\.35\)/);
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/header-more-1280.png" });
  await page.mouse.move(10, 600);
  await expect(more).not.toHaveAttribute("open", "");

  await page.setViewportSize({ width: 1000, height: 800 });
  await more.locator("summary").hover();
  // The hover's handlers have run (they open the menu at once where hover opens it).
  await pageIsIdle(page);
  await expect(more).not.toHaveAttribute("open", "");
});
