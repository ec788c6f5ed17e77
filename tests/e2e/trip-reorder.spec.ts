import type { Page } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./fixtures";

// Reordering a plan's stops (issue 49). With JavaScript on and off: "Move up" and "Move down" are forms
// that post and redirect to the next plan's URL (its fragment the moved stop), the move announced in
// the plan's live region. With JavaScript: the drag handle moves a stop with the arrow keys or by
// dragging, and the focus stays on the moved stop. At 1280 and 390 px, no serious axe violations.

const PLAN = "/trip?from=London&to=Edinburgh&depart=2026-12-07T08:00&every=120&kind=walk";

const stopTitles = (page: Page) => page.locator(".trip-stop__title a").allTextContents();

async function openPlan(page: Page): Promise<string[]> {
  await page.goto(PLAN);
  await expect(page.locator(".trip-stop")).not.toHaveCount(0);
  const titles = await stopTitles(page);
  expect(titles.length).toBeGreaterThanOrEqual(3);
  return titles;
}

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

test("the drag handle moves a stop with the arrow keys and by dragging, keeping the focus on it", async ({ page }, testInfo) => {
  test.skip(!testInfo.project.use.javaScriptEnabled, "The handle needs JavaScript; without it the Move buttons do the same.");
  const [a, b, c, ...rest] = await openPlan(page);
  const count = rest.length + 3;
  const handle = page.getByRole("button", { name: `Reorder stop 1 of ${count}: ${a}` });
  await expect(handle).toHaveAttribute("aria-describedby", "trip-reorder-help");
  await expect(page.locator("#trip-reorder-help")).toContainText("Press the up or down arrow key");

  await handle.focus();
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => stopTitles(page)).toEqual([b, a, c, ...rest]);
  await expect(page.getByRole("button", { name: `Reorder stop 2 of ${count}: ${a}` })).toBeFocused();
  await expect(page.getByRole("status")).toContainText(`${a} moved to stop 2 of ${count}.`);
  await page.keyboard.press("Home");
  await expect.poll(() => stopTitles(page)).toEqual([a, b, c, ...rest]);
  await expect(page.getByRole("button", { name: `Reorder stop 1 of ${count}: ${a}` })).toBeFocused();
  // The move's notice comes with its new plan, when the page is idle again: a drag started while the move
  // is still loading is ignored (as a second move is), which is what made this test flaky on a busy machine.
  await expect(page.getByRole("status")).toContainText(`${a} moved to stop 1 of ${count}.`);

  // Drag stop 3 above stop 1.
  const from = await page.getByRole("button", { name: `Reorder stop 3 of ${count}: ${c}` }).boundingBox();
  const to = await page.locator(".trip-stop").first().boundingBox();
  if (!from || !to) throw new Error("The handles are not on the page");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await expect(page.locator(".trip-stop--drop-before")).toContainText(a);
  await page.mouse.up();
  await expect.poll(() => stopTitles(page)).toEqual([c, a, b, ...rest]);
  await expect(page).toHaveURL(/#stop-1$/);
  await expect(page.getByRole("button", { name: `Reorder stop 1 of ${count}: ${c}` })).toBeFocused();
  await expect(page.getByRole("status")).toContainText(`${c} moved to stop 1 of ${count}.`);
});
