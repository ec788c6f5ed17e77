/** Small spherical helpers for the generator (metres, degrees). */
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export function haversineMetres(aLng: number, aLat: number, bLng: number, bLat: number): number {
  const dLat = rad(bLat - aLat);
  const dLng = rad(bLng - aLng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `metres` away from (lng, lat) on bearing `bearingDeg`. */
export function destination(lng: number, lat: number, metres: number, bearingDeg: number): [number, number] {
  const d = metres / EARTH_RADIUS_M;
  const b = rad(bearingDeg);
  const la1 = rad(lat);
  const lo1 = rad(lng);
  const la2 = Math.asin(Math.sin(la1) * Math.cos(d) + Math.cos(la1) * Math.sin(d) * Math.cos(b));
  const lo2 = lo1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(la1), Math.cos(d) - Math.sin(la1) * Math.sin(la2));
  return [deg(lo2), deg(la2)];
}

/** A uniform grid over lng/lat for nearest-neighbour look-ups among hundreds of thousands of points. */
export class PointGrid<T extends { lng: number; lat: number }> {
  private readonly cells = new Map<number, T[]>();

  constructor(
    items: readonly T[],
    private readonly cellDeg = 0.25,
  ) {
    for (const item of items) {
      const key = this.key(Math.floor(item.lng / cellDeg), Math.floor(item.lat / cellDeg));
      const cell = this.cells.get(key);
      if (cell) cell.push(item);
      else this.cells.set(key, [item]);
    }
  }

  /** One number per cell: column and row each fit in 2^20 for any cell size down to 0.001°. */
  private key(x: number, y: number) {
    return (x + 0x80000) * 0x100000 + (y + 0x80000);
  }

  /**
   * The k nearest items within maxMetres (excluding those `skip` rejects), nearest first; of items at
   * the same distance, the one met first (inner rings first) comes first. Only the best k are kept, in
   * order, so a query costs one distance per item of the cells it reads and no sort (decision 0188).
   */
  nearest(lng: number, lat: number, k: number, maxMetres: number, skip?: (item: T) => boolean): { item: T; metres: number }[] {
    const cx = Math.floor(lng / this.cellDeg);
    const cy = Math.floor(lat / this.cellDeg);
    // The narrowest side of a cell: rings of cells are searched outwards until nothing closer can remain.
    const cellMetres = this.cellDeg * 111_000 * Math.max(0.3, Math.cos(rad(lat)));
    const maxRing = Math.ceil(maxMetres / cellMetres) + 1;
    const best: { item: T; metres: number }[] = [];
    for (let ring = 0; ring <= maxRing; ring++) {
      for (let dx = -ring; dx <= ring; dx++) {
        // Inside the ring only its first and last rows; on its two side columns every row.
        const step = dx === -ring || dx === ring ? 1 : Math.max(1, 2 * ring);
        for (let dy = -ring; dy <= ring; dy += step) {
          const cell = this.cells.get(this.key(cx + dx, cy + dy));
          if (!cell) continue;
          for (const item of cell) {
            const metres = haversineMetres(lng, lat, item.lng, item.lat);
            if (metres > maxMetres || (best.length === k && metres >= best[k - 1].metres)) continue;
            if (skip?.(item)) continue;
            let at = best.length;
            while (at > 0 && best[at - 1].metres > metres) at--;
            best.splice(at, 0, { item, metres });
            if (best.length > k) best.pop();
          }
        }
      }
      if (best.length === k && best[k - 1].metres <= ring * cellMetres) break;
    }
    return best;
  }
}

/** Spreads the 16 low bits of `n` to the even bits of a 32-bit number. */
function spread(n: number): number {
  let x = n & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x >>> 0;
}

/**
 * A point's place on a Z-order (Morton) curve over the whole globe, in cells of about 600 m: rows
 * written in this order lie on the disk near their neighbours on the ground, so a query for one
 * area reads a few pages instead of one page per row.
 */
export function zOrder(lng: number, lat: number): number {
  const x = Math.min(0xffff, Math.max(0, Math.floor(((lng + 180) / 360) * 0x10000)));
  const y = Math.min(0xffff, Math.max(0, Math.floor(((lat + 90) / 180) * 0x10000)));
  return (spread(x) | (spread(y) << 1)) >>> 0;
}
