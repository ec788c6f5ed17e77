import { holdScripts } from "./support/hydration";
import { expect, test } from "./fixtures";

// A filter chosen on the results page before its JavaScript has loaded is applied once it has, not put back.

test("a sort and a distance chosen while the results page loads are applied once it has", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/location?location=Leeds", { waitUntil: "domcontentloaded" });
  const filters = page.getByRole("form", { name: "Search filters" });
  await filters.getByLabel("Sort by").selectOption("name");
  await filters.getByLabel("Distance").selectOption("20");
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await expect(page).toHaveURL(/[?&]distance=20(&|$)/);
  await expect(filters.getByLabel("Sort by")).toHaveValue("name");
  await expect(filters.getByLabel("Distance")).toHaveValue("20");
});

test("a type ticked while the results page loads is applied once it has", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/location?location=Leeds", { waitUntil: "domcontentloaded" });
  const filters = page.getByRole("form", { name: "Search filters" });
  await filters.getByRole("checkbox", { name: "Vets", exact: true }).check();
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page).toHaveURL(/types(%5B%5D|\[\])?=5|\/vet/);
  await expect(filters.getByRole("checkbox", { name: "Vets", exact: true })).toBeChecked();
});

test("a junction chosen while the road's page loads is shown once it has", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/browse/road/united-kingdom/m6", { waitUntil: "domcontentloaded" });
  const picker = page.getByLabel("Junction", { exact: true });
  const chosen = await picker.locator("option").nth(2).getAttribute("value");
  await picker.selectOption(chosen!);
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page).toHaveURL(new RegExp(`/browse/road/united-kingdom/m6/junction-${chosen}(\\?|$)`));
  await expect(picker).toHaveValue(chosen!);
});

test("on the motorway search, a type ticked while the page loads counts and goes into the search", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/motorway-search", { waitUntil: "domcontentloaded" });
  await page.getByRole("checkbox", { name: "Pubs and cafés" }).check();
  await page.getByRole("group", { name: "Choose a road" }).getByRole("radio", { name: /M6\b.*Rugby - Carlisle/ }).check();
  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("checkbox", { name: "Pubs and cafés" })).toBeChecked();
  await page.getByRole("button", { name: "Show stops on this road" }).click();
  await expect(page).toHaveURL("/browse/road/united-kingdom/m6/dog-friendly-pub");
});
