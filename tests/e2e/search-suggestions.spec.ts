import { apiSearch, resultIds } from "./search-support";
import { expect, test } from "./fixtures";

// With JavaScript on and off: the text of any suggestion the geocoder offers, submitted as it is,
// searches that place (the form without JavaScript has no list to pick from), at both widths.

const BATH = "Bath, Bath and North East Somerset, United Kingdom";
const BATHIE = "La Bâthie, Savoie, France";

for (const width of [1280, 390]) {
  test(`at ${width} px a suggestion's address typed in full finds that place, near a place and along a route`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 860 });
    await page.goto("/?tab=location");
    await page.locator("#home-location").fill(BATH);
    await page.locator("#home-location").press("Escape");
    await page.getByRole("button", { name: "Search near here" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/location");
    expect(new URL(page.url()).searchParams.get("location")).toBe(BATH);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bath");
    const api = await apiSearch(request, "location", `location=${encodeURIComponent(BATH)}`);
    expect(api.results.length).toBeGreaterThan(0);
    expect(await resultIds(page)).toEqual(api.results.map((result) => result.location.id));

    await page.goto("/?tab=route");
    await page.locator("#home-from").fill("Calais, Pas-de-Calais, France");
    await page.locator("#home-to").fill(BATHIE);
    // Typed in full, the place's own suggestion list opens over the button at 390 px: close it, as a keyboard user would.
    await page.locator("#home-to").press("Escape");
    await page.getByRole("button", { name: "Find stops on my route" }).click();
    await expect(page.locator(".search-page__summary")).toContainText("from Calais to La Bâthie");
  });
}

test("the geocoder answers the address it suggested", { tag: "@http" }, async ({ request }) => {
  for (const address of [BATH, BATHIE, "M6, United Kingdom"]) {
    const response = await request.get(`/api/geocode?location=${encodeURIComponent(address)}`);
    expect(response.status()).toBe(200);
    const body: { results: { formattedAddress: string }[] } = await response.json();
    expect(body.results[0]?.formattedAddress).toBe(address);
  }
});

test("a malformed place reference is a 400 page, not a 500", { tag: "@http" }, async ({ request }) => {
  for (const ref of ["p99999999999999999999", "p1%00", "x1"]) {
    const response = await request.get(`/location?location=Bath&location-id=${ref}`);
    expect(response.status(), ref).toBe(400);
  }
});
