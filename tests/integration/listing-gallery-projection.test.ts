import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as locationLoaderRoute } from "../../app/routes/api/location";
import { loader as searchLoaderRoute } from "../../app/routes/api/search";
import { connectTestDatabase } from "../support/database";
import { giveListingAPhoto } from "../support/listing-photo";
import { withErrorResponse } from "../../app/error-response.server";

const locationLoader = withErrorResponse(locationLoaderRoute, true);
const searchLoader = withErrorResponse(searchLoaderRoute, true);

// One listing projection gives the gallery to the search results (thumbnail 6), the map tooltip's
// GET /api/locations/{id} (version 2) and outside clients, in the spec's §3 shape.
const { sql, close } = connectTestDatabase();
const FILE_ID = "a1b2c3d4e5f6a7b8c9d0e1f2";
let listingId = 0;
let versionId = 0;
let photo: Awaited<ReturnType<typeof giveListingAPhoto>> | undefined;

beforeAll(async () => {
  photo = await giveListingAPhoto(sql, "Penrith", FILE_ID);
  listingId = photo.listingId;
  versionId = photo.versionId;
});

afterAll(async () => {
  await photo?.restore();
  await close();
});

describe("the listing's gallery", () => {
  it("reaches the search results with the thumbnail version", async () => {
    const request = new Request(`http://localhost/api/locations/search/location?location=Penrith&distance=2&limit=100`);
    const response = await searchLoader({ request, params: { searchType: "location" }, context: {} });
    const body = await response.json();
    const result = body.results.find((r: { location: { id: number } }) => r.location.id === listingId);
    expect(result.location.gallery).toEqual({
      galleryId: versionId,
      id: listingId,
      url: `/uploads/${FILE_ID}/1.webp`,
      items: [{ id: FILE_ID, url: `/uploads/${FILE_ID}/1.webp`, versions: expect.objectContaining({ "6": { url: `/uploads/${FILE_ID}/6.webp`, width: 160, height: 120 } }) }],
    });
    const other = body.results.find((r: { location: { id: number } }) => r.location.id !== listingId);
    expect(other.location.gallery.items).toEqual([]);
  });

  it("reaches GET /api/locations/{id} with the tooltip's version 2, and isFavourite false for a visitor", async () => {
    const request = new Request(`http://localhost/api/locations/${listingId}`);
    const response = await locationLoader({ request, params: { id: String(listingId) }, context: {} });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.gallery.items[0].versions["2"]).toEqual({ url: `/uploads/${FILE_ID}/2.webp`, width: 320, height: 200 });
    expect(body.isFavourite).toBe(false);
    expect(response.headers.get("Cache-Control")).toContain("public");
  });
});
