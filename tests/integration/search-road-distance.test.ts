import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../../app/db.server";
import { resultsPage as page } from "../support/results-page";
import { MAX_DISTANCE_MILES } from "../../geo/search/filters";

// A road's results page takes the API's distance (miles from the junction) from its URL and its filter form.


function results(loaded: Awaited<ReturnType<typeof page>>) {
  if (loaded.page?.outcome.kind !== "results") throw new Error(`no results: ${JSON.stringify(loaded.page?.outcome)}`);
  return loaded.page.outcome.results;
}

beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
});
afterAll(closeDatabase);

describe("a road's results page with a distance", () => {
  it("lists only the listings within that distance of their junction, and says so", async () => {
    const whole = results(await page("/browse/road/united-kingdom/m6?limit=100"));
    expect(whole.summary.heading).toMatch(/near M6 junctions$/);
    const distances = whole.cards.map((card) => card.distance ?? Infinity);
    expect(distances.length).toBeGreaterThan(1);
    // A distance between the nearest and the farthest listing, so the filter must drop some and keep some.
    const miles = Math.ceil(Math.min(...distances));
    expect(Math.max(...distances)).toBeGreaterThan(miles);

    const near = await page(`/browse/road/united-kingdom/m6?distance=${miles}&limit=100`);
    expect(near.status).toBe(200);
    const within = results(near);
    expect(within.cards.length).toBeGreaterThan(0);
    expect(within.cards.every((card) => card.distance !== null && card.distance <= miles)).toBe(true);
    expect(within.pagination.total).toBe(distances.filter((d) => d <= miles).length);
    expect(within.summary.distance).toBe(miles);
    expect(within.summary.heading).toMatch(new RegExp(`within ${miles} miles? of M6 junctions$`));
    expect(near.page?.state.distance).toBe(miles);
  });

  it("keeps the distance on a junction's page and from the no-JavaScript form", async () => {
    const junction = results(await page("/browse/road/united-kingdom/m6?limit=100")).cards.find((card) => card.junctionHref)?.junctionHref;
    expect(junction).toBeTruthy();
    const one = await page(`${junction}?distance=50`);
    expect(one.status).toBe(200);
    expect(results(one).summary.heading).toMatch(/^.* within 50 miles of M6 /);

    // The filter form's GET goes to /search-results, which sends it to the road's canonical URL with the distance.
    const form = await page("/search-results?search-type=browse&road-slug=m6&road-country=united-kingdom&distance=2&sort=junction");
    expect(form.status).toBe(302);
    expect(form.location).toBe("/browse/road/united-kingdom/m6?distance=2");
    // "Any distance" (the empty option) is no distance at all.
    const any = await page("/search-results?search-type=browse&road-slug=m6&road-country=united-kingdom&distance=&sort=junction");
    expect({ status: any.status, location: any.location, outcome: any.page?.outcome.kind === "error" ? any.page.outcome.error : null }).toEqual({ status: 302, location: "/browse/road/united-kingdom/m6", outcome: null });
  });

  it("answers 400 with the schema's message for a distance it cannot use, keeping the road", async () => {
    for (const bad of ["abc", "0", "-3", String(MAX_DISTANCE_MILES + 1)]) {
      const loaded = await page(`/browse/road/united-kingdom/m6?distance=${bad}`);
      expect(loaded.status, bad).toBe(400);
      if (loaded.page?.outcome.kind !== "error") throw new Error(`expected an error for ${bad}`);
      expect(loaded.page.outcome.error.fieldErrors.distance, bad).toMatch(/^distance must be/);
      expect(loaded.page.state.road, bad).toEqual({ slug: "m6", country: "united-kingdom" });
    }
  });
});
