import { seriousViolations } from "./support/axe";
import { expect, reviewScreenshot, test } from "./fixtures";

// Phones (issue 50): no results page scrolls sideways at 360, 390 or 414 px. Calais → Lyon is the long
// route whose "Show results from" list and summary line were wider than the screen.
const PAGES = [
  { name: "route", path: "/route?from=Calais&to=Lyon" },
  { name: "route-map", path: "/map/route?from=Calais&to=Lyon" },
  { name: "location", path: "/location?location=Keswick" },
  { name: "browse", path: "/browse" },
  { name: "browse-type", path: "/browse/dog-friendly-pub" },
  { name: "road", path: "/browse/road/united-kingdom/m6" },
  { name: "road-map", path: "/map/browse/road/united-kingdom/m6" },
] as const;

for (const width of [360, 390, 414]) {
  test(`results pages never scroll sideways at ${width} px`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    for (const { name, path } of PAGES) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
      expect.soft(widths.page, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      expect.soft(widths.body, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      // Nothing the reader needs is cut off by its own box either (the route's summary line).
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".route-start, .route-start__select, .results-summary, .results-summary *")]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((element) => element.className || element.tagName),
      );
      expect.soft(clipped, `${path} at ${width} px`).toEqual([]);
      if (width === 390) expect.soft(await seriousViolations(page, ".maplibregl-canvas"), path).toEqual([]);
      await reviewScreenshot(page, { path: testInfo.outputPath(`results-${name}-${width}.png`), fullPage: true });
    }
  });
}
