import { expect, test } from "./support/test";

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
  const first = await marker.evaluate((element) => element.style.transform);
  await page.getByLabel("Longitude").fill("-3.0");
  await expect.poll(() => marker.evaluate((element) => element.style.transform)).not.toBe(first);
  await expect.poll(async () => (await centre()).dx).toBeLessThan(3);
});
