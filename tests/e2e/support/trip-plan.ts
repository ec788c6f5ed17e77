import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** A drive with enough dog breaks to reorder (issue 49). */
export const PLAN = "/trip?from=London&to=Edinburgh&depart=2026-12-07T08:00&every=120&kind=walk";

/** The plan's stops, in order, by title. */
export const stopTitles = (page: Page) => page.locator(".trip-stop__title a").allTextContents();

/** Opens the plan and answers its stops' titles (at least three). */
export async function openPlan(page: Page): Promise<string[]> {
  await page.goto(PLAN);
  await expect(page.locator(".trip-stop")).not.toHaveCount(0);
  const titles = await stopTitles(page);
  expect(titles.length).toBeGreaterThanOrEqual(3);
  return titles;
}
