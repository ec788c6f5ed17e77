import { atEachWidth, seriousViolations } from "./support/axe";
import { database } from "./support/accounts";
import { expect, reviewScreenshot, test } from "./fixtures";

// A road whose name is more than its code ("A590 Levens to Barrow-in-Furness") keeps its whole name
// inside the sign at 1280 and 390 px: nothing spills onto the page, where it was white on cream (1.1:1).
test("a long road name wraps inside its badge", async ({ page }, testInfo) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `A590 Levens to Barrow-in-Furness ${tag}`;
  const [road] = await database()<{ id: number }[]>`
    INSERT INTO roads (name, slug, country_id, motorway, icon, geom)
    VALUES (${name}, ${`a590-${tag}`}, 235, false, 'primary-gb', 'SRID=4326;LINESTRING(-2.80 54.27, -3.22 54.11)'::geometry) RETURNING id`;
  try {
    // The homepage loaded once at 390 px, checked, widened to 1280 px and checked again (atEachWidth, decision 0335).
    const badge = page.locator(".road-badge", { hasText: tag });
    await atEachWidth(
      page,
      async () => {
        await page.goto("/");
        await expect(badge).toBeVisible();
      },
      async (width) => {
        await badge.scrollIntoViewIfNeeded();
        const box = await badge.evaluate((element) => {
          const own = element.getBoundingClientRect();
          const text = [...element.children].map((child) => child.getBoundingClientRect());
          return { spills: text.some((rect) => rect.right > own.right + 0.5 || rect.left < own.left - 0.5), overflow: element.scrollWidth > element.clientWidth + 1, pageWidth: document.documentElement.scrollWidth };
        });
        expect(box, `at ${width} px`).toEqual({ spills: false, overflow: false, pageWidth: expect.any(Number) });
        expect(box.pageWidth).toBeLessThanOrEqual(width);
        expect(await seriousViolations(page, { include: ".road-list" }), `at ${width} px`).toEqual([]);
        await reviewScreenshot(page, { path: testInfo.outputPath(`road-badge-${width}.png`), fullPage: false });
      },
    );
  } finally {
    await database()`DELETE FROM roads WHERE id = ${road.id}`;
  }
});
