import { VectorTile, type VectorTileFeature, type VectorTileLayer } from "@mapbox/vector-tile";
import Pbf from "pbf";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors";
import { tile, tileAddress } from "../../geo/tiles";
import { layerQuery, listingsPerTile } from "../../geo/tiles/layers";
import { connectTestDatabase } from "../support/database";

// Vector tiles from the demo data in the test database, decoded as a map client would.
const { sql, close } = connectTestDatabase();
afterAll(close);

/** The tile holding a point at a zoom (Web Mercator, XYZ scheme). */
function tileAt(z: number, lat: number, lng: number): { z: number; x: number; y: number } {
  const n = 2 ** z;
  const latRad = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

const CARLISLE = tileAt(10, 54.8925, -2.9329);

async function decode(layer: string, z: number, x: number, y: number): Promise<VectorTileLayer | undefined> {
  const buffer = await tile(sql, layer, z, x, y);
  return new VectorTile(new Pbf(buffer)).layers[layer];
}

function features(layer: VectorTileLayer | undefined): VectorTileFeature[] {
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i));
}

function pointOf(feature: VectorTileFeature, z: number, x: number, y: number): [number, number] {
  const geometry = feature.toGeoJSON(x, y, z).geometry;
  if (geometry.type !== "Point") throw new Error(`expected a point, got ${geometry.type}`);
  const [lng, lat] = geometry.coordinates;
  return [lng, lat];
}

/** Live listings inside a tile and its 64-unit buffer, straight from the table. */
async function liveListingIds(z: number, x: number, y: number): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    SELECT id FROM listings
    WHERE status = 2 AND ST_Intersects(location::geometry, ST_Transform(ST_TileEnvelope(${z}, ${x}, ${y}, margin => ${64 / 4096}::float8), 4326))
    ORDER BY id`;
  return rows.map((r) => r.id);
}

describe("the tile around Carlisle at zoom 10", () => {
  const { z, x, y } = CARLISLE;

  it("has the live listings in it, with their properties and positions", async () => {
    const listings = features(await decode("listings", z, x, y));
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.map((f) => f.id).sort((a = 0, b = 0) => a - b)).toEqual(await liveListingIds(z, x, y));
    const rows = await sql<{ id: number; lat: number; lng: number; title: string }[]>`
      SELECT id, ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lng, title FROM listings WHERE id = ANY(${listings.map((f) => f.id ?? 0)}::int[])`;
    for (const feature of listings) {
      expect(Object.keys(feature.properties).sort()).toEqual(["free", "id", "title", "type_id", "url", "walk_type"]);
      expect(feature.properties.url).toMatch(/^\/[a-z-]+\/[a-z0-9_-]+$/);
      expect(feature.properties.id).toBe(feature.id);
      const row = rows.find((r) => r.id === feature.id);
      expect(feature.properties.title).toBe(row?.title);
      const [lng, lat] = pointOf(feature, z, x, y);
      expect(Math.abs(lng - (row?.lng ?? 0))).toBeLessThan(0.001);
      expect(Math.abs(lat - (row?.lat ?? 0))).toBeLessThan(0.001);
    }
  });

  it("has the M6 as a motorway line", async () => {
    const m6 = features(await decode("roads", z, x, y)).find((f) => f.properties.name === "M6");
    expect(m6?.properties).toEqual({ name: "M6", slug: "m6", country: "united-kingdom", motorway: true });
    expect(m6?.type).toBe(2);
  });

  it("has the M6 junction at Carlisle", async () => {
    const junctions = features(await decode("junctions", z, x, y));
    expect(junctions.map((f) => f.properties)).toContainEqual({ road: "M6", number: "43", name: "M6 Junction 43" });
  });

  it("has Carlisle among its places, and land under it", async () => {
    const places = features(await decode("places", z, x, y));
    expect(places.map((f) => f.properties)).toContainEqual({ name: "Carlisle", kind: "town", population: 78470 });
    const land = features(await decode("land", z, x, y));
    expect(land.length).toBeGreaterThan(0);
    expect(land[0].type).toBe(3);
    expect(land[0].properties).toEqual({ country: "united-kingdom" });
  });
});

describe("listings tiles", () => {
  it("never hold a listing that is not live", async () => {
    const hidden = await sql<{ id: number; lat: number; lng: number }[]>`
      SELECT id, ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lng FROM listings WHERE status <> 2 ORDER BY id LIMIT 15`;
    expect(hidden.length).toBeGreaterThan(0);
    for (const listing of hidden) {
      const { z, x, y } = tileAt(14, listing.lat, listing.lng);
      const ids = features(await decode("listings", z, x, y)).map((f) => f.id);
      expect(ids).not.toContain(listing.id);
      expect(ids.sort((a = 0, b = 0) => a - b)).toEqual(await liveListingIds(z, x, y));
    }
  });

  it("show only the most popular listings zoomed out, the same ones every time", async () => {
    const { z, x, y } = tileAt(5, 52.5, -1.5);
    const first = await tile(sql, "listings", z, x, y);
    const again = await tile(sql, "listings", z, x, y);
    expect(Buffer.compare(first, again)).toBe(0);
    const shown = features(new VectorTile(new Pbf(first)).layers.listings);
    const inTile = await liveListingIds(z, x, y);
    expect(inTile.length).toBeGreaterThan(listingsPerTile(z));
    expect(shown).toHaveLength(listingsPerTile(z));
    const [{ popular }] = await sql<{ popular: number[] }[]>`
      SELECT coalesce(array_agg(id), '{}') AS popular FROM listings WHERE id = ANY(${inTile}::int[]) AND popularity >= 900`;
    const shownIds = shown.map((f) => f.id);
    for (const id of popular) expect(shownIds).toContain(id);
  });
});

describe("zoom rules", () => {
  it("keeps a tile on the world's western edge on its own side of the antimeridian", async () => {
    const roads = features(await decode("roads", 1, 0, 0)).map((f) => f.properties.name);
    expect(roads).toContain("M6");
  });


  it("draws junctions from zoom 8", async () => {
    const { z, x, y } = tileAt(7, 54.8925, -2.9329);
    expect((await tile(sql, "junctions", z, x, y)).length).toBe(0);
  });

  it("draws only cities at zoom 5-7 and towns of 10,000 from zoom 8", async () => {
    const z5 = tileAt(5, 52.5, -1.5);
    const cities = features(await decode("places", z5.z, z5.x, z5.y));
    expect(cities.length).toBeGreaterThan(0);
    for (const place of cities) expect(place.properties.kind).toBe("city");
    const z8 = tileAt(8, 54.8925, -2.9329);
    for (const place of features(await decode("places", z8.z, z8.x, z8.y))) {
      expect(place.properties.kind === "city" || Number(place.properties.population) >= 10_000).toBe(true);
    }
  });
});

describe("tile addresses", () => {
  async function rejection(layer: string, z: number, x: number, y: number): Promise<AppError> {
    const error = await tile(sql, layer, z, x, y).catch((e: unknown) => e);
    if (!(error instanceof AppError)) throw new Error(`expected a AppError for ${layer}/${z}/${x}/${y}`);
    return error;
  }

  it("404 for an unknown layer", async () => {
    expect((await rejection("buildings", 10, 503, 324)).status).toBe(404);
  });

  it("400 for a zoom outside 0-16 or a column or row outside the grid", async () => {
    for (const [z, x, y] of [
      [17, 0, 0],
      [-1, 0, 0],
      [1.5, 0, 0],
      [10, 1024, 0],
      [10, 0, 1024],
      [10, -1, 5],
      [10, Number.NaN, 5],
    ]) {
      expect((await rejection("listings", z, x, y)).status, `${z}/${x}/${y}`).toBe(400);
    }
    expect(() => tileAddress("listings", 0, 0, 0)).not.toThrow();
    expect(() => tileAddress("listings", 16, 65535, 65535)).not.toThrow();
  });
});

describe("index use (EXPLAIN)", () => {
  async function plan(layer: string, z: number, x: number, y: number): Promise<string> {
    const rows = await sql<{ "QUERY PLAN": string }[]>`EXPLAIN ${layerQuery(sql, tileAddress(layer, z, x, y))}`;
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  }

  it("reads listings through the popularity-band GiST indexes on location::geometry", async () => {
    for (const z of [6, 10, 14]) {
      const { x, y } = tileAt(z, 54.8925, -2.9329);
      const text = await plan("listings", z, x, y);
      expect(text, `z${z}`).toContain("listings_tile_band_980");
      expect(text, `z${z}`).toContain("listings_tile_band_0");
      expect(text, `z${z}`).not.toContain("Seq Scan on listings");
    }
  });

  it("reads places through places_tile_geom", async () => {
    expect(await plan("places", CARLISLE.z, CARLISLE.x, CARLISLE.y)).toContain("places_tile_geom");
  });
});
