import { apiSearch, plainText, resultIds } from "./search-support";
import { expect, test } from "./fixtures";

// The results list with JavaScript on and off: pagination, sorting, shareable URLs, bad input and the
// map page's fallback.

const ROAD = "/browse/road/united-kingdom/m6";

test("pagination moves through the pages and keeps the URL canonical", async ({ page, request }) => {
  const first = await apiSearch(request, "road", "road-slug=m6&road-country=united-kingdom");
  expect(first.pagination.total).toBeGreaterThan(40);
  await page.goto(ROAD);
  const pages = page.getByRole("navigation", { name: "Pages of results" });
  await expect(pages.getByText(`Showing 1–20 of ${first.pagination.total} results`)).toBeVisible();
  await expect(pages.locator("[aria-current=page]")).toHaveText("Page 1");
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(`${ROAD}?page=2`);
  const second = await apiSearch(request, "road", "road-slug=m6&road-country=united-kingdom&page=2");
  await expect.poll(() => resultIds(page)).toEqual(second.results.map((result) => result.location.id));
  await expect(pages.getByText(`Showing 21–40 of ${first.pagination.total} results`)).toBeVisible();

  const last = first.pagination.totalPages;
  await pages.getByRole("link", { name: `Page ${last}` }).click();
  await expect(page).toHaveURL(`${ROAD}?page=${last}`);
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Page 1" }).click();
  await expect(page).toHaveURL(ROAD);

  await pages.getByRole("link", { name: "Show 100 per page" }).click();
  await expect(page).toHaveURL(`${ROAD}?limit=100`);
  await expect(page.locator(".result-card")).toHaveCount(Math.min(100, first.pagination.total));
});

test("sorting changes the URL and the order of the results", async ({ page, request, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(ROAD);
  // A choice made before hydration is put back by React's controlled select: choose once the page is live.
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const byJunction = await resultIds(page);
  await page.getByLabel("Sort by").selectOption({ label: "Name, A to Z" });
  // Wide screens with JavaScript update live; without JavaScript the Apply button submits the form.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(`${ROAD}?sort=name`);

  const api = await apiSearch(request, "road", "road-slug=m6&road-country=united-kingdom&sort=name");
  const byName = api.results.map((result) => result.location.id);
  expect(byName).not.toEqual(byJunction);
  await expect.poll(() => resultIds(page)).toEqual(byName);
  const titles = api.results.map((result) => result.location.title.toLowerCase());
  expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});

test("a search URL pasted into a new browser shows the same results", async ({ page, browser, javaScriptEnabled }) => {
  const url = "/location?location=London&sort=name&page=2";
  await page.goto(url);
  const ids = await resultIds(page);
  expect(ids.length).toBeGreaterThan(0);

  const fresh = await browser.newContext({ javaScriptEnabled });
  try {
    const other = await fresh.newPage();
    await other.goto(new URL(url, page.url()).href);
    expect(new URL(other.url()).pathname + new URL(other.url()).search).toBe(url);
    expect(await resultIds(other)).toEqual(ids);
  } finally {
    await fresh.close();
  }
});

test("a search with nothing to show says so and invites a listing", { tag: "@same-without-js" }, async ({ page }) => {
  const response = await page.goto("/location/vet?location=Lerwick&distance=1");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("We can't find any results")).toBeVisible();
  await expect(page.getByText(/Know a dog-friendly place we are missing\?/)).toBeVisible();
});

test("bad input in the URL answers 4xx with a clear message, never a 500", { tag: "@http" }, async ({ request }) => {
  const cases: [string, number, RegExp][] = [
    ["/location/not-a-segment?location=York", 404, /We can't find that page/],
    ["/browse/road/united-kingdom/m6/extra/parts", 404, /We can't find that page/],
    ["/map/nowhere?location=York", 404, /We can't find that page/],
    ["/location?location=York&page=-1", 400, /page must be at least 1/],
    ["/location?location=York&limit=5000", 400, /limit must be at most 100/],
    ["/location?location=York&types[]=abc", 400, /types must be a list of 1, 2, 3, 4, 5/],
    ["/location?location=York&sort=sideways", 400, /sort must be one of/],
    ["/location?location=York&distance=-3", 400, /distance must be more than 0 miles/],
    ["/route?from=London", 400, /Please enter where you are travelling to/],
    ["/location?location=Nowhereville%20Qqq", 422, /couldn't find "Nowhereville Qqq"/],
    ["/browse/road/united-kingdom/m999", 404, /know that road/],
    ["/location?location=York&page=999", 404, /There is no page 999/],
  ];
  for (const [url, status, message] of cases) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(status);
    expect(plainText(await response.text()), url).toMatch(message);
  }
});

test("non-canonical search URLs redirect to the one canonical form", { tag: "@http" }, async ({ request }) => {
  const cases: [string, string][] = [
    ["/search-results?search-type=location&location=York&sort=distance_away&distance=5&page=1&limit=20", "/location?location=York"],
    ["/location?location=York&types%5B%5D=2", "/location/dog-friendly-pub?location=York"],
    ["/map-search-results?search-type=route&from=London&to=Leeds&types[]=5", "/map/route/vet?from=London&to=Leeds"],
    ["/search-results?search-type=browse&road-slug=m6&road-country=united-kingdom&pubWalks=true", "/browse/road/united-kingdom/m6/walks-with-a-pub"],
    ["/location/walks?location=York&allWalks=true&pubWalks=true", "/location/walks-with-a-pub?location=York"],
  ];
  for (const [from, to] of cases) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(302);
    expect(response.headers().location, from).toBe(to);
  }
});

test("the map page lists the results too, and says the map needs JavaScript when it is off", async ({ page, javaScriptEnabled }) => {
  await page.goto("/map/location?location=London");
  await expect(page.locator(".result-card").first()).toBeVisible();
  if (javaScriptEnabled) {
    await expect(page.locator(".search-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
    await expect(page.getByText("The map needs JavaScript")).toBeHidden();
  } else {
    await expect(page.getByText("The map needs JavaScript. The results are listed below.")).toBeVisible();
  }
});
