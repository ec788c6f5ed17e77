import { apiSearch, resultIds } from "./search-support";
import { expect, test } from "./fixtures";

// A road's results page has the API's distance (from the junction) in its filter form, with JavaScript
// (a live update) and without (the GET form and its redirect to the canonical URL).

test("a road's results narrow to a distance from the junction and widen back to any distance", async ({ page, request, javaScriptEnabled }) => {
  await page.goto("/browse/road/united-kingdom/m6");
  const distance = page.getByLabel("Distance from the junction");
  await expect(distance).toHaveValue("");
  const near = await apiSearch(request, "road", "road-slug=m6&road-country=united-kingdom&distance=1");
  const all = await apiSearch(request, "road", "road-slug=m6&road-country=united-kingdom");
  expect(near.pagination.total).toBeLessThan(all.pagination.total);

  await distance.selectOption("1");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL("/browse/road/united-kingdom/m6?distance=1");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("within 1 mile of M6 junctions");
  await expect.poll(() => resultIds(page)).toEqual(near.results.map((result) => result.location.id));
  await expect(page.getByLabel("Distance from the junction")).toHaveValue("1");

  await page.getByLabel("Distance from the junction").selectOption("");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL("/browse/road/united-kingdom/m6");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("near M6 junctions");
});
