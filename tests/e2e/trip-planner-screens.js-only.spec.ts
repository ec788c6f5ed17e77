import { createMember, logInAs } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./fixtures";

// The trip planner's pages at 1280 and 390 px: no serious axe violations, nothing wider than the screen,
// and the map drawn with the route and the stops. The shared demo trip (/trips/DemoCalaisMarseille-01) as a
// visitor sees it is checked at both widths by the route table's walk (axe-route-table.js-only.spec.ts).

const PLAN = "/trip?from=London&to=Edinburgh&depart=2026-12-07T08:00&every=120&kind=walk&vet=1";

for (const width of [1280, 390]) {
  test(`the planner and your trips at ${width} px`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(PLAN);
    await expect(page.locator(".trip-map__canvas[data-ready='true']")).toBeVisible({ timeout: 20_000 });
    await page.locator(".trip-alternatives summary").first().click();
    expect(await seriousViolations(page, ".trip-map__canvas")).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.goto("/?tab=trip");
    await expect(page.getByRole("tab", { name: "Plan breaks" })).toHaveAttribute("aria-selected", "true");
    expect(await seriousViolations(page)).toEqual([]);

    const member = await createMember({ label: "trip-screens" });
    await logInAs(context, member);
    await page.goto(PLAN);
    await page.getByRole("button", { name: "Save this trip" }).click();
    await expect(page).toHaveURL(/\/account\/trips$/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
