import { expect, reviewScreenshot, test } from "./fixtures";
import { atEachWidth, seriousViolations } from "./support/axe";

// Full-page pictures of the search pages for people to look at (E2E_SCREENSHOTS=1, decision 0312), and axe
// on each: no serious or critical violations. axe needs JavaScript, so the js project alone runs this.
// The search forms as loaded (/, /motorway-search, /motorway-search-france) are checked at both widths by
// axe-route-table.js-only.spec.ts; here, the searches themselves, one page walking them per width
// (decision 0317).

const PAGES = [
  ["search-home-vets-in-france", "/vets-in-france?tab=location"],
  ["search-results-route", "/route?from=London&to=Leeds"],
  ["search-results-location", "/location?location=Leeds"],
  ["search-results-road", "/browse/road/united-kingdom/m6"],
  ["search-results-junction", "/browse/road/united-kingdom/m6/junction-24"],
  ["search-results-chosen-place", "/location?location=Bath%2C%20Bath%20and%20North%20East%20Somerset%2C%20United%20Kingdom&location-id=p4668"],
  ["search-no-results", "/location/vet?location=Lerwick&distance=1"],
  ["search-map-route", "/map/route?from=London&to=Leeds"],
  ["search-map-location", "/map/location?location=York"],
] as const;

// Each page is loaded once at 390 px, checked, widened to 1280 px and checked again (decision 0330); two
// tests, each with half of the pages, which the two workers share.
for (const half of [0, 1] as const) {
  test(`the search pages at 390 and 1280 px (${half === 0 ? "first" : "second"} half): screenshots and no serious accessibility violations`, async ({ page }) => {
    test.setTimeout(120_000);
    for (const [name, path] of PAGES.filter((_page, index) => index % 2 === half)) {
      await atEachWidth(
        page,
        async () => {
          await page.goto(path);
          await expect(page.locator("html"), path).toHaveAttribute("data-hydrated", "true");
          if (name.startsWith("search-map")) await expect(page.locator(".search-map__canvas"), path).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
        },
        async (width) => {
          await reviewScreenshot(page, { path: `tests/e2e/screenshots/${name}-${width}.png`, fullPage: true });
          expect.soft(await seriousViolations(page, ".maplibregl-canvas"), `${name} at ${width} px`).toEqual([]);
        },
      );
    }
  });
}

// The suggestions opened once at 390 px, checked, and checked again still open at 1280 px (decision 0337).
test("place suggestions open at 390 and 1280 px: screenshot and no serious accessibility violations", async ({ page }) => {
  await atEachWidth(
    page,
    async () => {
      await page.goto("/?tab=location");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.getByRole("combobox", { name: "Place" }).pressSequentially("M6", { delay: 20 });
    },
    async (width) => {
      await expect(page.getByRole("listbox"), `open at ${width} px`).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Place" }), `at ${width} px`).toBeFocused();
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/search-suggestions-${width}.png` });
      expect(await seriousViolations(page, ".maplibregl-canvas"), `at ${width} px`).toEqual([]);
    },
    [
      { width: 390, height: 900 },
      { width: 1280, height: 900 },
    ],
  );
});
