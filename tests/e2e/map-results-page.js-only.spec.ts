import type { Page } from "@playwright/test";
import type { Map as MapLibreMap } from "maplibre-gl";
import { resultIds } from "./search-support";
import { expect, reviewScreenshot, test } from "./fixtures";

// The map shows the results of the page being shown, as the list does (decision 0137), on location,
// road and route searches; and every pin, clustered or not, can be reached on the map by keyboard.

test.describe.configure({ timeout: 90_000 });

// With reduced motion the map jumps where it would ease (a cluster opened, a pin brought into view, a zoom
// button): the same code and the same end state, without the animation's frames drawn in software WebGL
// (decision 0337). What these tests check is where the map ends up and where the focus goes.
test.use({ reducedMotion: "reduce" });

declare global {
  interface Window {
    __pawrouteMap?: MapLibreMap;
  }
}

async function mapReady(page: Page) {
  await expect(page.locator(".search-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
}

/** The listing ids the map was given to draw. */
function mapIds(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const source = window.__pawrouteMap?.getStyle().sources.results;
    if (!source || source.type !== "geojson" || typeof source.data !== "object" || !("features" in source.data)) return [];
    return source.data.features.map((feature) => Number(feature.properties?.id));
  });
}

/** Pins drawn on their own plus the places counted in clusters. */
function drawnCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const map = window.__pawrouteMap;
    if (!map) return 0;
    const pins = new Set(map.queryRenderedFeatures({ layers: ["result-pins"] }).map((feature) => Number(feature.properties.id)));
    const clusters = new Map<number, number>();
    for (const feature of map.queryRenderedFeatures({ layers: ["result-clusters"] })) clusters.set(Number(feature.properties.cluster_id), Number(feature.properties.point_count));
    return pins.size + [...clusters.values()].reduce((sum, size) => sum + size, 0);
  });
}

/** Tags the page's map, so a later check can say whether it is still the same map object. */
function tagMap(page: Page): Promise<void> {
  return page.evaluate(() => {
    const map = window.__pawrouteMap as (MapLibreMap & { tagged?: boolean }) | undefined;
    if (map) map.tagged = true;
  });
}

function sameMap(page: Page): Promise<boolean> {
  return page.evaluate(() => (window.__pawrouteMap as (MapLibreMap & { tagged?: boolean }) | undefined)?.tagged === true);
}

/** The map shows exactly the page's results: the ids it was given, the status line, and what it drew. */
async function mapShowsTheList(page: Page) {
  await mapReady(page);
  const listed = await resultIds(page);
  expect(listed.length).toBeGreaterThan(0);
  expect((await mapIds(page)).sort((a, b) => a - b)).toEqual([...listed].sort((a, b) => a - b));
  await expect(page.getByText(`${listed.length} ${listed.length === 1 ? "place" : "places"} on the map`)).toBeVisible();
  await expect.poll(() => drawnCount(page)).toBe(listed.length);
  return listed;
}

// One page for the four searches (decision 0346): each step starts from its own address (a full load), but
// page 2, which is reached from page 1 by its "next" link, as a visitor does: the same map then draws page
// 2's pins (decision 0346: SearchMap updates the map it has rather than mounting a new one).
test("the location (pages 1 and 2), road and route maps show exactly the results listed on the page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await test.step("location", async () => {
    await page.goto("/map/location?location=London");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await mapShowsTheList(page);
  });
  await test.step("location, page 2: the same map, with page 2's pins", async () => {
    const first = await resultIds(page);
    await tagMap(page);
    await page.getByRole("link", { name: "Next page" }).first().click();
    await expect(page).toHaveURL("/map/location?location=London&page=2");
    await expect.poll(() => resultIds(page)).not.toEqual(first);
    const listed = await mapShowsTheList(page);
    expect(listed.some((id) => first.includes(id)), "page 2 lists other places than page 1").toBe(false);
    expect(await sameMap(page), "page 2 is drawn on the map page 1 mounted").toBe(true);
  });
  for (const search of [
    { kind: "road", path: "/map/browse/road/united-kingdom/m6" },
    { kind: "route", path: "/map/route?from=London&to=Leeds" },
  ]) {
    await test.step(search.kind, async () => {
      await page.goto(search.path);
      await mapShowsTheList(page);
    });
  }
});

/** The rendered clusters: where each is on the canvas, and its size. */
function renderedClusters(page: Page): Promise<{ x: number; y: number; size: number }[]> {
  return page.evaluate(() => {
    const map = window.__pawrouteMap;
    if (!map) return [];
    const byCluster = new Map<number, { x: number; y: number; size: number }>();
    for (const feature of map.queryRenderedFeatures({ layers: ["result-clusters"] })) {
      if (feature.geometry.type !== "Point") continue;
      const [lng, lat] = feature.geometry.coordinates;
      byCluster.set(Number(feature.properties.cluster_id), { ...map.project([lng, lat]), size: Number(feature.properties.point_count) });
    }
    return [...byCluster.values()];
  });
}

// One page for the dense search's three checks (decision 0346; the clusters and the click were map-journeys'
// own test, on the same page at the same size): what the map draws as loaded, the keyboard's way into a
// cluster, and a click on a cluster, from the view the page opened with (set again, the tooltip closed).
test("a dense search gathers its pins into numbered clusters; keyboard only: Tab onto the map, arrow to a cluster, Enter zooms in with focus on what it held, down to a pin and its tooltip; a cluster zooms in when clicked", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/map/browse");
  await mapReady(page);
  const opened = await page.evaluate(() => {
    const map = window.__pawrouteMap;
    return map ? { center: map.getCenter().toArray() as [number, number], zoom: map.getZoom() } : null;
  });
  if (!opened) throw new Error("no map on the page");
  // The page's results, each a pin or counted in a cluster (decision 0137).
  expect((await renderedClusters(page)).length, "the page's results gather into clusters at this zoom").toBeGreaterThan(0);
  expect(await drawnCount(page)).toBe(await page.locator(".result-card").count());

  const places = page.locator(".map-places__place");
  await expect(places.first()).toBeAttached();
  expect(await page.locator(".map-places__place--cluster").count(), "the page's results gather into clusters at this zoom").toBeGreaterThan(0);

  const focusedPlace = () => page.evaluate(() => (document.activeElement?.matches(".map-places__place") ? (document.activeElement as HTMLElement).dataset.key ?? null : null));
  let key: string | null = null;
  for (let presses = 0; presses < 40 && key === null; presses++) {
    await page.keyboard.press("Tab");
    key = await focusedPlace();
  }
  expect(key, "Tab reaches the places on the map").not.toBeNull();
  // One Tab stop for all of them: the arrows move between them.
  await expect(page.locator(".map-places__place[tabindex='0']")).toHaveCount(1);
  for (let presses = 0; presses < 30 && !(key ?? "").startsWith("c"); presses++) {
    await page.keyboard.press("ArrowRight");
    key = await focusedPlace();
  }
  expect(key?.startsWith("c"), "a cluster is reached with the arrows").toBe(true);

  for (let level = 0; level < 8 && (key ?? "").startsWith("c"); level++) {
    const zoom = await page.evaluate(() => window.__pawrouteMap?.getZoom() ?? 0);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => window.__pawrouteMap?.getZoom() ?? 0)).toBeGreaterThan(zoom);
    // Focus follows into the cluster: it lands on one of the places that came out of it.
    const before = key;
    await expect.poll(async () => ((key = await focusedPlace()) !== null && key !== before), { timeout: 15_000 }).toBe(true);
  }
  expect(key?.startsWith("p"), "a pin that sat in a cluster is focused").toBe(true);
  const id = Number(key?.slice(1));
  const title = (await page.locator(`[data-result-id="${id}"] .result-card__title a`).textContent()) ?? "";
  await expect(page.locator(".map-places__place:focus")).toHaveAttribute("aria-label", `${title}: show its details`);
  await page.keyboard.press("Enter");
  const link = page.locator(".maplibregl-popup").getByRole("link", { name: `See details of ${title}` });
  await expect(link).toBeFocused();
  await expect(page.locator(`[data-result-id="${id}"]`)).toHaveClass(/result-card--on-map/);
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/map-keyboard-cluster-1280.png" });

  // Back to the view the page opened with: a click on a cluster (one the open tooltip does not cover) zooms in.
  await page.evaluate(
    (view) =>
      new Promise<void>((resolve) => {
        const map = window.__pawrouteMap;
        if (!map) return resolve();
        map.once("idle", () => resolve());
        map.jumpTo(view);
      }),
    opened,
  );
  const box = await page.locator(".search-map__canvas").boundingBox();
  const tooltip = await page.locator(".maplibregl-popup").boundingBox();
  const covered = (x: number, y: number) => tooltip !== null && x >= tooltip.x - 20 && x <= tooltip.x + tooltip.width + 20 && y >= tooltip.y - 20 && y <= tooltip.y + tooltip.height + 20;
  const target = box ? (await renderedClusters(page)).find((cluster) => !covered(box.x + cluster.x, box.y + cluster.y)) : undefined;
  if (!target || !box) throw new Error("no cluster on the map clear of the tooltip");
  await page.mouse.click(box.x + target.x, box.y + target.y);
  await expect.poll(() => page.evaluate(() => window.__pawrouteMap?.getZoom() ?? 0)).toBeGreaterThan(opened.zoom);
});
