// A synthetic road network of Great Britain and France at their real size, written as OPL for the real
// OpenStreetMap importer (tests/bench/national.ts converts it to .osm.pbf with osmium). Deterministic for
// a given size: the same target gives the same file.
//
// - Local, secondary, primary and trunk roads form a grid over each country's land (Natural Earth's
//   land_parts of the database it is generated for), its spacing chosen so that the whole network has
//   about `targetEdges` routing edges (0.39 km at 10 million). A grid line is a secondary road every
//   ~3 km, a primary every ~12 km, a trunk road every ~48 km; the rest are local roads.
// - Motorways join real cities in straight lines, with a junction (highway=motorway_junction and a
//   motorway_link to the nearest primary or trunk road of the grid) every ~8 km; cities are motorway
//   interchanges, linked the same way.
// - The Channel Tunnel shuttle (Folkestone–Coquelles) and two car ferries (Dover–Calais,
//   Portsmouth–Caen) join the two countries; each country's file carries them with the other end's node,
//   so each import joins its part to the other at the shared node.
import { createWriteStream, type WriteStream } from "node:fs";
import type { SqlClient } from "../../db/client";

export const GB = 235;
export const FR = 75;

export interface City {
  name: string;
  lng: number;
  lat: number;
}

const GB_CITIES: Record<string, [number, number]> = {
  London: [-0.1276, 51.5072],
  Birmingham: [-1.8904, 52.4862],
  Manchester: [-2.2426, 53.4808],
  Leeds: [-1.5491, 53.8008],
  Sheffield: [-1.4701, 53.3811],
  Newcastle: [-1.6178, 54.9783],
  Preston: [-2.7035, 53.7632],
  Carlisle: [-2.9329, 54.8925],
  Glasgow: [-4.2518, 55.8642],
  Edinburgh: [-3.1883, 55.9533],
  Perth: [-3.4372, 56.3950],
  Aberdeen: [-2.0943, 57.1497],
  Bristol: [-2.5879, 51.4545],
  Cardiff: [-3.1791, 51.4816],
  Exeter: [-3.5339, 50.7184],
  Southampton: [-1.4044, 50.9097],
  Portsmouth: [-1.0880, 50.8198],
  Dover: [1.3134, 51.1279],
  Folkestone: [1.1500, 51.0900],
  Cambridge: [0.1218, 52.2053],
  Norwich: [1.2974, 52.6309],
  Oxford: [-1.2577, 51.7520],
  Liverpool: [-2.9916, 53.4084],
  Nottingham: [-1.1581, 52.9548],
  Swansea: [-3.9436, 51.6214],
  Inverness: [-4.2247, 57.4778],
};

const FR_CITIES: Record<string, [number, number]> = {
  Paris: [2.3522, 48.8566],
  Calais: [1.8587, 50.9513],
  Coquelles: [1.8000, 50.9300],
  Lille: [3.0573, 50.6292],
  Rouen: [1.0993, 49.4432],
  Caen: [-0.3707, 49.1829],
  Rennes: [-1.6778, 48.1173],
  Nantes: [-1.5536, 47.2184],
  Tours: [0.6848, 47.3941],
  Bordeaux: [-0.5792, 44.8378],
  Toulouse: [1.4442, 43.6047],
  Montpellier: [3.8767, 43.6108],
  Marseille: [5.3698, 43.2965],
  Nice: [7.2620, 43.7102],
  Lyon: [4.8357, 45.764],
  Dijon: [5.0415, 47.322],
  Reims: [4.0317, 49.2583],
  Metz: [6.1757, 49.1193],
  Strasbourg: [7.7521, 48.5734],
  Clermont: [3.087, 45.7772],
  Limoges: [1.2611, 45.8336],
  Orleans: [1.9093, 47.9029],
  Grenoble: [5.7245, 45.1885],
  Brest: [-4.4861, 48.3904],
};

/** Motorways as chains of cities, with their ref. */
const GB_MOTORWAYS: [string, string[]][] = [
  ["M1", ["London", "Nottingham", "Sheffield", "Leeds"]],
  ["M6", ["Birmingham", "Manchester", "Preston", "Carlisle", "Glasgow"]],
  ["M40", ["London", "Oxford", "Birmingham"]],
  ["A1(M)", ["Leeds", "Newcastle", "Edinburgh"]],
  ["M4", ["London", "Bristol", "Cardiff", "Swansea"]],
  ["M5", ["Birmingham", "Bristol", "Exeter"]],
  ["M3", ["London", "Southampton"]],
  ["M27", ["Southampton", "Portsmouth"]],
  ["M20", ["London", "Folkestone", "Dover"]],
  ["M11", ["London", "Cambridge"]],
  ["A11", ["Cambridge", "Norwich"]],
  ["M62", ["Liverpool", "Manchester", "Leeds"]],
  ["M8", ["Glasgow", "Edinburgh"]],
  ["M90", ["Edinburgh", "Perth"]],
  ["A90", ["Perth", "Aberdeen"]],
  ["A9", ["Perth", "Inverness"]],
];

const FR_MOTORWAYS: [string, string[]][] = [
  ["A16", ["Coquelles", "Calais"]],
  ["A26", ["Calais", "Reims", "Dijon"]],
  ["A1", ["Calais", "Lille", "Paris"]],
  ["A6", ["Paris", "Dijon", "Lyon"]],
  ["A7", ["Lyon", "Marseille"]],
  ["A8", ["Marseille", "Nice"]],
  ["A9", ["Montpellier", "Marseille"]],
  ["A61", ["Toulouse", "Montpellier"]],
  ["A62", ["Bordeaux", "Toulouse"]],
  ["A10", ["Paris", "Orleans", "Tours", "Bordeaux"]],
  ["A11", ["Paris", "Rennes"]],
  ["A83", ["Rennes", "Nantes"]],
  ["A13", ["Paris", "Rouen", "Caen"]],
  ["A84", ["Caen", "Rennes"]],
  ["N12", ["Rennes", "Brest"]],
  ["A28", ["Calais", "Rouen", "Tours"]],
  ["A4", ["Paris", "Reims", "Metz", "Strasbourg"]],
  ["A71", ["Orleans", "Clermont"]],
  ["A20", ["Orleans", "Limoges", "Toulouse"]],
  ["A89", ["Clermont", "Lyon"]],
  ["A48", ["Lyon", "Grenoble"]],
  ["A31", ["Metz", "Dijon"]],
];

/** Crossings between the two countries: [kind, GB city, FR city, duration]. */
const CROSSINGS: [string, string, string, string][] = [
  ["shuttle_train", "Folkestone", "Coquelles", "00:35"],
  ["ferry", "Dover", "Calais", "01:30"],
  ["ferry", "Portsmouth", "Caen", "06:00"],
];

export function cities(): { gb: City[]; fr: City[] } {
  const list = (m: Record<string, [number, number]>) => Object.entries(m).map(([name, [lng, lat]]) => ({ name, lng, lat }));
  return { gb: list(GB_CITIES), fr: list(FR_CITIES) };
}

const MASK_DEGREES = 0.05;

interface Mask {
  x0: number;
  y0: number;
  nx: number;
  ny: number;
  cells: Uint8Array;
  areaKm2: number;
}

/** Which cells of MASK_DEGREES are the country's land (their centre on land_parts), without Northern Ireland and Corsica (not joined by road). */
async function landMask(sql: SqlClient, country: number): Promise<Mask> {
  const [box] = await sql<{ x0: number; y0: number; x1: number; y1: number }[]>`
    SELECT ST_XMin(e) AS x0, ST_YMin(e) AS y0, ST_XMax(e) AS x1, ST_YMax(e) AS y1 FROM (SELECT ST_Extent(geom) AS e FROM land_parts WHERE country_id = ${country}) b`;
  if (box.x0 === null) throw new Error(`No Natural Earth land for country ${country}: migrate the benchmark database first`);
  const x0 = Math.floor(box.x0 / MASK_DEGREES) * MASK_DEGREES;
  const y0 = Math.floor(box.y0 / MASK_DEGREES) * MASK_DEGREES;
  const nx = Math.ceil((box.x1 - x0) / MASK_DEGREES);
  const ny = Math.ceil((box.y1 - y0) / MASK_DEGREES);
  const rows = await sql<{ i: number; j: number }[]>`
    SELECT g.i, g.j FROM generate_series(0, ${nx - 1}) AS g_i(i) CROSS JOIN generate_series(0, ${ny - 1}) AS g_j(j)
    CROSS JOIN LATERAL (SELECT g_i.i AS i, g_j.j AS j, ST_SetSRID(ST_MakePoint(${x0} + (g_i.i + 0.5) * ${MASK_DEGREES}, ${y0} + (g_j.j + 0.5) * ${MASK_DEGREES}), 4326) AS p) g
    WHERE EXISTS (SELECT 1 FROM land_parts l WHERE l.country_id = ${country} AND l.geom && g.p AND ST_Intersects(l.geom, g.p))`;
  const cells = new Uint8Array(nx * ny);
  let areaKm2 = 0;
  for (const { i, j } of rows) {
    const lng = x0 + (i + 0.5) * MASK_DEGREES;
    const lat = y0 + (j + 0.5) * MASK_DEGREES;
    if (country === GB && lng < -5.3 && lat > 53.9 && lat < 55.4) continue; // Northern Ireland
    if (country === FR && lng > 8.4 && lat < 43.1) continue; // Corsica
    cells[j * nx + i] = 1;
    areaKm2 += MASK_DEGREES * 111.32 * Math.cos((lat * Math.PI) / 180) * MASK_DEGREES * 110.574;
  }
  return { x0, y0, nx, ny, cells, areaKm2 };
}

function onLand(mask: Mask, lng: number, lat: number): boolean {
  const i = Math.floor((lng - mask.x0) / MASK_DEGREES);
  const j = Math.floor((lat - mask.y0) / MASK_DEGREES);
  return i >= 0 && j >= 0 && i < mask.nx && j < mask.ny && mask.cells[j * mask.nx + i] === 1;
}

/** Buffered writes to a file stream, flushed in large pieces (millions of short lines). */
class Out {
  private buffer: string[] = [];
  private size = 0;
  lines = 0;
  constructor(private readonly stream: WriteStream) {}
  async line(text: string) {
    this.buffer.push(text);
    this.lines++;
    this.size += text.length;
    if (this.size > 1 << 20) await this.flush();
  }
  async flush() {
    if (this.buffer.length === 0) return;
    const chunk = `${this.buffer.join("\n")}\n`;
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await new Promise<void>((resolve) => this.stream.once("drain", () => resolve()));
  }
  async close() {
    await this.flush();
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

const fixed = (x: number) => x.toFixed(6);

interface Grid {
  country: number;
  mask: Mask;
  lng0: number;
  lat0: number;
  dlng: number;
  dlat: number;
  ni: number;
  nj: number;
  nodeBase: number;
}

function gridOf(country: number, mask: Mask, spacingKm: number, nodeBase: number): Grid {
  const midLat = mask.y0 + (mask.ny * MASK_DEGREES) / 2;
  const dlat = spacingKm / 110.574;
  const dlng = spacingKm / (111.32 * Math.cos((midLat * Math.PI) / 180));
  return {
    country,
    mask,
    lng0: mask.x0,
    lat0: mask.y0,
    dlng,
    dlat,
    ni: Math.ceil((mask.nx * MASK_DEGREES) / dlng) + 1,
    nj: Math.ceil((mask.ny * MASK_DEGREES) / dlat) + 1,
    nodeBase,
  };
}

const gridLng = (g: Grid, i: number) => g.lng0 + i * g.dlng;
const gridLat = (g: Grid, j: number) => g.lat0 + j * g.dlat;
const gridOn = (g: Grid, i: number, j: number) => i >= 0 && j >= 0 && i < g.ni && j < g.nj && onLand(g.mask, gridLng(g, i), gridLat(g, j));
const gridNode = (g: Grid, i: number, j: number) => g.nodeBase + j * g.ni + i;

/** The grid node on land nearest to a point (searching outwards), for a motorway junction or a port. */
function nearestGridNode(g: Grid, lng: number, lat: number): { id: number; lng: number; lat: number } | null {
  const ci = Math.round((lng - g.lng0) / g.dlng);
  const cj = Math.round((lat - g.lat0) / g.dlat);
  for (let r = 0; r < 60; r++) {
    let best: { id: number; lng: number; lat: number; d: number } | null = null;
    for (let i = ci - r; i <= ci + r; i++) {
      for (let j = cj - r; j <= cj + r; j++) {
        if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== r || !gridOn(g, i, j)) continue;
        const d = (gridLng(g, i) - lng) ** 2 + (gridLat(g, j) - lat) ** 2;
        if (!best || d < best.d) best = { id: gridNode(g, i, j), lng: gridLng(g, i), lat: gridLat(g, j), d };
      }
    }
    if (best) return best;
  }
  return null;
}

/**
 * The grid node nearest to a point on a primary or trunk line (motorway junctions lead onto A roads, as
 * they do in OpenStreetMap; a junction onto a local road would be a way off the major network that only
 * local roads reach), else the nearest grid node.
 */
function nearestMajorGridNode(g: Grid, lng: number, lat: number, spacingKm: number): { id: number; lng: number; lat: number } | null {
  const major = (k: number, vertical: boolean) => {
    const { highway } = lineClass(k, spacingKm, g.country, vertical);
    return highway === "primary" || highway === "trunk";
  };
  const ci = Math.round((lng - g.lng0) / g.dlng);
  const cj = Math.round((lat - g.lat0) / g.dlat);
  const reach = Math.max(1, Math.round(12 / spacingKm));
  let best: { id: number; lng: number; lat: number; d: number } | null = null;
  for (let i = ci - reach; i <= ci + reach; i++) {
    for (let j = cj - reach; j <= cj + reach; j++) {
      if (!(major(i, true) || major(j, false)) || !gridOn(g, i, j)) continue;
      const d = ((gridLng(g, i) - lng) * Math.cos((lat * Math.PI) / 180)) ** 2 + (gridLat(g, j) - lat) ** 2;
      if (!best || d < best.d) best = { id: gridNode(g, i, j), lng: gridLng(g, i), lat: gridLat(g, j), d };
    }
  }
  return best ?? nearestGridNode(g, lng, lat);
}

/** A grid line's road class and ref from its index: every ~3 km secondary, ~12 km primary, ~48 km trunk. */
function lineClass(k: number, spacingKm: number, country: number, vertical: boolean): { highway: string; ref: string } {
  const every = (km: number) => Math.max(1, Math.round(km / spacingKm));
  const letter = country === GB ? "A" : "N";
  const n = (vertical ? 1 : 5) * 1000 + k;
  if (k % every(48) === 0) return { highway: "trunk", ref: `${letter}${n}` };
  if (k % every(12) === 0) return { highway: "primary", ref: `${country === GB ? "A" : "D"}${n}` };
  if (k % every(3) === 0) return { highway: "secondary", ref: `${country === GB ? "B" : "D"}${n}` };
  return { highway: "residential", ref: "" };
}

const SEGMENTS_PER_WAY = 16;

export interface NetworkFiles {
  files: { country: "GB" | "FR"; path: string }[];
  spacingKm: number;
  expectedEdges: number;
  nodes: number;
  ways: number;
}

/**
 * Writes `<dir>/gb.opl` and `<dir>/fr.opl` for about `targetEdges` routing edges in all. Node ids: GB
 * grid from 1e10, FR grid from 2e10, motorway nodes from 3e10 (GB) and 4e10 (FR); way ids likewise.
 */
export async function writeNationalNetwork(sql: SqlClient, dir: string, targetEdges: number): Promise<NetworkFiles> {
  const masks = { gb: await landMask(sql, GB), fr: await landMask(sql, FR) };
  // A grid of n nodes has about 2n edges (each node's edge east and north).
  const spacingKm = Math.sqrt((masks.gb.areaKm2 + masks.fr.areaKm2) / (targetEdges / 2));
  const grids = { gb: gridOf(GB, masks.gb, spacingKm, 1e10), fr: gridOf(FR, masks.fr, spacingKm, 2e10) };
  const all = cities();
  const cityNode = new Map<string, { id: number; name: string; lng: number; lat: number; country: number }>();
  all.gb.forEach((c, n) => cityNode.set(c.name, { id: 3e10 + n, name: c.name, lng: c.lng, lat: c.lat, country: GB }));
  all.fr.forEach((c, n) => cityNode.set(c.name, { id: 4e10 + n, name: c.name, lng: c.lng, lat: c.lat, country: FR }));
  let expectedEdges = 0;
  let nodes = 0;
  let ways = 0;
  const files: NetworkFiles["files"] = [];

  for (const [code, country, grid, motorways, nodeBase, wayBase] of [
    ["GB", GB, grids.gb, GB_MOTORWAYS, 3e10, 1e10],
    ["FR", FR, grids.fr, FR_MOTORWAYS, 4e10, 2e10],
  ] as const) {
    const path = `${dir}/${code.toLowerCase()}.opl`;
    files.push({ country: code, path });
    const out = new Out(createWriteStream(path));
    // Motorway geometry first (its nodes are written after the grid's, in id order).
    const mwNodes: [number, string][] = [];
    const mwWays: string[] = [];
    let nextNode = nodeBase + 1000;
    let nextWay = wayBase + 5e9;
    const link = (from: number, to: { id: number }) => {
      mwWays.push(`w${nextWay++} Thighway=motorway_link,oneway=no N${"n" + from},n${to.id}`);
      expectedEdges++;
    };
    const citiesHere = [...cityNode.values()].filter((c) => c.country === country);
    for (const c of citiesHere) {
      const near = nearestMajorGridNode(grid, c.lng, c.lat, spacingKm);
      if (near) link(c.id, near);
    }
    for (const [ref, chain] of motorways) {
      let junction = 1;
      for (let k = 1; k < chain.length; k++) {
        const a = cityNode.get(chain[k - 1]);
        const b = cityNode.get(chain[k]);
        if (!a || !b) throw new Error(`unknown city in ${ref}`);
        const km = Math.hypot((b.lng - a.lng) * 111.32 * Math.cos((a.lat * Math.PI) / 180), (b.lat - a.lat) * 110.574);
        const steps = Math.max(1, Math.round(km));
        const junctionEvery = 8;
        let wayNodes = [a.id];
        for (let s = 1; s < steps; s++) {
          const t = s / steps;
          const lng = a.lng + (b.lng - a.lng) * t;
          const lat = a.lat + (b.lat - a.lat) * t;
          const id = nextNode++;
          const isJunction = s % junctionEvery === 0 && steps - s > junctionEvery / 2;
          const near = isJunction ? nearestMajorGridNode(grid, lng, lat, spacingKm) : null;
          const junctionHere = near && Math.hypot((near.lng - lng) * Math.cos((lat * Math.PI) / 180), near.lat - lat) < 0.1;
          mwNodes.push([id, `n${id} x${fixed(lng)} y${fixed(lat)}${junctionHere ? ` Thighway=motorway_junction,ref=${junction++}` : ""}`]);
          wayNodes.push(id);
          if (junctionHere && near) {
            link(id, near);
            mwWays.push(`w${nextWay++} Thighway=motorway,oneway=no,ref=${ref} N${wayNodes.map((n) => `n${n}`).join(",")}`);
            expectedEdges++;
            wayNodes = [id];
          }
        }
        wayNodes.push(b.id);
        mwWays.push(`w${nextWay++} Thighway=motorway,oneway=no,ref=${ref} N${wayNodes.map((n) => `n${n}`).join(",")}`);
        expectedEdges++;
      }
    }
    // Crossings: both ends' city nodes (the other country's too, so the parts share it).
    for (const [kind, gbCity, frCity, duration] of CROSSINGS) {
      const a = cityNode.get(gbCity);
      const b = cityNode.get(frCity);
      if (!a || !b) throw new Error("unknown port");
      const tags = kind === "ferry" ? `route=ferry,motor_vehicle=yes,duration=${duration}` : `route=shuttle_train,motorcar=yes,duration=${duration}`;
      mwWays.push(`w${9e10 + CROSSINGS.findIndex((c) => c[1] === gbCity && c[2] === frCity)} T${tags} Nn${a.id},n${b.id}`);
      expectedEdges++;
    }
    // Grid nodes, in id order (row by row).
    for (let j = 0; j < grid.nj; j++) {
      const lat = fixed(gridLat(grid, j));
      for (let i = 0; i < grid.ni; i++) {
        if (!gridOn(grid, i, j)) continue;
        await out.line(`n${gridNode(grid, i, j)} x${fixed(gridLng(grid, i))} y${lat}`);
        nodes++;
      }
    }
    // City nodes (and the other country's ports, which the crossings use), then motorway nodes, in id order.
    for (const c of cityNode.values()) {
      if (c.country === country || CROSSINGS.some((k) => k[1] === c.name || k[2] === c.name)) mwNodes.push([c.id, `n${c.id} x${fixed(c.lng)} y${fixed(c.lat)}`]);
    }
    mwNodes.sort((x, y) => x[0] - y[0]);
    for (const [, line] of mwNodes) await out.line(line);
    nodes += mwNodes.length;
    // Grid ways: runs of consecutive land nodes along each line, cut every SEGMENTS_PER_WAY segments.
    let gridWay = wayBase;
    const emitRun = async (ids: number[], cls: { highway: string; ref: string }) => {
      for (let s = 0; s + 1 < ids.length; s += SEGMENTS_PER_WAY) {
        const piece = ids.slice(s, Math.min(ids.length, s + SEGMENTS_PER_WAY + 1));
        const tags = cls.ref ? `highway=${cls.highway},ref=${cls.ref}` : `highway=${cls.highway}`;
        await out.line(`w${gridWay++} T${tags} N${piece.map((n) => `n${n}`).join(",")}`);
        expectedEdges += piece.length - 1;
        ways++;
      }
    };
    for (let j = 0; j < grid.nj; j++) {
      const cls = lineClass(j, spacingKm, country, false);
      let run: number[] = [];
      for (let i = 0; i <= grid.ni; i++) {
        if (i < grid.ni && gridOn(grid, i, j)) run.push(gridNode(grid, i, j));
        else {
          if (run.length > 1) await emitRun(run, cls);
          run = [];
        }
      }
    }
    for (let i = 0; i < grid.ni; i++) {
      const cls = lineClass(i, spacingKm, country, true);
      let run: number[] = [];
      for (let j = 0; j <= grid.nj; j++) {
        if (j < grid.nj && gridOn(grid, i, j)) run.push(gridNode(grid, i, j));
        else {
          if (run.length > 1) await emitRun(run, cls);
          run = [];
        }
      }
    }
    for (const line of mwWays.sort((x, y) => Number(x.slice(1, x.indexOf(" "))) - Number(y.slice(1, y.indexOf(" "))))) await out.line(line);
    ways += mwWays.length;
    await out.close();
  }
  return { files, spacingKm, expectedEdges, nodes, ways };
}
