import { apiSearch, resultIds } from "./search-support";
import { expect, test } from "./fixtures";
import { pageIsIdle } from "./support/hydration";
import { AUTOCOMPLETE_DELAY_MS } from "../../app/search/constants";

// What JavaScript adds to the search forms: autocomplete, the current-location option, live results
// on wide screens. Only the js project runs this file.

const LONDON = { latitude: 51.50735, longitude: -0.12776 };

test("the current-location option fills, clears and is cleared by typing, then searches around the visitor", async ({ page, context }) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(LONDON);
  await page.goto("/?tab=location");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const field = page.locator("#home-location");
  const toggle = page.getByRole("button", { name: "Use my current location" });
  const hidden = page.locator("input[type=hidden][name=geo-location]");

  await toggle.click();
  await expect(field).toHaveValue("Your current location");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(hidden).toHaveValue("51.50735,-0.12776");

  await toggle.click();
  await expect(field).toHaveValue("");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(hidden).toHaveCount(0);

  await toggle.click();
  await expect(hidden).toHaveCount(1);
  await field.press("End");
  await field.pressSequentially("x");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(hidden).toHaveCount(0);

  await field.fill("");
  await toggle.click();
  await expect(field).toHaveValue("Your current location");
  await page.getByRole("button", { name: "Search near here" }).click();
  await expect(page).toHaveURL("/location?location=Your%20current%20location&geo-location=51.50735%2C-0.12776");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog-friendly places within 5 miles of you");
  await expect(page.locator(".result-card").first()).toBeVisible();
});

test("when the position cannot be had the field says so inline", async ({ page, context }) => {
  await context.clearPermissions();
  await page.goto("/?tab=location");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "Use my current location" }).click();
  await expect(page.getByText("We couldn't determine your location - please enter this manually")).toBeVisible();
  await expect(page.locator("#home-location")).toHaveAttribute("aria-invalid", "true");
});

test("place suggestions come from the geocoder and are chosen with the keyboard", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/geocode")) asked.push(new URL(request.url()).searchParams.get("location") ?? "");
  });
  // The page's clock stands still while the visitor types, however slowly this machine delivers the
  // keys; then the debounce delay passes: one request, for the whole word.
  // (install() alone lets time flow naturally; pauseAt stops it once the page is ready.)
  await page.clock.install();
  await page.goto("/?tab=location");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const field = page.getByRole("combobox", { name: "Place" });
  await field.pressSequentially("Harrog");
  expect(asked).toEqual([]);
  // Preact runs effects (the one that starts the delay) after the next frame, at most 35 ms later,
  // and frames too follow the page's clock.
  await page.clock.runFor(AUTOCOMPLETE_DELAY_MS + 50);
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options.first()).toContainText("Harrogate");
  expect(asked).toEqual(["Harrog"]);
  await field.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await field.press("Enter");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(field).toHaveValue(/^Harrogate/);
});

test("on wide screens a filter change updates the results in place and the URL follows", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/location?location=London");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => document.body.setAttribute("data-same-document", "yes"));
  await expect(page.getByRole("button", { name: "Apply filters" })).toBeVisible();

  const searches: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/locations/search/")) searches.push(request.url());
  });
  await page.getByRole("checkbox", { name: "Pubs and cafés" }).check();
  await expect(page).toHaveURL("/location/dog-friendly-pub?location=London");
  const api = await apiSearch(request, "location", "location=London&types[]=2");
  await expect.poll(() => resultIds(page)).toEqual(api.results.map((result) => result.location.id));
  expect(searches.length).toBeGreaterThan(0);
  await expect(page.locator("body")).toHaveAttribute("data-same-document", "yes");
});

test("below 960 px filters wait for the Apply button", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto("/location?location=London");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByText("Filters", { exact: true }).click();
  const searches: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/location/")) searches.push(request.url());
  });
  await page.getByRole("checkbox", { name: "Vets" }).check();
  // The change's handlers have run: they asked for no search (a search starts its request at once).
  await pageIsIdle(page);
  expect(searches).toEqual([]);
  await expect(page).toHaveURL("/location?location=London");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL("/location/vet?location=London");
  await expect(page.locator(".type-chip").first()).toHaveText("Vet");
});

test("switching the search type shows its fields and its default sort", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/location?location=London&sort=name");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const panel = page.getByRole("form", { name: "Search filters" });
  await expect(panel.getByLabel("Place", { exact: true })).toBeVisible();
  await expect(panel.getByLabel("From", { exact: true })).toBeHidden();
  await expect(panel.getByLabel("Distance")).toHaveValue("");

  await panel.getByRole("radio", { name: "Along a route" }).check();
  await expect(panel.getByLabel("From", { exact: true })).toBeVisible();
  await expect(panel.getByLabel("Place", { exact: true })).toBeHidden();
  await expect(panel.getByLabel("Sort by")).toHaveValue("distance_in");
  await expect(panel.getByLabel("Distance")).toHaveValue("5");
  await expect(panel.getByLabel("Distance").locator("option[value='']")).toHaveCount(0);

  await panel.getByLabel("From", { exact: true }).fill("London");
  await panel.getByLabel("To", { exact: true }).fill("Leeds");
  await panel.getByLabel("To", { exact: true }).press("Enter");
  await expect(page).toHaveURL("/route?from=London&to=Leeds");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog-friendly places along your route from London to Leeds");
});

test("the search form's check loads on first use, not with the page, and still stops an empty search", async ({ page }) => {
  // The check is the server's zod schema; zod is not part of the page's first JavaScript (docs/decisions/0178).
  const checks: string[] = [];
  page.on("request", (request) => {
    if (/\/validate-schema-[^/]*\.js$/.test(request.url())) checks.push(request.url());
  });
  await page.goto("/location?location=York");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.waitForLoadState("networkidle");
  expect(checks).toEqual([]);

  const field = page.locator("#filter-location");
  await field.focus();
  await expect.poll(() => checks.length).toBe(1);
  await field.fill("");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("Please enter a location")).toBeVisible();
  await expect(page).toHaveURL("/location?location=York");
});
