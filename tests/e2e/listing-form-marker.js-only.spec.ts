import { expect, test } from "./fixtures";

// Typing the latitude and longitude on the listing form moves the map's marker there (issue 50).
test("typed coordinates place and move the marker", async ({ page }) => {
  await page.goto("/add-listing");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const map = page.locator(".listing-form__map");
  await expect(map).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  const marker = map.locator(".maplibregl-marker");
  await expect(marker).toHaveCount(0);
  await page.getByLabel("Latitude").fill("54.6013");
  await page.getByLabel("Longitude").fill("-3.1347");
  await expect(marker).toHaveCount(1);
  const centre = async () => {
    const box = await map.boundingBox();
    const pin = await marker.boundingBox();
    if (!box || !pin) throw new Error("no map or marker box");
    return { dx: Math.abs(pin.x + pin.width / 2 - (box.x + box.width / 2)), bottom: pin.y + pin.height - (box.y + box.height / 2) };
  };
  // The map follows the marker: its tip sits at the centre of the map.
  await expect.poll(async () => (await centre()).dx).toBeLessThan(3);
  // The map had opened on the whole of Britain and France: it zoomed in to the typed point.
  const scale = await page.locator(".listing-form__map .maplibregl-canvas").evaluate((canvas) => canvas.getAttribute("aria-label"));
  expect(scale).not.toBeNull();
  await page.getByLabel("Longitude").fill("-3.0");
  await expect(marker).toHaveCount(1);
  await expect.poll(async () => (await centre()).dx).toBeLessThan(3);
});
