import type { Page } from "@playwright/test";
import type { Map as MapLibreMap } from "maplibre-gl";
import { apiSearch, resultIds } from "./search-support";
import { expect, test } from "./fixtures";

// The map needs JavaScript: only the js project runs this file. The fixture fails the test on any
// request to another host, so these also prove the map is self-hosted (tiles, glyphs, style, script).

declare global {
  interface Window {
    __pawrouteMap?: MapLibreMap;
  }
}

async function mapReady(page: Page) {
  await expect(page.locator(".search-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
}

/** Distinct listings drawn as result pins, and features of other layers, as MapLibre rendered them. */
function renderedFeatures(page: Page, layer: string): Promise<number[]> {
  return page.evaluate((id) => {
    const map = window.__pawrouteMap;
    if (!map) return [];
    return [...new Set(map.queryRenderedFeatures({ layers: [id] }).map((feature) => Number(feature.properties.id ?? 0)))];
  }, layer);
}

/** Sizes of the rendered clusters (dense pins gather into numbered circles). */
function clusterSizes(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const sizes = new Map<number, number>();
    for (const feature of window.__pawrouteMap?.queryRenderedFeatures({ layers: ["result-clusters"] }) ?? []) sizes.set(Number(feature.properties.cluster_id), Number(feature.properties.point_count));
    return [...sizes.values()];
  });
}

test("the route map draws every result of the page, as a pin or inside a numbered cluster, and the route line", async ({ page }) => {
  await page.goto("/map/route?from=London&to=Leeds");
  await mapReady(page);
  const listed = await resultIds(page);
  await expect(page.getByText(`${listed.length} places on the map`)).toBeVisible();
  const pins = await renderedFeatures(page, "result-pins");
  const ids = new Set(listed);
  expect(pins.every((id) => ids.has(id))).toBe(true);
  expect(pins.length + (await clusterSizes(page)).reduce((sum, size) => sum + size, 0)).toBe(listed.length);
  expect((await renderedFeatures(page, "route-line")).length).toBeGreaterThan(0);
});

test("the location map draws the search circle and the pins, and a pin's tooltip links to the listing", async ({ page, request }) => {
  const api = await apiSearch(request, "location", "location=London&includeMapPoints=true");
  await page.goto("/map/location?location=London");
  await mapReady(page);
  const pins = await renderedFeatures(page, "result-pins");
  expect(pins.length + (await clusterSizes(page)).reduce((sum, size) => sum + size, 0)).toBe((await resultIds(page)).length);
  expect((await renderedFeatures(page, "search-area-fill")).length).toBeGreaterThan(0);

  // A pin drawn on its own (not inside a cluster).
  const point = api.mapPoints.find((p) => p.id === pins[0]);
  if (!point) throw new Error("no single pin on the map");
  const spot = await page.evaluate(({ lng, lat }) => window.__pawrouteMap?.project([lng, lat]), point);
  const box = await page.locator(".search-map__canvas").boundingBox();
  if (!spot || !box) throw new Error("no map on the page");
  await page.mouse.click(box.x + spot.x, box.y + spot.y);
  const tooltip = page.locator(".maplibregl-popup");
  await expect(tooltip.getByRole("link", { name: /See details of/ })).toBeVisible();
  await expect(tooltip.locator("img")).toHaveAttribute("src", /\/images\/placeholders\/(listing|vet)-\d\.svg$/);
});

test("the list's 'View map' opens the map in a modal, and list pages never load the map code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/location?location=London");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((path) => path.includes("map-engine"))).toBe(false);

  await page.getByRole("link", { name: "View map" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await mapReady(page);
  expect(scripts.some((path) => path.includes("map-engine"))).toBe(true);
  expect((await renderedFeatures(page, "result-pins")).length).toBeGreaterThan(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/location?location=London");
});

test("with nothing to fit, the map opens on the default centre at zoom 12", async ({ page }) => {
  await page.goto("/map/browse/member-business?facilities[]=1&facilities[]=2&facilities[]=12&facilities[]=13");
  await expect(page.getByText("We can't find any results")).toBeVisible();
  await mapReady(page);
  const view = await page.evaluate(() => {
    const map = window.__pawrouteMap;
    return map ? { zoom: map.getZoom(), lat: map.getCenter().lat, lng: map.getCenter().lng } : null;
  });
  expect(view?.zoom).toBe(12);
  expect(view?.lat).toBeCloseTo(52.28, 4);
  expect(view?.lng).toBeCloseTo(-1.58, 4);
});
