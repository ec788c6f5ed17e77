import { expect, reviewScreenshot, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// Full-page pictures of the search pages for people to look at (tests/e2e/screenshots/ is gitignored),
// and axe on each: no serious or critical violations. axe needs JavaScript, so the js project alone runs this.

const PAGES = [
  ["search-home", "/"],
  ["search-home-vets-in-france", "/vets-in-france?tab=location"],
  ["search-motorway", "/motorway-search"],
  ["search-motorway-france", "/motorway-search-france"],
  ["search-results-route", "/route?from=London&to=Leeds"],
  ["search-results-location", "/location?location=Leeds"],
  ["search-results-road", "/browse/road/united-kingdom/m6"],
  ["search-results-junction", "/browse/road/united-kingdom/m6/junction-24"],
  ["search-results-chosen-place", "/location?location=Bath%2C%20Bath%20and%20North%20East%20Somerset%2C%20United%20Kingdom&location-id=p4668"],
  ["search-no-results", "/location/vet?location=Lerwick&distance=1"],
  ["search-map-route", "/map/route?from=London&to=Leeds"],
  ["search-map-location", "/map/location?location=York"],
] as const;

for (const width of [1280, 390]) {
  for (const [name, path] of PAGES) {
    test(`${name} at ${width} px: screenshot and no serious accessibility violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      if (name.startsWith("search-map")) await expect(page.locator(".search-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/${name}-${width}.png`, fullPage: true });
      expect(await seriousViolations(page, ".maplibregl-canvas")).toEqual([]);
    });
  }
}

for (const width of [1280, 390]) {
  test(`place suggestions open at ${width} px: screenshot and no serious accessibility violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/?tab=location");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("combobox", { name: "Place" }).pressSequentially("M6", { delay: 20 });
    await expect(page.getByRole("listbox")).toBeVisible();
    await reviewScreenshot(page, { path: `tests/e2e/screenshots/search-suggestions-${width}.png` });
    expect(await seriousViolations(page, ".maplibregl-canvas")).toEqual([]);
  });
}
