import { describe, expect, it } from "vitest";
import { loader as searchLoaderRoute } from "../../app/routes/api/search";
import { withErrorResponse } from "../../app/error-response.server";

const searchLoader = withErrorResponse(searchLoaderRoute, true);

// "Name, A to Z" sorts numbers in titles as numbers: M3 before M27, Junction 9 before Junction 10.
async function search(searchType: string, query: string) {
  const request = new Request(`http://localhost/api/locations/search/${searchType}?${query}`);
  const response = await searchLoader({ request, params: { searchType }, context: {} });
  return { status: response.status, body: await response.json() };
}

const natural = new Intl.Collator("und", { numeric: true });

describe("the name sort", () => {
  it("orders titles naturally, numbers by value", async () => {
    const { status, body } = await search("road", "road-slug=m6&road-country=united-kingdom&sort=name&limit=100");
    expect(status).toBe(200);
    const titles: string[] = body.results.map((r: { location: { title: string } }) => r.location.title);
    expect(titles.length).toBeGreaterThan(20);
    for (let i = 1; i < titles.length; i++) expect(natural.compare(titles[i - 1], titles[i]), `${titles[i - 1]} / ${titles[i]}`).toBeLessThanOrEqual(0);
    const numbers = titles.map((title) => /^M6 Junction (\d+)\b/.exec(title)?.[1]).filter((n): n is string => n !== undefined).map(Number);
    expect(numbers.length).toBeGreaterThan(3);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});
