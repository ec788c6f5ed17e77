import { VectorTile } from "@mapbox/vector-tile";
import Pbf from "pbf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../../app/db.server";
import { loader as loaderRoute } from "../../app/routes/tiles";
import { withErrorResponse } from "../../app/error-response.server";

const loader = withErrorResponse(loaderRoute, true);

// GET /tiles/{layer}/{z}/{x}/{y}.mvt through its loader, on the test database.
beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
});
afterAll(closeDatabase);

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const [layer, z, x, y] = path.split("/");
  return loader({ request: new Request(`http://localhost/tiles/${path}`, { headers }), params: { layer, z, x, y }, context: {} });
}

describe("GET /tiles/{layer}/{z}/{x}/{y}.mvt", () => {
  it("answers a Mapbox Vector Tile with an hour's cache for listings and an ETag", async () => {
    const response = await get("listings/10/503/324.mvt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.mapbox-vector-tile");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(response.headers.get("ETag")).toMatch(/^"[\w-]+"$/);
    const tile = new VectorTile(new Pbf(new Uint8Array(await response.arrayBuffer())));
    expect(tile.layers.listings.length).toBeGreaterThan(0);
  });

  it("caches reference layers for a day, and roads and junctions (edited in the back office) for an hour", async () => {
    for (const layer of ["places", "land"]) {
      const response = await get(`${layer}/10/503/324.mvt`);
      expect(response.status, layer).toBe(200);
      expect(response.headers.get("Cache-Control"), layer).toBe("public, max-age=86400");
    }
    for (const layer of ["roads", "junctions"]) {
      const response = await get(`${layer}/10/503/324.mvt`);
      expect(response.status, layer).toBe(200);
      expect(response.headers.get("Cache-Control"), layer).toBe("public, max-age=3600");
    }
  });

  it("answers 304 when the ETag matches", async () => {
    const etag = (await get("roads/10/503/324.mvt")).headers.get("ETag") ?? "";
    const response = await get("roads/10/503/324.mvt", { "If-None-Match": etag });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
  });

  it("answers 204 for an empty tile", async () => {
    expect((await get("junctions/5/15/10.mvt")).status).toBe(204);
  });

  it("404 for an unknown layer or a tile that is not .mvt", async () => {
    expect((await get("buildings/10/503/324.mvt")).status).toBe(404);
    expect((await get("listings/10/503/324.png")).status).toBe(404);
    expect((await get("listings/10/503/324")).status).toBe(404);
  });

  it("400 for a zoom, column or row out of range or not a number", async () => {
    for (const path of ["listings/17/0/0.mvt", "listings/3/8/0.mvt", "listings/3/0/8.mvt", "listings/ten/0/0.mvt", "listings/3/-1/0.mvt", "listings/3/1.5/0.mvt"]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).message, path).toBeTruthy();
    }
  });
});
