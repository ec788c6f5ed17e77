// With JavaScript: the sub-navigation hides on scroll down from 960 px and comes back on scroll up,
// without moving the page; under 960 px it never hides; reduced motion drops the slide; the account
// dropdown opens on hover from 960 px, 'Bark Out blog' and 'Search' from 1180 px; the header for each
// role at 1280 px on one line; axe.
import { seriousViolations } from "./support/axe";
import type { Page } from "@playwright/test";
import { expect, reviewScreenshot, test } from "./fixtures";
import { createMember, logInAs, uniqueUsername } from "./support/accounts";

async function subNavState(page: Page) {
  return page.locator(".site-header").getAttribute("data-subnav");
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
}

test("from 960 px the sub-navigation hides on scroll down and shows on scroll up, and the page does not move", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const subNav = page.getByRole("navigation", { name: "Find stops" });
  await expect(subNav).toBeVisible();
  const heading = page.getByRole("heading", { name: "Roads we cover" });
  const before = await heading.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);

  await scrollTo(page, 600);
  await scrollTo(page, 1200);
  await expect.poll(() => subNavState(page)).toBe("hidden");
  await expect(subNav).toBeHidden();
  // The sub-navigation slides away over the page: nothing below it moves.
  expect(await heading.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)).toBe(before);
  const barHeight = await page.locator(".site-header__bar").evaluate((element: HTMLElement) => element.offsetHeight);
  await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue("--header-offset"))).toBe(`${barHeight}px`);

  await scrollTo(page, 900);
  await expect.poll(() => subNavState(page)).toBe("shown");
  await expect(subNav).toBeVisible();
  await expect(subNav).toBeInViewport();

  // Focus entering the header brings it back, so the keyboard reaches it.
  await scrollTo(page, 1500);
  await expect.poll(() => subNavState(page)).toBe("hidden");
  await page.locator(".main-nav .nav-more > summary").focus();
  await expect.poll(() => subNavState(page)).toBe("shown");
  await page.keyboard.press("Tab");
  await expect(subNav.getByRole("link", { name: "All stops" })).toBeFocused();
});

test("under 960 px the sub-navigation never hides", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await scrollTo(page, 600);
  await scrollTo(page, 1500);
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
  expect(await subNavState(page)).toBe("shown");
  await scrollTo(page, 0);
  await expect(page.getByRole("navigation", { name: "Find stops" })).toBeVisible();
});

test("with reduced motion the sub-navigation hides without sliding", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await page.locator(".sub-nav").evaluate((element) => getComputedStyle(element).transitionDuration)).toBe("0s");
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await page.locator(".sub-nav").evaluate((element) => getComputedStyle(element).transitionDuration)).not.toBe("0s");
});

test("from 960 px the account dropdown opens on hover with an overlay, not below", async ({ page, context }) => {
  await logInAs(context, await createMember({ label: "hover" }));
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto("/bark-out/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const menu = page.locator(".site-header__inner > .account-menu");
  await menu.locator("summary").hover();
  await expect(menu).toHaveAttribute("open", "");
  expect(await menu.evaluate((element) => getComputedStyle(element, "::before").backgroundColor)).toMatch(/rgba\(0, 0, 0, 0\.35\)/);
  await page.mouse.move(10, 600);
  await expect(menu).not.toHaveAttribute("open", "");
});

async function headerOnOneLine(page: Page) {
  const inner = page.locator(".site-header__inner");
  const height = await inner.evaluate((element) => element.getBoundingClientRect().height);
  const lines = await page.locator(".main-nav .nav-list > li, .site-header__inner > .account-menu > summary").evaluateAll((items) =>
    items.map((item) => item.getBoundingClientRect().height),
  );
  const overflow = await inner.evaluate((element) => {
    const right = element.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(element).paddingRight);
    return Math.max(...Array.from(element.children, (child) => child.getBoundingClientRect().right)) - right;
  });
  return { height, tallest: Math.max(...lines), overflow };
}

for (const role of ["visitor", "member", "administrator"] as const) {
  test(`the header for a ${role} fits on one line at 1280 and 1000 px`, async ({ page, context }) => {
    // The longest name the rules allow (15 characters).
    if (role !== "visitor") await logInAs(context, await createMember({ admin: role === "administrator", username: uniqueUsername("w") }));
    for (const width of [1280, 1000]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const { height, tallest, overflow } = await headerOnOneLine(page);
      expect(overflow, "nothing sticks out of the header's right edge").toBeLessThanOrEqual(0.5);
      expect(height, "the header bar stays one row").toBeLessThanOrEqual(72);
      expect(tallest, "no menu item wraps").toBeLessThanOrEqual(48);
      await reviewScreenshot(page.locator(".site-header"), { path: `tests/e2e/screenshots/header-${role}-${width}.png` });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await reviewScreenshot(page.locator(".site-header"), { path: `tests/e2e/screenshots/header-${role}-390.png` });
  });
}

test("the footer's browse tabs and the open dropdowns have no serious accessibility violations", async ({ page, context }) => {
  await logInAs(context, await createMember({ label: "axe" }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/bark-out/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator(".footer-browse__panel:not([hidden]) .footer-browse__all > summary").click();
  await page.locator(".site-header__inner > .account-menu > summary").click();
  expect(await seriousViolations(page)).toEqual([]);
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/footer-browse-1280.png", fullPage: true });
});

test("at 1280 px 'Bark Out blog' and 'Search' open on hover with the overlay, the click after the hover keeps them open; not at 1000 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  for (const label of ["Bark Out blog", "Search"]) {
    const menu = page.locator(".main-nav .nav-dropdown", { has: page.locator("summary", { hasText: new RegExp(`^${label}$`) }) });
    await menu.locator("summary").hover();
    await expect(menu).toHaveAttribute("open", "");
    expect(await menu.evaluate((element) => getComputedStyle(element, "::before").backgroundColor)).toMatch(/rgba\(0, 0, 0, 0\.35\)/);
    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
    // The panel sits inside the window, below its summary.
    const panel = await menu.locator(".nav-dropdown__panel").boundingBox();
    expect(panel && panel.x >= 0 && panel.x + panel.width <= 1280).toBe(true);
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/header-${label === "Search" ? "search" : "blog"}-menu-1280.png` });
    await page.mouse.move(10, 600);
    await expect(menu).not.toHaveAttribute("open", "");
  }
  await page.setViewportSize({ width: 1000, height: 800 });
  const blog = page.locator(".main-nav .nav-dropdown", { has: page.locator("summary", { hasText: "Bark Out blog" }) });
  await blog.locator("summary").hover();
  // The hover handler runs within the pointer events hover() dispatched: had it opened the menu, it would be open now.
  expect(await blog.getAttribute("open")).toBeNull();
  await blog.locator("summary").click();
  await expect(blog).toHaveAttribute("open", "");
});

test("with 'Bark Out blog' open the header has no serious accessibility violations", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/bark-out/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const blog = page.locator(".main-nav .nav-dropdown", { has: page.locator("summary", { hasText: "Bark Out blog" }) });
  await blog.locator("summary").focus();
  await page.keyboard.press("ArrowDown");
  await expect(blog.getByRole("link", { name: "Latest posts" })).toBeFocused();
  expect(await seriousViolations(page, { include: ".site-header" })).toEqual([]);
});
