import { seriousViolations } from "./support/axe";
import { openPlan, stopTitles } from "./support/trip-plan";
import { expect, test } from "./fixtures";

// Reordering a plan's stops (issue 49). With JavaScript on and off: "Move up" and "Move down" are forms
// that post and redirect to the next plan's URL (its fragment the moved stop), the move announced in
// the plan's live region. At 1280 and 390 px, no serious axe violations. The drag handle, which needs
// JavaScript: trip-reorder-drag.js-only.spec.ts.

for (const width of [1280, 390]) {
  test(`Move down and Move up reorder the stops in the plan's URL, announced, at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const [a, b, ...rest] = await openPlan(page);
    const arrivalBefore = await page.getByTestId("trip-arrival").textContent();

    await page.getByRole("button", { name: `Move down stop 1: ${a}` }).click();
    await expect(page).toHaveURL(/edited=1&stops=[^#]+#stop-2$/);
    await expect.poll(() => stopTitles(page)).toEqual([b, a, ...rest]);
    await expect(page.getByRole("status").filter({ hasText: `${a} moved to stop 2 of ${rest.length + 2}.` })).toBeVisible();
    // The second stop is now behind the first on the drive: the plan says so and arrives later.
    await expect(page.locator(".trip-stop").nth(1)).toContainText("back along the route to reach this stop");
    await expect(page.locator(".trip-plan__backtrack")).toBeVisible();
    expect(await page.getByTestId("trip-arrival").textContent()).not.toBe(arrivalBefore);
    if (testInfo.project.use.javaScriptEnabled) {
      await expect(page.getByRole("button", { name: `Move down stop 2: ${a}` })).toBeFocused();
      // axe runs in the page: with JavaScript only (the markup without it is the same, less the handles).
      expect(await seriousViolations(page, ".trip-map__canvas")).toEqual([]);
    } else {
      await expect(page.locator(".trip-stop:target")).toContainText(a);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.getByRole("button", { name: `Move up stop 2: ${a}` }).click();
    await expect(page).toHaveURL(/#stop-1$/);
    await expect.poll(() => stopTitles(page)).toEqual([a, b, ...rest]);
    await expect(page.getByRole("status")).toContainText(`${a} moved to stop 1 of ${rest.length + 2}.`);
    await expect(page.locator(".trip-plan__backtrack")).toHaveCount(0);
    await expect(page.getByTestId("trip-arrival")).toHaveText(arrivalBefore ?? "");
    // The first stop has no "Move up", the last no "Move down".
    await expect(page.getByRole("button", { name: `Move up stop 1: ${a}` })).toHaveCount(0);
    await expect(page.getByRole("button", { name: new RegExp(`^Move down stop ${rest.length + 2}:`) })).toHaveCount(0);
  });
}
