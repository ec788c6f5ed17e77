// Distances on the sphere from listings to the pieces of a route, worked out in the app instead of by
// PostGIS for every pair (decision 0203). The same sphere and the same geometry as PostGIS's
// ST_Distance(geography, geography, use_spheroid => false): the angle from the point to the nearest
// point of the great-circle arc (the foot of the perpendicular when it falls inside the arc, else the
// nearer end), times PostGIS's sphere radius. tests/integration/sphere-distance.test.ts compares the
// two on thousands of pairs.

/** PostGIS's sphere for geography without the spheroid: WGS84's mean radius, (2a + b) / 3. */
export const SPHERE_RADIUS = (2 * 6_378_137 + 6_356_752.314245179) / 3;

const RADIANS = Math.PI / 180;

/** A point as a unit vector from the Earth's centre. */
export interface UnitVector {
  x: number;
  y: number;
  z: number;
}

export function unitVector(lng: number, lat: number): UnitVector {
  const la = lat * RADIANS;
  const lo = lng * RADIANS;
  const c = Math.cos(la);
  return { x: c * Math.cos(lo), y: c * Math.sin(lo), z: Math.sin(la) };
}

/** The angle between two unit vectors (robust for small and large angles alike). */
function angle(ax: number, ay: number, az: number, b: UnitVector): number {
  const cx = ay * b.z - az * b.y;
  const cy = az * b.x - ax * b.z;
  const cz = ax * b.y - ay * b.x;
  return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), ax * b.x + ay * b.y + az * b.z);
}

/**
 * Great-circle arcs (from lng/lat x0,y0 to x1,y1), prepared once so that each distance is a few
 * products: the ends, the arc's unit normal, and the two planes that bound the arc's wedge.
 */
export class Arcs {
  private readonly a: UnitVector[] = [];
  private readonly b: UnitVector[] = [];
  /** Unit normal of the arc's great circle (zero for an arc of no length). */
  private readonly n: UnitVector[] = [];
  /** n × a and b × n: a point's foot lies inside the arc when it is on the positive side of both. */
  private readonly na: UnitVector[] = [];
  private readonly bn: UnitVector[] = [];
  /** The arc's midpoint, and the squared chord beyond which every point of the arc is farther than `reach`. */
  private readonly mid: UnitVector[] = [];
  private readonly farChord2: number[] = [];

  /** `reach`: metres beyond which a point is of no interest (the corridor's width): see isFar. */
  constructor(x0: number[], y0: number[], x1: number[], y1: number[], reach: number) {
    for (let i = 0; i < x0.length; i++) {
      const a = unitVector(x0[i], y0[i]);
      const b = unitVector(x1[i], y1[i]);
      let n = { x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x };
      const length = Math.sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
      n = length > 0 ? { x: n.x / length, y: n.y / length, z: n.z / length } : { x: 0, y: 0, z: 0 };
      this.a.push(a);
      this.b.push(b);
      this.n.push(n);
      this.na.push({ x: n.y * a.z - n.z * a.y, y: n.z * a.x - n.x * a.z, z: n.x * a.y - n.y * a.x });
      this.bn.push({ x: b.y * n.z - b.z * n.y, y: b.z * n.x - b.x * n.z, z: b.x * n.y - b.y * n.x });
      const m = { x: a.x + b.x, y: a.y + b.y, z: a.z + b.z };
      const ml = Math.sqrt(m.x * m.x + m.y * m.y + m.z * m.z) || 1;
      this.mid.push({ x: m.x / ml, y: m.y / ml, z: m.z / ml });
      // Every point of the arc lies within half its angle of the midpoint; a point farther than that
      // plus `reach` (in angle, with a margin of a metre) from the midpoint is farther than `reach` from the arc.
      const half = angle(a.x, a.y, a.z, b) / 2;
      const limit = half + (reach + 1) / SPHERE_RADIUS;
      this.farChord2.push(limit >= Math.PI ? Infinity : (2 * Math.sin(limit / 2)) ** 2);
    }
  }

  /** Whether the point is certainly farther than `reach` from arc i (a cheap test before distance). */
  isFar(i: number, p: UnitVector): boolean {
    const m = this.mid[i];
    const dx = p.x - m.x;
    const dy = p.y - m.y;
    const dz = p.z - m.z;
    return dx * dx + dy * dy + dz * dz > this.farChord2[i];
  }

  /** Metres on the sphere from the point to arc i, as ST_Distance(geography, geography, false). */
  distance(i: number, p: UnitVector): number {
    const a = this.a[i];
    const b = this.b[i];
    let best = Math.min(angle(p.x, p.y, p.z, a), angle(p.x, p.y, p.z, b));
    const n = this.n[i];
    const na = this.na[i];
    const bn = this.bn[i];
    if (
      (n.x !== 0 || n.y !== 0 || n.z !== 0) &&
      p.x * na.x + p.y * na.y + p.z * na.z >= 0 &&
      p.x * bn.x + p.y * bn.y + p.z * bn.z >= 0
    ) {
      // The foot of the perpendicular lies inside the arc: the angle from the point to the great circle.
      const s = Math.abs(p.x * n.x + p.y * n.y + p.z * n.z);
      best = Math.min(best, Math.asin(Math.min(1, s)));
    }
    return best * SPHERE_RADIUS;
  }
}
