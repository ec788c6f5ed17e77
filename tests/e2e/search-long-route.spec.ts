import { apiSearch, plainText, resultIds } from "./search-support";
import { expect, test } from "./fixtures";

// Long routes: the route results page offers to start the results from a point of the drive, with
// JavaScript on and off (a plain GET form), so page one of London → Edinburgh is not only London.

const ROUTE = "/route?from=London&to=Edinburgh";

test("a long route's results can start from a point of the drive", async ({ page, request }) => {
  await page.goto(ROUTE);
  const control = page.getByLabel("Show results from");
  await expect(control).toBeVisible();
  const fromStart = await resultIds(page);
  expect(fromStart.length).toBeGreaterThan(0);

  const options = await control.locator("option").allTextContents();
  expect(options[0]).toMatch(/^The start of the drive/);
  const third = options.find((text) => text.startsWith("After 3 hours"));
  expect(third, options.join(" | ")).toBeTruthy();
  await control.selectOption({ label: third as string });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(`${ROUTE}&start-hours=3`);

  const api = await apiSearch(request, "route", "from=London&to=Edinburgh&start-hours=3");
  const later = api.results.map((result) => result.location.id);
  expect(later.length).toBeGreaterThan(0);
  expect(later).not.toEqual(fromStart);
  await expect.poll(() => resultIds(page)).toEqual(later);
  // Every result lies beyond the first three hours, further along than anything on the first page from the start.
  const start = await apiSearch(request, "route", "from=London&to=Edinburgh");
  const furthest = Math.max(...start.results.map((result) => result.distanceIn ?? 0));
  for (const result of api.results) expect(result.distanceIn ?? 0).toBeGreaterThan(furthest);
  await expect(page.getByLabel("Show results from")).toHaveValue("3");

  await page.getByLabel("Show results from").selectOption("0");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(ROUTE);
  await expect.poll(() => resultIds(page)).toEqual(fromStart);
});

test("a bad start-hours is a clear 400, not a server error", { tag: "@http" }, async ({ request }) => {
  for (const bad of ["1e40", "-1", "soon"]) {
    const response = await request.get(`${ROUTE}&start-hours=${bad}`);
    expect(response.status(), bad).toBe(400);
    expect(plainText(await response.text())).toMatch(/start-hours must be/);
  }
  // A NUL byte is refused before any route reads the query (app/ops/http.server.ts).
  const nul = await request.get(`${ROUTE}&start-hours=%00`);
  expect(nul.status()).toBe(400);
  expect(plainText(await nul.text())).toMatch(/characters we cannot read/);
});
