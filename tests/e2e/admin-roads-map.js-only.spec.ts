import { atEachWidth, seriousViolations } from "./support/axe";
import type { Page } from "@playwright/test";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, reviewScreenshot, test } from "./fixtures";

// With JavaScript the road pages draw on a MapLibre map: clicks along the road make its line, and a
// click places a junction. Both fill in the same fields the page without JavaScript types into.

/** Clicks the map at a position: the map's own projection turns it into a pixel of the canvas. */
async function clickMapAt(page: Page, lat: number, lng: number): Promise<void> {
  const canvas = page.locator(".admin-road-map__canvas canvas");
  const point = await page.evaluate(([x, y]) => {
    const map = window.__pawrouteMap;
    if (!map) throw new Error("no map");
    const projected = map.project([x, y]);
    return { x: projected.x, y: projected.y };
  }, [lng, lat] as const);
  await canvas.click({ position: point });
}

test("an administrator draws a road on the map and places a junction on it", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `D${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  try {
    await logInAs(page.context(), await createMember({ admin: true, label: "roads-draw" }));
    await page.goto("/account/admin/manage-roads/add");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.locator(".admin-road-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    // The map opens on Great Britain; zoom to mid-Wales so the clicks land where we mean.
    await page.evaluate(() => window.__pawrouteMap?.jumpTo({ center: [-3.8, 52.3], zoom: 9 }));
    for (const [lat, lng] of [
      [52.2, -3.9],
      [52.3, -3.8],
      [52.4, -3.7],
      [52.45, -3.6],
    ]) {
      await clickMapAt(page, lat, lng);
    }
    const line = page.getByLabel("The road's line");
    await expect.poll(async () => (await line.inputValue()).split("\n").length).toBe(4);
    await page.getByRole("button", { name: "Undo the last point" }).click();
    await expect.poll(async () => (await line.inputValue()).split("\n").length).toBe(3);
    const [first] = (await line.inputValue()).split("\n");
    const [lat0, lng0] = first.split(",").map(Number);
    expect(lat0).toBeCloseTo(52.2, 2);
    expect(lng0).toBeCloseTo(-3.9, 2);

    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Add the road" }).click();
    await expect(page.getByText("The road has been added. Now add its junctions.")).toBeVisible();
    await expect(page.locator(".admin-road-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });

    // The new junction's "Place on the map" is chosen at first: a click on the line gives its position.
    await expect(page.getByText("A click on the map sets the position of the new junction.")).toBeVisible();
    await clickMapAt(page, 52.3, -3.8);
    const form = page.locator("#junction-new");
    await expect.poll(async () => Number(await form.getByLabel("Latitude").inputValue())).toBeCloseTo(52.3, 2);
    await form.getByLabel("Number").fill("7");
    await form.getByRole("button", { name: "Add the junction" }).click();
    await expect(page.getByText("Junction 7 has been added")).toBeVisible();
    const [junction] = await database()<{ lat: number; lng: number }[]>`
      SELECT ST_Y(j.geom) AS lat, ST_X(j.geom) AS lng FROM junctions j JOIN roads r ON r.id = j.road_id WHERE r.name = ${name}`;
    expect(junction.lat).toBeCloseTo(52.3, 2);
    expect(junction.lng).toBeCloseTo(-3.8, 2);
  } finally {
    await database()`DELETE FROM roads WHERE name = ${name}`;
  }
});

// Each page loaded once at 390 px, checked, widened to 1280 px and checked again (decision 0330).
test("the road pages at 390 and 1280 px: no serious accessibility violations, no sideways scrolling", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await logInAs(page.context(), await createMember({ admin: true, label: "roads-screens" }));
  const [m6] = await database()<{ id: number }[]>`SELECT id FROM roads WHERE slug = 'm6' AND country_id = 235`;
  for (const [label, path] of [
    ["roads", "/account/admin/manage-roads"],
    ["add-road", "/account/admin/manage-roads/add?country=france"],
    ["road", `/account/admin/manage-roads/${m6.id}`],
  ]) {
    await atEachWidth(
      page,
      async () => {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        if (label !== "roads") await expect(page.locator(".admin-road-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
      },
      async (width) => {
        expect.soft(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
        expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
        await reviewScreenshot(page, { path: testInfo.outputPath(`admin-${label}-${width}.png`), fullPage: true });
      },
    );
  }
});
