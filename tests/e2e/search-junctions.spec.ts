import { apiSearch, resultIds } from "./search-support";
import { expect, test } from "./fixtures";

// Picking a junction of a road, with JavaScript on and off, and the junction badges that link to it.

test("road results offer a junction picker that leads to that junction's results", async ({ page, request, javaScriptEnabled }) => {
  await page.goto("/browse/road/united-kingdom/m6");
  const picker = page.getByLabel("Junction", { exact: true });
  const options = await picker.locator("option").evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  expect(options[0]).toBe("");
  const api = await apiSearch(request, "road", "road-slug=m6&road-country=united-kingdom&limit=100");
  const withListings = api.results.map((result) => (result as unknown as { junction: { number: string } | null }).junction?.number).find(Boolean);
  expect(withListings).toBeTruthy();
  const number = String(withListings).toLowerCase();
  expect(options).toContain(number);

  await picker.selectOption(number);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(`/browse/road/united-kingdom/m6/junction-${number}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`near M6 Junction ${withListings}`);
  const one = await apiSearch(request, "road", `road-slug=m6&road-country=united-kingdom&junction=${number}`);
  expect(await resultIds(page)).toEqual(one.results.map((result) => result.location.id));
  await expect(page.getByLabel("Junction", { exact: true })).toHaveValue(number);

  await page.getByLabel("Junction", { exact: true }).selectOption("");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL("/browse/road/united-kingdom/m6");
});

test("the junction badge on a card and on the listing page links to that junction's results", async ({ page }) => {
  await page.goto("/browse/road/united-kingdom/m6");
  const badge = page.locator("a.result-card__junction").first();
  const href = await badge.getAttribute("href");
  expect(href).toMatch(/^\/browse\/road\/united-kingdom\/m6\/junction-[0-9]+[a-z]?$/);
  const listingHref = await page.locator(".result-card").first().locator(".result-card__title a").getAttribute("href");
  await badge.click();
  await expect(page).toHaveURL(String(href));
  await expect(page.locator(".result-card").first()).toBeVisible();

  await page.goto(String(listingHref));
  const junctionLink = page.locator("a.listing__junction");
  await expect(junctionLink).toHaveAttribute("href", /^\/browse\/road\/united-kingdom\/m6\/junction-/);
  await junctionLink.click();
  await expect(page).toHaveURL(/\/browse\/road\/united-kingdom\/m6\/junction-/);
  await expect(page.locator(".result-card").first()).toBeVisible();
});
