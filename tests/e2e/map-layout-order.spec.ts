import type { Page } from "@playwright/test";
import { expect, reviewScreenshot, test } from "./fixtures";
import { atEachWidth } from "./support/axe";

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

/** Where Tab starts from: the top of the page, as after a load (a spot before everything, taken out after). */
async function tabFromTop(page: Page): Promise<"map" | "list" | null> {
  await page.evaluate(() => {
    const start = document.createElement("span");
    start.tabIndex = -1;
    start.dataset.tabStart = "";
    document.body.prepend(start);
    start.focus();
  });
  let reached: "map" | "list" | null = null;
  for (let presses = 0; presses < 60 && reached === null; presses++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => (document.activeElement?.closest(".map-layout__map") ? "map" : document.activeElement?.closest(".map-layout__list") ? "list" : null));
  }
  await page.evaluate(() => document.querySelector("[data-tab-start]")?.remove());
  return reached;
}

// The page is loaded once at 390 px, checked, widened to 800 and 1280 px and checked again at each (atEachWidth,
// decision 0335: the layout is CSS, and the app reads the width on events).
test("at 390, 800 and 1280 px the map page's order on screen is its Tab order", async ({ page, javaScriptEnabled }) => {
  await atEachWidth(
    page,
    async () => {
      await page.goto("/map/location?location=London");
      if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    },
    async (width) => {
      const onScreen = await mapFirstOnScreen(page);
      expect.soft(onScreen, `the map comes first on screen at ${width} px`).toBe(true);
      expect.soft(await mapFirstInPage(page), `at ${width} px`).toBe(onScreen);
      if (!javaScriptEnabled) return;
      // With JavaScript the map takes focus (its canvas and places): Tab reaches it before any result.
      await expect(page.locator(".search-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
      expect.soft(await tabFromTop(page), `Tab at ${width} px`).toBe("map");
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/map-layout-${width}.png`, fullPage: width === 390 });
    },
    [390, 800, 1280].map((width) => ({ width, height: 900 })),
  );
});
