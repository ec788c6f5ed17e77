// The main menu's 'More' submenu at 390, 1000 and 1280 px with the keyboard, JavaScript on and off.
import { expect, test } from "./fixtures";

test("at 1280 and 1000 px, 'More' opens and closes from the keyboard and its links are reachable", async ({ page }, info) => {
  for (const width of [1280, 1000]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    if (info.project.name === "js") await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const more = page.locator(".main-nav .nav-more");
    const summary = more.locator("summary");
    const faqs = more.getByRole("link", { name: "FAQs" });
    await expect(faqs).toBeHidden();
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(faqs).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(more.getByRole("link", { name: "Subscriptions" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(faqs).toBeFocused();
    if (info.project.name === "js") {
      await page.keyboard.press("Escape");
      await expect(faqs).toBeHidden();
      await expect(summary).toBeFocused();
    } else {
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(faqs).toBeHidden();
    }
  }
});

test("at 390 px, 'More' in the mobile menu opens from the keyboard and leads to its pages", async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  if (info.project.name === "js") await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator(".mobile-menu > summary").focus();
  await page.keyboard.press("Enter");
  const more = page.locator(".mobile-menu__panel .nav-more");
  await more.locator("summary").focus();
  await page.keyboard.press("Enter");
  await more.getByRole("link", { name: "Share your story" }).click();
  await expect(page).toHaveURL(/\/bark-out\/submit$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Share your dog's story");
});
