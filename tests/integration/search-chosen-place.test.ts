import { afterAll, describe, expect, it } from "vitest";
import { loader as searchLoaderRoute } from "../../app/routes/api/search";
import { connectTestDatabase } from "../support/database";
import { withErrorResponse } from "../../app/error-response.server";

const searchLoader = withErrorResponse(searchLoaderRoute, true);

// A chosen suggestion's place reference (location-id, from-id, to-id) makes the search use exactly that
// entry (issue 10): two villages called Warton share the address "Warton, Lancashire, United Kingdom".
const { sql, close } = connectTestDatabase();
afterAll(close);

async function search(searchType: string, params: Record<string, string>) {
  const request = new Request(`http://localhost/api/locations/search/${searchType}?${new URLSearchParams(params)}`);
  const response = await searchLoader({ request, params: { searchType }, context: {} });
  return { status: response.status, body: await response.json() };
}

async function wartons() {
  return sql<{ id: number; lat: number; lng: number }[]>`
    SELECT id, ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lng FROM places
    WHERE name = 'Warton' AND admin2 = 'Lancashire' ORDER BY id`;
}

describe("searching a chosen suggestion", () => {
  it("searches around exactly the entry the reference names, when two share one address", async () => {
    const places = await wartons();
    expect(places).toHaveLength(2);
    for (const place of places) {
      const { status, body } = await search("location", { location: "Warton, Lancashire, United Kingdom", "location-id": `p${place.id}` });
      expect(status).toBe(200);
      expect(body.point.lat).toBeCloseTo(place.lat, 5);
      expect(body.point.lng).toBeCloseTo(place.lng, 5);
      expect(body.point.label).toBe("Warton, Lancashire, United Kingdom");
    }
  });

  it("finds a suggestion's address without a reference too (the search form without JavaScript)", async () => {
    const { status, body } = await search("location", { location: "Bath, Bath and North East Somerset, United Kingdom" });
    expect(status).toBe(200);
    expect(body.point.label).toBe("Bath, Bath and North East Somerset, United Kingdom");
  });

  it("ignores a reference the field no longer says (edited without JavaScript): the text wins", async () => {
    const [warton] = await wartons();
    const { status, body } = await search("location", { location: "York", "location-id": `p${warton.id}` });
    expect(status).toBe(200);
    expect(body.point.label).toMatch(/^York,/);
  });

  it("plans a route between two chosen places, labelled as the fields say", async () => {
    const [a, b] = await wartons();
    const [bath] = await sql<{ id: number }[]>`SELECT id FROM places WHERE name = 'Bath' AND kind = 'city'`;
    const { status, body } = await search("route", {
      from: "Warton, Lancashire, United Kingdom",
      "from-id": `p${b.id}`,
      to: "Bath, Bath and North East Somerset, United Kingdom",
      "to-id": `p${bath.id}`,
    });
    expect(status).toBe(200);
    expect(body.route.from).toMatchObject({ label: "Warton, Lancashire, United Kingdom" });
    expect(body.route.from.lat).toBeCloseTo(b.lat, 5);
    expect(body.route.from.lat).not.toBeCloseTo(a.lat, 5);
    expect(body.route.to.label).toBe("Bath, Bath and North East Somerset, United Kingdom");
  });

  it("answers 400, not 500, for a malformed reference", async () => {
    for (const bad of ["x1", "p12345678901234567890", "p1\u0000", "p-1"]) {
      const { status, body } = await search("location", { location: "Bath", "location-id": bad });
      expect(status, bad).toBe(400);
      expect(body.message).toEqual(expect.any(String));
    }
  });
});
