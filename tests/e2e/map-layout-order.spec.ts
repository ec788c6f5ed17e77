import type { Page } from "@playwright/test";
import { expect, reviewScreenshot, test } from "./fixtures";

// The map page shows the map first at every width (decision 0138), and its Tab order is the order on
// screen: under 960 px the map sat above the list while Tab reached the list first. JavaScript on and off.

/** Whether the map comes before the list on screen (stacked: above it; side by side: on its left). */
async function mapFirstOnScreen(page: Page): Promise<boolean> {
  const map = await page.locator(".map-layout__map").boundingBox();
  const list = await page.locator(".map-layout__list").boundingBox();
  if (!map || !list) throw new Error("no map or list on the page");
  const stacked = map.y + map.height <= list.y + 1 || list.y + list.height <= map.y + 1;
  return stacked ? map.y < list.y : map.x < list.x;
}

function mapFirstInPage(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const map = document.querySelector(".map-layout__map");
    const list = document.querySelector(".map-layout__list");
    return Boolean(map && list && map.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
}

for (const width of [390, 800, 1280]) {
  test(`at ${width} px the map page's order on screen is its Tab order`, async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/map/location?location=London");
    if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const onScreen = await mapFirstOnScreen(page);
    expect(onScreen, "the map comes first on screen").toBe(true);
    expect(await mapFirstInPage(page)).toBe(onScreen);
    if (!javaScriptEnabled) return;
    // With JavaScript the map takes focus (its canvas and places): Tab reaches it before any result.
    await expect(page.locator(".search-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
    let reached: "map" | "list" | null = null;
    for (let presses = 0; presses < 60 && reached === null; presses++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => (document.activeElement?.closest(".map-layout__map") ? "map" : document.activeElement?.closest(".map-layout__list") ? "list" : null));
    }
    expect(reached).toBe("map");
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/map-layout-${width}.png`, fullPage: width === 390 });
  });
}
