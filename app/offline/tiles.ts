// Which vector tiles a kept list or trip needs: around each listing and along a route, at a few zooms.
// Pure arithmetic on Web Mercator tile numbers (the scheme /tiles/{layer}/{z}/{x}/{y}.mvt serves).

/** The layers the map draws (app/components/map/map-style.ts, geo/tiles/address.ts). */
export const OFFLINE_TILE_LAYERS = ["land", "water", "major-roads", "roads", "junctions", "places", "listings"] as const;

/** Around a listing: the listing page's small map opens at 11; the full map zooms to 14 on one pin. */
export const LISTING_ZOOMS = [9, 11, 12, 13, 14] as const;
/** Along a route: the whole drive at 5-7, the roads and towns along it at 8-10. */
export const ROUTE_ZOOMS = [5, 6, 7, 8, 9, 10] as const;

export interface TileXY {
  z: number;
  x: number;
  y: number;
}

export function tileOf(lng: number, lat: number, z: number): TileXY {
  const n = 2 ** z;
  const clampedLat = Math.max(-85.0511, Math.min(85.0511, lat));
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (clampedLat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

function key({ z, x, y }: TileXY): string {
  return `${z}/${x}/${y}`;
}

function addAround(into: Map<string, TileXY>, centre: TileXY, ring: number) {
  const n = 2 ** centre.z;
  for (let dx = -ring; dx <= ring; dx++) {
    for (let dy = -ring; dy <= ring; dy++) {
      const x = centre.x + dx;
      const y = centre.y + dy;
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      const tile = { z: centre.z, x, y };
      into.set(key(tile), tile);
    }
  }
}

/** The tile under each point and its 8 neighbours (a map centred near the edge of a tile still fills). */
export function tilesAround(points: { lat: number; lng: number }[], zooms: readonly number[] = LISTING_ZOOMS): TileXY[] {
  const tiles = new Map<string, TileXY>();
  for (const z of zooms) for (const { lat, lng } of points) addAround(tiles, tileOf(lng, lat, z), 1);
  return [...tiles.values()];
}

/**
 * The tiles a line passes through and one tile either side, at each zoom; the line is walked in steps
 * of a quarter tile so no tile it crosses is skipped.
 */
export function tilesAlong(line: [number, number][], zooms: readonly number[] = ROUTE_ZOOMS): TileXY[] {
  const tiles = new Map<string, TileXY>();
  for (const z of zooms) {
    const stepDegrees = 360 / 2 ** z / 4;
    for (let i = 0; i < line.length; i++) {
      const [lng, lat] = line[i];
      addAround(tiles, tileOf(lng, lat, z), 1);
      const next = line[i + 1];
      if (!next) continue;
      const steps = Math.ceil(Math.max(Math.abs(next[0] - lng), Math.abs(next[1] - lat)) / stepDegrees);
      for (let s = 1; s < steps; s++) addAround(tiles, tileOf(lng + ((next[0] - lng) * s) / steps, lat + ((next[1] - lat) * s) / steps, z), 1);
    }
  }
  return [...tiles.values()];
}

/** Every layer's URL for each tile. */
export function tileUrls(tiles: TileXY[]): string[] {
  return tiles.flatMap(({ z, x, y }) => OFFLINE_TILE_LAYERS.map((layer) => `/tiles/${layer}/${z}/${x}/${y}.mvt`));
}
