import { SECTIONS } from "../../app/navigation";
import { expect, test } from "./fixtures";

const unbuilt = SECTIONS.filter((section) => !section.built);

test("the desktop header links only to built sections", { tag: "@same-without-js" }, async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toHaveCount(1);
  // 'Search' is a dropdown: its summary is marked as the current section on the homepage.
  await expect(nav.locator(".nav-dropdown[data-current] > summary")).toHaveText("Search");
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
  const menuLink = page.locator(".mobile-menu__panel").getByRole("link", { name: "Motorway search", exact: true });
  await expect(menuLink).toBeHidden();

  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(menuLink).toBeVisible();
  // The menu's first stop is the 'Search' disclosure, then 'Motorway search'.
  await page.keyboard.press("Tab");
  await expect(page.locator(".mobile-menu__panel .nav-dropdown > summary").first()).toBeFocused();
  await expect(page.locator(".mobile-menu__panel .nav-dropdown > summary").first()).toHaveText("Search");
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

test("at 390 px the mobile menu's 'Search' and 'Bark Out blog' open from the keyboard and lead to their pages", async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/contact");
  if (info.project.name === "js") await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator(".mobile-menu > summary").focus();
  await page.keyboard.press("Enter");
  const panel = page.locator(".mobile-menu__panel");
  const blog = panel.locator(".nav-dropdown", { has: page.locator("summary", { hasText: "Bark Out blog" }) });
  const walks = blog.getByRole("link", { name: "Walks", exact: true });
  await expect(walks).toBeHidden();
  await blog.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(walks).toBeVisible();
  await walks.click();
  await expect(page).toHaveURL(/\/bark-out\?category=walks$/);
  await expect(page.getByRole("checkbox", { name: "Walks", exact: true })).toBeChecked();

  await page.locator(".mobile-menu > summary").click();
  const search = panel.locator(".nav-dropdown", { has: page.locator("summary", { hasText: "Search" }) });
  await search.locator("summary").focus();
  await page.keyboard.press("Enter");
  await search.getByRole("link", { name: "Near a place" }).click();
  await expect(page).toHaveURL(/\/\?tab=location$/);
  await expect(page.getByRole("tab", { name: "Near a place" })).toHaveAttribute("aria-selected", "true");
});
