import type { Page } from "@playwright/test";
import type { Map as MapLibreMap } from "maplibre-gl";
import { apiSearch } from "./search-support";
import { expect, reviewScreenshot, test } from "./fixtures";
import { atEachWidth, seriousViolations } from "./support/axe";

// The map journeys (issue 10): the list and the map side by side with a legend, zoom buttons and keyboard
// access; the listing page's small map; the directions map framing the route. Clusters (drawn, opened by a
// click and by keyboard) are map-results-page's, on one page of a dense search (decision 0346).
// The map needs JavaScript, so only the js project runs this file; the fixture fails any test that
// logs a console error or sends a request to another host, so each also proves the map self-hosted.

// Several pages, maps and axe runs per test on a shared machine.
test.describe.configure({ timeout: 120_000 });

// With reduced motion the map jumps where it would ease (a cluster opened, a pin brought into view, a zoom
// button): the same code and the same end state, without the animation's frames drawn in software WebGL
// (decision 0337). What these tests check is where the map ends up and where the focus goes.
test.use({ reducedMotion: "reduce" });

declare global {
  interface Window {
    __pawrouteMap?: MapLibreMap;
  }
}

async function mapReady(page: Page, selector = ".search-map__canvas") {
  await expect(page.locator(selector)).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
}

/** The ids of the listings ringed as "the one you are on" on the map. */
function highlightedIds(page: Page): Promise<number[]> {
  return page.evaluate(() => (window.__pawrouteMap?.querySourceFeatures("highlight") ?? []).map((feature) => Number(feature.properties.id)));
}

test("keyboard only: Tab past the map into the results beside it, move with the arrows, Enter opens the listing", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/map/location?location=London");
  await mapReady(page);

  // The map and the list are side by side, the map first (decision 0138).
  const list = await page.locator(".map-layout__list").boundingBox();
  const map = await page.locator(".map-layout__map").boundingBox();
  if (!list || !map) throw new Error("no list or map");
  expect(list.x).toBeGreaterThanOrEqual(map.x + map.width);
  expect(Math.abs(map.y - list.y)).toBeLessThan(40);

  const titles = page.locator(".result-card__title a");
  const firstTitle = (await titles.first().textContent()) ?? "";
  const secondTitle = (await titles.nth(1).textContent()) ?? "";
  const firstId = Number(await page.locator(".result-card").first().getAttribute("data-result-id"));
  const secondId = Number(await page.locator(".result-card").nth(1).getAttribute("data-result-id"));

  let reached = false;
  for (let presses = 0; presses < 80 && !reached; presses++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement?.matches(".result-card__title a") ?? false);
  }
  expect(reached, "Tab reaches the first result").toBe(true);
  await expect(titles.first()).toBeFocused();
  await expect.poll(() => highlightedIds(page)).toEqual([firstId]);
  await expect(page.locator(".maplibregl-popup").getByText(firstTitle, { exact: true })).toBeVisible();

  await page.keyboard.press("ArrowDown");
  await expect(titles.nth(1)).toBeFocused();
  await expect.poll(() => highlightedIds(page)).toEqual([secondId]);
  await expect(page.locator(".maplibregl-popup").getByText(secondTitle, { exact: true })).toBeVisible();

  await page.keyboard.press("ArrowUp");
  await expect(titles.first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const href = await titles.nth(1).getAttribute("href");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(href ?? "/never");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(secondTitle);
});

test("the map has zoom buttons and a legend of the marker colours, and no serious axe violations at 1280 and 390 px", async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/map/route?from=London&to=Leeds");
    await mapReady(page);
    const legend = page.getByRole("list", { name: "Map key" });
    await expect(legend).toBeVisible();
    for (const label of ["Walks", "Pubs and cafés", "Beaches", "Member businesses", "Vets", "Your route"]) await expect(legend.getByText(label)).toBeVisible();
    await expect(page.getByRole("button", { name: "Zoom in" })).toBeVisible();
    const before = await page.evaluate(() => window.__pawrouteMap?.getZoom() ?? 0);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => page.evaluate(() => window.__pawrouteMap?.getZoom() ?? 0)).toBeGreaterThan(before);
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/map-route-${width}.png`, fullPage: width === 390 });
    expect(await seriousViolations(page, ".maplibregl-canvas")).toEqual([]);
  }
});

/** The widths the small map is checked at, each 900 px high: loaded at the first, widened to the second (atEachWidth). */
const MINI_MAP_VIEWPORTS = [
  { width: 390, height: 900 },
  { width: 1280, height: 900 },
] as const;

// The listing page loaded once at 390 px, checked, widened to 1280 px and checked again (decisions 0330 and 0340).
test("the listing page shows a small map of its position, loaded from this site only", async ({ page, request }) => {
  const api = await apiSearch(request, "location", "location=London");
  const listing = api.results[0].location;
  const details = (await (await request.get(`/api/locations/${listing.id}`)).json()) as { url: string; lat: number; lng: number };
  const url = details.url;
  const miniMap = page.getByRole("group", { name: `Map showing where ${listing.title} is` });
  await atEachWidth(
    page,
    async () => {
      await page.goto(url);
    },
    async (width) => {
      await miniMap.scrollIntoViewIfNeeded();
      await mapReady(page, ".mini-map__frame");
      await expect(miniMap.locator("canvas")).toBeVisible();
      const centre = await page.evaluate(() => window.__pawrouteMap?.getCenter());
      expect(centre?.lat).toBeCloseTo(details.lat, 3);
      expect(centre?.lng).toBeCloseTo(details.lng, 3);
      await expect(page.getByRole("link", { name: "See it on the map with places nearby" })).toBeVisible();
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/listing-mini-map-${width}.png`, fullPage: true });
      expect(await seriousViolations(page, ".maplibregl-canvas")).toEqual([]);
    },
    MINI_MAP_VIEWPORTS,
  );
});

/** Every point of the drawn route lies inside the map's visible bounds. */
async function routeFramed(page: Page): Promise<{ points: number; outside: number }> {
  return page.evaluate(() => {
    const map = window.__pawrouteMap;
    const source = map?.getStyle().sources.route;
    if (!map || !source || source.type !== "geojson" || typeof source.data !== "object" || !("geometry" in source.data) || source.data.geometry.type !== "LineString") return { points: 0, outside: -1 };
    const bounds = map.getBounds();
    const line = source.data.geometry.coordinates;
    return { points: line.length, outside: line.filter(([lng, lat]) => !bounds.contains([lng, lat])).length };
  });
}

test("the directions map frames the whole route; the modal shows the route; the print page has the map and the address", async ({ page, request }) => {
  const api = await apiSearch(request, "location", "location=Leeds");
  const url = (await (await request.get(`/api/locations/${api.results[0].location.id}`)).json()).url as string;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${url}/directions?from=London`);
    await mapReady(page, ".directions__map");
    const framed = await routeFramed(page);
    expect(framed.points).toBeGreaterThan(1);
    expect(framed.outside).toBe(0);
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/directions-${width}.png`, fullPage: true });
    expect(await seriousViolations(page, ".maplibregl-canvas")).toEqual([]);
  }

  // The modal: the route shows in the modal, the page stays the listing's.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: "Directions", exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Starting from").fill("London");
  await dialog.getByRole("button", { name: "Get directions" }).click();
  await expect(dialog.getByRole("heading", { name: /Your route from/ })).toBeVisible({ timeout: 30_000 });
  await mapReady(page, ".modal .directions__map");
  expect((await routeFramed(page)).outside).toBe(0);
  await expect(page).toHaveURL(url);
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/directions-modal-1280.png" });

  // The print page: the map and the street address.
  await page.goto(`${url}/directions/print?from=London`);
  await mapReady(page, ".directions__map");
  await expect(page.locator(".directions-print__address address")).not.toBeEmpty();
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".directions__map canvas")).toBeVisible();
  await expect(page.locator(".directions-print__address")).toBeVisible();
  // Printed without the site's header and footer or the page's buttons; the page names its source and the data's licences.
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.locator(".site-footer")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print these directions" })).toBeHidden();
  await expect(page.locator(".directions-print__source")).toContainText("OpenStreetMap contributors");
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/directions-print-1280.png", fullPage: true });
});
