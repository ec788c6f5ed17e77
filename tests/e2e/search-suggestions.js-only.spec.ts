import type { Locator, Page } from "@playwright/test";
import { apiSearch, resultIds } from "./search-support";
import { expect, test } from "./fixtures";
import { pageIsIdle } from "./support/hydration";

// Picking a place suggestion, by mouse and by keyboard, on the homepage, the results page, the route
// tab and the directions form, at 1280 and 390 px: the search uses exactly the chosen place (issue 10).

const BATH = "Bath, Bath and North East Somerset, United Kingdom";
const YORK = "York, United Kingdom";
const CALAIS = "Calais, Pas-de-Calais, France";
const LYON = "Lyon, Rhône, France";
const CARLISLE = "Carlisle, Cumbria, United Kingdom";

type How = "mouse" | "keyboard";

/** Types into a place field and picks the suggestion with this address, by mouse or keyboard. */
async function pick(page: Page, field: Locator, typed: string, address: string, how: How) {
  await field.click();
  await field.pressSequentially(typed, { delay: 20 });
  const listbox = page.getByRole("listbox");
  const option = listbox.getByRole("option", { name: address, exact: true });
  await expect(option).toBeVisible();
  await expect(option).toBeInViewport();
  if (how === "mouse") {
    await option.click();
  } else {
    const options = await listbox.getByRole("option").allTextContents();
    const index = options.indexOf(address);
    expect(index).toBeGreaterThanOrEqual(0);
    for (let step = 0; step <= index; step++) await field.press("ArrowDown");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await field.press("Enter");
  }
  await expect(listbox).toHaveCount(0);
  await expect(field).toHaveValue(address);
}

async function refOf(page: Page, address: string): Promise<string> {
  const response = await page.request.get(`/api/geocode?location=${encodeURIComponent(address)}&limit=1`);
  const body: { results: { kind: string; id: number; formattedAddress: string }[] } = await response.json();
  const [hit] = body.results;
  expect(hit.formattedAddress).toBe(address);
  return `${hit.kind === "listing" ? "l" : "p"}${hit.id}`;
}

async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

// One page per width and way of picking (decision 0346): the four entry points are steps of one test, each
// starting from its own address (a full load), so none depends on what the step before it left.
for (const width of [1280, 390]) {
  for (const how of ["mouse", "keyboard"] as const) {
    test(`at ${width} px by ${how}: the chosen suggestion is searched exactly, on the homepage (near a place, along a route), the results page and the directions form`, async ({ page, request }) => {
      // Four searches (one a long route) on a shared machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 860 });

      await test.step("homepage, near a place: the chosen suggestion is searched exactly", async () => {
        await page.goto("/?tab=location");
        await hydrated(page);
        await pick(page, page.getByRole("combobox", { name: "Place" }), "Bath", BATH, how);
        await page.getByRole("button", { name: "Search near here" }).click();
        const ref = await refOf(page, BATH);
        await expect(page).toHaveURL(`/location?location=${encodeURIComponent(BATH)}&location-id=${ref}`);
        await expect(page.getByRole("heading", { level: 1 })).toContainText("Bath");
        const api = await apiSearch(request, "location", `location=${encodeURIComponent(BATH)}&location-id=${ref}`);
        expect(api.results.length).toBeGreaterThan(0);
        await expect.poll(() => resultIds(page)).toEqual(api.results.map((result) => result.location.id));
      });

      await test.step("homepage, along a route: both suggestions are searched exactly", async () => {
        await page.goto("/?tab=route");
        await hydrated(page);
        await pick(page, page.getByRole("combobox", { name: "From" }), "Calais", CALAIS, how);
        await pick(page, page.getByRole("combobox", { name: "To" }), "Lyon", LYON, how);
        await page.getByRole("button", { name: "Find stops on my route" }).click();
        const [from, to] = [await refOf(page, CALAIS), await refOf(page, LYON)];
        await expect(page).toHaveURL(`/route?from=${encodeURIComponent(CALAIS)}&from-id=${from}&to=${encodeURIComponent(LYON)}&to-id=${to}`);
        await expect(page.locator(".search-page__summary")).toContainText("from Calais to Lyon");
        await expect(page.locator(".result-card").first()).toBeVisible();
      });

      await test.step("results page: a chosen suggestion is searched (at once on wide screens, with Apply on phones)", async () => {
        await page.goto("/location?location=London");
        await hydrated(page);
        if (width < 960) await page.getByText("Filters", { exact: true }).click();
        const panel = page.getByRole("form", { name: "Search filters" });
        const field = panel.getByRole("combobox", { name: "Place" });
        await field.fill("");
        const searches: string[] = [];
        const watch = (request: { url: () => string }) => {
          const url = new URL(request.url());
          if (url.pathname.replace(/\.data$/, "") === "/location" && url.search.includes("York")) searches.push(request.url());
        };
        page.on("request", watch);
        await pick(page, field, "York", YORK, how);
        const ref = await refOf(page, YORK);
        const url = `/location?location=${encodeURIComponent(YORK)}&location-id=${ref}`;
        if (width >= 960) {
          await expect(page).toHaveURL(url);
        } else {
          // The pick's handlers have run: they asked for no search (a search starts its request at once).
          await pageIsIdle(page);
          expect(searches).toEqual([]);
          await expect(page).toHaveURL("/location?location=London");
          const apply = panel.getByRole("button", { name: "Apply filters" });
          await expect(apply).toBeVisible();
          await apply.click();
          await expect(page).toHaveURL(url);
          await expect(page.locator(".filters-disclosure")).not.toHaveAttribute("open", "");
          await expect(page.locator(".search-page__results")).toBeFocused();
        }
        page.off("request", watch);
        await expect(page.getByRole("heading", { level: 1 })).toContainText("York");
      });

      await test.step("directions: the place field offers suggestions and routes from the chosen one", async () => {
        const [listing] = (await apiSearch(page.request, "location", "location=Penrith&types[]=1&limit=1")).results;
        const url = (listing as unknown as { location: { url: string } }).location.url;
        await page.goto(`${url}/directions`);
        await hydrated(page);
        const field = page.getByRole("combobox", { name: "Starting from" });
        await expect(field).not.toHaveAttribute("placeholder", /latitude/);
        await pick(page, field, "Carlis", CARLISLE, how);
        await page.getByRole("button", { name: "Get directions" }).click();
        await expect(page).toHaveURL(new RegExp(`from-id=${await refOf(page, CARLISLE)}`));
        await expect(page.getByRole("heading", { name: `Your route from ${CARLISLE}` })).toBeVisible();
      });
    });
  }
}

test("suggestions are grouped (places, roads and junctions) without duplicates", async ({ page }) => {
  await page.goto("/?tab=location");
  await hydrated(page);
  await page.getByRole("combobox", { name: "Place" }).pressSequentially("M6", { delay: 20 });
  const listbox = page.getByRole("listbox");
  await expect(listbox.getByRole("group", { name: "Roads and junctions" })).toBeVisible();
  await expect(listbox.getByRole("group", { name: "Roads and junctions" }).getByRole("option").first()).toHaveText("M6, United Kingdom");
  const labels = await listbox.getByRole("option").allTextContents();
  expect(new Set(labels).size).toBe(labels.length);
});

test("on wide screens the current location searches at once; the Apply button is visible and focusable", async ({ page, context }) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 53.95763, longitude: -1.08271 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/location?location=London");
  await hydrated(page);
  const panel = page.getByRole("form", { name: "Search filters" });
  await expect(panel.getByRole("button", { name: "Apply filters" })).toBeVisible();
  await panel.getByRole("button", { name: "Use my current location" }).first().click();
  await expect(page).toHaveURL("/location?location=Your%20current%20location&geo-location=53.95763%2C-1.08271");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog-friendly places within 5 miles of you");
});
