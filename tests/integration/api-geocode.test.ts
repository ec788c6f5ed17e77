import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as loaderRoute } from "../../app/routes/api/geocode";
import { closeDatabase } from "../../app/db.server";
import { withErrorResponse } from "../../app/error-response.server";

const loader = withErrorResponse(loaderRoute, true);

// GET /api/geocode through its loader, on the test database.
beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
});
afterAll(closeDatabase);

async function get(query: string): Promise<Response> {
  return loader({ request: new Request(`http://localhost/api/geocode${query}`), params: {}, context: {} });
}

describe("GET /api/geocode", () => {
  it("geocodes a place text into { results } in the spec's shape", async () => {
    const response = await get("?location=Penrith");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    const body = await response.json();
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(5);
    expect(body.results[0]).toMatchObject({
      formattedAddress: "Penrith, Cumbria, United Kingdom",
      address: { postal_town: "Penrith", administrative_area_level_2: "Cumbria", postal_code: null, country: { id: 235, slug: "united-kingdom" } },
    });
    expect(body.results[0].bounds).toHaveLength(4);
    expect(typeof body.results[0].lat).toBe("number");
  });

  it("reverse-geocodes 'lat,lng'", async () => {
    const body = await (await get("?location=54.6641,-2.7527")).json();
    expect(body.results).toHaveLength(1);
    expect(body.results[0].formattedAddress).toBe("Penrith, Cumbria, United Kingdom");
  });

  it("honours limit (up to 10) and country", async () => {
    const body = await (await get("?location=saint&limit=10&country=france")).json();
    expect(body.results).toHaveLength(10);
    for (const hit of body.results) expect(hit.address.country.slug).toBe("france");
  });

  it("answers an empty list when nothing matches", async () => {
    const response = await get("?location=qqqqxzzzzv");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [] });
  });

  it("400 with fieldErrors.location for a missing, empty, overlong or out-of-range location", async () => {
    for (const query of ["", "?location=", "?location=%20%20", `?location=${"x".repeat(101)}`, "?location=95,200"]) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(body.fieldErrors.location, query).toBeTruthy();
    }
  });

  it("400 for a bad limit or country", async () => {
    for (const [query, field] of [
      ["?location=Penrith&limit=11", "limit"],
      ["?location=Penrith&limit=0", "limit"],
      ["?location=Penrith&limit=two", "limit"],
      ["?location=Penrith&country=germany", "country"],
    ]) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect((await response.json()).fieldErrors[field], query).toBeTruthy();
    }
  });
});
