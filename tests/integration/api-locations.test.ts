import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, sql } from "../../app/db.server";
import { loader as facilitiesLoaderRoute } from "../../app/routes/api/facilities";
import { loader as locationLoaderRoute } from "../../app/routes/api/location";
import { withErrorResponse } from "../../app/error-response.server";

const facilitiesLoader = withErrorResponse(facilitiesLoaderRoute, true);
const locationLoader = withErrorResponse(locationLoaderRoute, true);

// GET /api/locations/{id} and GET /api/facilities through their loaders, on the test database.
beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
});
afterAll(closeDatabase);

async function getLocation(id: string): Promise<Response> {
  return locationLoader({ request: new Request(`http://localhost/api/locations/${id}`), params: { id }, context: {} });
}

describe("GET /api/locations/{id}", () => {
  it("answers a live listing's Location fields", async () => {
    const [listing] = await sql()<{ id: number }[]>`
      SELECT id FROM listings WHERE status = 2 AND junction_id IS NOT NULL AND cardinality(facility_ids) > 0 ORDER BY id LIMIT 1`;
    const response = await getLocation(String(listing.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    const location = await response.json();
    expect(Object.keys(location).sort()).toEqual(
      [
        "address", "country", "county", "description", "facilities", "free", "fullTitle", "gallery", "has_beach", "has_pub", "id", "isFavourite",
        "junction", "lat", "lng", "postcode", "road", "slug", "status", "title", "town", "type", "url", "versionId",
      ].sort(),
    );
    expect(location).toMatchObject({ id: listing.id, status: { id: 2 }, gallery: { galleryId: location.versionId, id: listing.id, items: [], url: null }, isFavourite: false });
    expect(location.url).toBe(`/${(await sql()<{ walk_type: string }[]>`SELECT walk_type FROM listings WHERE id = ${listing.id}`)[0].walk_type}/${location.slug}`);
    expect(location.road).toEqual({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String) });
    expect(location.junction).toMatchObject({ expandedName: expect.stringMatching(/^(Junction|Exit) /), number: expect.any(String) });
    expect(location.facilities.length).toBeGreaterThan(0);
    for (const facility of location.facilities) expect(Object.keys(facility).sort()).toEqual(["id", "name", "slug"]);
    expect(location.country).toEqual({ id: expect.any(Number), slug: expect.stringMatching(/^(united-kingdom|france)$/) });
    expect(typeof location.lat).toBe("number");
    expect(typeof location.type.id).toBe("number");
  });

  it("400 for an id that is not a number", async () => {
    for (const id of ["abc", "12x", "-4", "0", "99999999999"]) {
      const response = await getLocation(id);
      expect(response.status, id).toBe(400);
      expect((await response.json()).fieldErrors.id, id).toBeTruthy();
    }
  });

  it("404 for an unknown listing or one that is not live", async () => {
    expect((await getLocation("2147483647")).status).toBe(404);
    const [hidden] = await sql()<{ id: number }[]>`SELECT id FROM listings WHERE status <> 2 ORDER BY id LIMIT 1`;
    expect((await getLocation(String(hidden.id))).status).toBe(404);
  });
});

describe("GET /api/facilities", () => {
  it("answers the facility list, cached for a day", async () => {
    const response = await facilitiesLoader({ context: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const { facilities } = await response.json();
    expect(facilities.length).toBeGreaterThan(0);
    expect(facilities[0]).toEqual({ id: 1, name: "Parking", slug: "parking", icon: "parking" });
    for (const facility of facilities) expect(Object.keys(facility).sort()).toEqual(["icon", "id", "name", "slug"]);
  });
});
