import { SECTIONS } from "../../app/navigation";
import { expect, test } from "./fixtures";

const unbuilt = SECTIONS.filter((section) => !section.built);

test("the desktop header links only to built sections", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toHaveCount(1);
  await expect(nav.getByRole("link", { name: "Search", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.locator(".mobile-menu")).toBeHidden();

  const hrefs = await page.locator("a[href^='/']").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  for (const section of unbuilt) expect(hrefs, `no link to the unbuilt ${section.to}`).not.toContain(section.to);
});

test("under 960 px the menu is a disclosure that opens and closes from the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator(".main-nav")).toBeHidden();

  const summary = page.locator(".mobile-menu > summary");
  await expect(summary).toBeVisible();
  const menuLink = page.locator(".mobile-menu__panel").getByRole("link", { name: "Search", exact: true });
  await expect(menuLink).toBeHidden();

  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(menuLink).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menuLink).toBeFocused();

  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(menuLink).toBeHidden();
});

test("the skip link is the first stop and moves focus to the content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("main")).toBeFocused();
});
