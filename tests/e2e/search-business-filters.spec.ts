import { apiSearch, resultIds } from "./search-support";
import { expect, test } from "./fixtures";

// Accommodation and dog services as filters of the member businesses (docs/decisions/0136), with
// JavaScript on (live update on wide screens) and off (the Apply button), in the URL scheme.

test("the filter panel narrows results to accommodation, then adds dog services", async ({ page, request, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/browse");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const businesses = page.getByRole("group", { name: "Member businesses" });

  await businesses.getByLabel("Dog-friendly accommodation").check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/browse/dog-friendly-accommodation" && url.search === "");
  const accommodation = await apiSearch(request, "browse", "accommodation=true");
  expect(accommodation.pagination.total).toBeGreaterThan(0);
  await expect.poll(() => resultIds(page)).toEqual(accommodation.results.map((result) => result.location.id));
  if (!javaScriptEnabled) await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog-friendly accommodation in the UK and France");
  await expect.poll(async () => new Set(await page.locator(".result-card .type-chip").allTextContents())).toEqual(new Set(["Accommodation"]));

  await businesses.getByLabel("Dog services").check();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/browse" && url.search === "?accommodation=true&dogServices=true");
  const both = await apiSearch(request, "browse", "accommodation=true&dogServices=true");
  expect(both.pagination.total).toBeGreaterThan(accommodation.pagination.total);
  await expect.poll(() => resultIds(page)).toEqual(both.results.map((result) => result.location.id));
  // Cards name these businesses by what they are, never the generic "Member business".
  const chips = page.locator(".result-card .type-chip");
  const kinds = new Set(await chips.allTextContents());
  expect(kinds.size).toBeGreaterThan(0);
  expect([...kinds].filter((kind) => kind !== "Accommodation" && kind !== "Dog services")).toEqual([]);
});

test("the segment URLs read as the filters, and the motorway pickers offer them too", async ({ page }) => {
  await page.goto("/browse/dog-services");
  await expect(page.getByRole("group", { name: "Member businesses" }).getByLabel("Dog services")).toBeChecked();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog services in the UK and France");
  expect(new Set(await page.locator(".result-card .type-chip").allTextContents())).toEqual(new Set(["Dog services"]));
  await page.goto("/motorway-search");
  await expect(page.getByRole("group", { name: "Member businesses" }).getByLabel("Dog-friendly accommodation")).toBeVisible();
});
