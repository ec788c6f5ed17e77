import { describe, expect, it } from "vitest";
import { loader as searchLoaderRoute } from "../../app/routes/api/search";
import { withErrorResponse } from "../../app/error-response.server";

const searchLoader = withErrorResponse(searchLoaderRoute, true);

// Browsing one junction of a road (the junction picker, the junction badge's link): only that junction's listings.
async function search(query: string) {
  const request = new Request(`http://localhost/api/locations/search/road?${query}`);
  const response = await searchLoader({ request, params: { searchType: "road" }, context: {} });
  return { status: response.status, body: await response.json() };
}

describe("browse one junction of a road", () => {
  it("lists only the listings of that junction, in distance order, with the road's junctions for the picker", async () => {
    const whole = await search("road-slug=m6&road-country=united-kingdom&limit=100");
    expect(whole.status).toBe(200);
    const busiest = Object.entries(
      whole.body.results.reduce((counts: Record<string, number>, r: { junction: { number: string } | null }) => {
        if (r.junction) counts[r.junction.number] = (counts[r.junction.number] ?? 0) + 1;
        return counts;
      }, {}),
    ).sort((a, b) => Number(b[1]) - Number(a[1]))[0][0];

    const one = await search(`road-slug=m6&road-country=united-kingdom&junction=${busiest}&limit=100`);
    expect(one.status).toBe(200);
    expect(one.body.results.length).toBeGreaterThan(0);
    expect(one.body.results.every((r: { junction: { number: string } }) => r.junction.number === busiest)).toBe(true);
    expect(one.body.pagination.total).toBeLessThan(whole.body.pagination.total);
    const distances = one.body.results.map((r: { distance: number }) => r.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(one.body.junctions.length).toBe(whole.body.junctions.length);
    expect(one.body.query.junction).toBe(busiest);
  });

  it("answers 404 for a junction the road does not have and 400 for a malformed one", async () => {
    for (const missing of ["999", "t1", "6.1"]) expect((await search(`road-slug=m6&road-country=united-kingdom&junction=${missing}`)).status, missing).toBe(404);
    for (const bad of ["4x4", "12345", "1..2", "1%00"]) expect((await search(`road-slug=m6&road-country=united-kingdom&junction=${bad}`)).status, bad).toBe(400);
  });
});
