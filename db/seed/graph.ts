import type { SqlClient } from "../client";
import { dropForBulkLoad, restoreAfterBulkLoad } from "./bulk";
import { copyRows, lineWkt, pointWkt, type Cell } from "./copy";
import { LINK_TOWNS } from "./data/admin-areas";
import { PointGrid, destination, haversineMetres, zOrder } from "./geometry";
import { FRANCE } from "./land";
import type { Town } from "./places";
import type { Random } from "./random";

/** A vertex of the routing graph: a town, or a point on a generated local road (benchmark graphs). */
export type GraphVertex = Pick<Town, "placeId" | "name" | "lng" | "lat" | "population" | "countryId">;
import type { SeedRoad } from "./roads";

/** Average speeds per road class, in km/h, and how much longer the real road is than the straight line. */
export const ROAD_CLASSES = {
  motorway: { kmh: 105, winding: 1.05 },
  autoroute: { kmh: 118, winding: 1.05 },
  trunk: { kmh: 85, winding: 1.1 },
  primary: { kmh: 72, winding: 1.2 },
  secondary: { kmh: 62, winding: 1.25 },
  minor: { kmh: 48, winding: 1.3 },
  link: { kmh: 40, winding: 1.3 },
  shuttle: { kmh: 0, winding: 1 },
  ferry: { kmh: 0, winding: 1 },
} as const;
export type RoadClass = keyof typeof ROAD_CLASSES;

interface Edge {
  source: number;
  target: number;
  roadClass: RoadClass;
  name: string;
  roadId: number | null;
  lengthMetres: number;
  seconds: number;
}

// Crossings with a fixed time (minutes of travel plus boarding), by the towns at each end.
const CROSSINGS: { from: keyof typeof LINK_TOWNS; to: keyof typeof LINK_TOWNS; roadClass: RoadClass; name: string; minutes: number }[] = [
  { from: "folkestone", to: "coquelles", roadClass: "shuttle", name: "Channel Tunnel (Le Shuttle)", minutes: 35 + 30 },
  { from: "dover", to: "calais", roadClass: "ferry", name: "Dover – Calais ferry", minutes: 90 + 45 },
  { from: "cairnryan", to: "belfast", roadClass: "ferry", name: "Cairnryan – Belfast ferry", minutes: 135 + 45 },
  { from: "portsmouth", to: "fishbourne", roadClass: "ferry", name: "Portsmouth – Fishbourne ferry", minutes: 45 + 30 },
  { from: "nice", to: "bastia", roadClass: "ferry", name: "Nice – Bastia ferry", minutes: 300 + 60 },
  { from: "marseille", to: "ajaccio", roadClass: "ferry", name: "Marseille – Ajaccio ferry", minutes: 720 + 60 },
];

const NEIGHBOURS_PER_TOWN = 4;
const LOCAL_ROAD_MAX_METRES = 30_000;

function drive(a: GraphVertex, b: GraphVertex, roadClass: RoadClass): { lengthMetres: number; seconds: number } {
  const { kmh, winding } = ROAD_CLASSES[roadClass];
  const lengthMetres = haversineMetres(a.lng, a.lat, b.lng, b.lat) * winding;
  return { lengthMetres, seconds: lengthMetres / (kmh / 3.6) };
}

function localClass(a: GraphVertex, b: GraphVertex): RoadClass {
  if (a.population >= 10_000 && b.population >= 10_000) return "primary";
  if (a.population >= 2_000 || b.population >= 2_000) return "secondary";
  return "minor";
}

class UnionFind {
  private readonly parent = new Map<number, number>();
  find(x: number): number {
    let root = x;
    while ((this.parent.get(root) ?? root) !== root) root = this.parent.get(root) ?? root;
    this.parent.set(x, root);
    return root;
  }
  union(a: number, b: number) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
}

/**
 * The demo routing graph: the authored roads, local roads from every town to its nearest
 * neighbours, the Channel Tunnel and ferries, and links that join every island of the graph to
 * the main network, so that a route exists between any two towns.
 */
export function buildGraph(towns: GraphVertex[], roads: SeedRoad[], townsByGeonameId: Map<number, Town>): Edge[] {
  const edges: Edge[] = [];
  const seen = new Set<string>();
  const add = (a: GraphVertex, b: GraphVertex, roadClass: RoadClass, name: string, roadId: number | null, fixedSeconds?: number) => {
    if (a.placeId === b.placeId) return;
    const key = a.placeId < b.placeId ? `${a.placeId}-${b.placeId}-${roadId ?? roadClass}` : `${b.placeId}-${a.placeId}-${roadId ?? roadClass}`;
    if (seen.has(key)) return;
    seen.add(key);
    const { lengthMetres, seconds } = fixedSeconds === undefined ? drive(a, b, roadClass) : { lengthMetres: haversineMetres(a.lng, a.lat, b.lng, b.lat), seconds: fixedSeconds };
    edges.push({ source: a.placeId, target: b.placeId, roadClass, name, roadId, lengthMetres, seconds });
  };

  for (const road of roads) {
    const roadClass: RoadClass = road.countryId === FRANCE ? "autoroute" : road.motorway ? "motorway" : "trunk";
    for (let i = 1; i < road.stops.length; i++) add(road.stops[i - 1], road.stops[i], roadClass, road.name, road.id);
  }

  const grid = new PointGrid(towns, 0.03);
  for (const town of towns) {
    let near = grid.nearest(town.lng, town.lat, NEIGHBOURS_PER_TOWN, LOCAL_ROAD_MAX_METRES, (t) => t.placeId === town.placeId || t.countryId !== town.countryId);
    if (near.length === 0) near = grid.nearest(town.lng, town.lat, 1, 60_000, (t) => t.placeId === town.placeId || t.countryId !== town.countryId);
    for (const { item } of near) add(town, item, localClass(town, item), `${town.name} – ${item.name} road`, null);
  }

  for (const crossing of CROSSINGS) {
    const a = townsByGeonameId.get(LINK_TOWNS[crossing.from]);
    const b = townsByGeonameId.get(LINK_TOWNS[crossing.to]);
    if (!a || !b) throw new Error(`Crossing ${crossing.name}: town missing from the gazetteer`);
    add(a, b, crossing.roadClass, crossing.name, null, crossing.minutes * 60);
  }

  joinComponents(towns, edges, grid, add);
  return edges;
}

/** Links each disconnected part of the graph to the nearest town of the main network. */
function joinComponents(towns: GraphVertex[], edges: Edge[], grid: PointGrid<GraphVertex>, add: (a: GraphVertex, b: GraphVertex, c: RoadClass, name: string, roadId: null) => void) {
  const uf = new UnionFind();
  for (const e of edges) uf.union(e.source, e.target);
  const members = new Map<number, GraphVertex[]>();
  for (const t of towns) {
    const root = uf.find(t.placeId);
    const list = members.get(root);
    if (list) list.push(t);
    else members.set(root, [t]);
  }
  const mainRoot = [...members.entries()].sort((a, b) => b[1].length - a[1].length || a[0] - b[0])[0][0];
  const components = [...members.entries()].filter(([root]) => root !== mainRoot).sort((a, b) => a[0] - b[0]);
  for (const [, list] of components) {
    let best: { from: GraphVertex; to: GraphVertex; metres: number } | undefined;
    for (const from of list) {
      for (const radius of [20_000, 80_000, 300_000]) {
        const [hit] = grid.nearest(from.lng, from.lat, 1, radius, (t) => uf.find(t.placeId) !== uf.find(mainRoot));
        if (hit) {
          if (!best || hit.metres < best.metres) best = { from, to: hit.item, metres: hit.metres };
          break;
        }
      }
    }
    if (!best) throw new Error(`Could not join the part of the road graph around ${list[0].name} to the main network`);
    add(best.from, best.to, "link", `${best.from.name} – ${best.to.name} link`, null);
    uf.union(best.from.placeId, best.to.placeId);
  }
}

/**
 * Points along generated local roads for benchmark-sized graphs: scattered around towns (roads are
 * densest where people live), kept only where they fall on land. Ids follow the towns'.
 */
export async function localRoadVertices(sql: SqlClient, rng: Random, towns: Town[], count: number): Promise<GraphVertex[]> {
  if (count === 0) return [];
  const weights: number[] = [];
  let total = 0;
  for (const t of towns) weights.push((total += 1 + Math.sqrt(t.population)));
  const candidates: GraphVertex[] = [];
  let id = Math.max(...towns.map((t) => t.placeId));
  // A fifth more candidates than needed: some land in the sea and are dropped.
  for (let i = 0; i < Math.ceil(count * 1.2); i++) {
    const town = towns[rng.weightedIndex(weights)];
    const [lng, lat] = destination(town.lng, town.lat, rng.between(500, 15_000), rng.between(0, 360));
    candidates.push({ placeId: ++id, name: `Local road near ${town.name}`, lng, lat, population: 0, countryId: town.countryId });
  }
  await sql`CREATE TEMP TABLE seed_local_vertices (id bigint, geom geometry) ON COMMIT DROP`;
  await copyRows(sql, "seed_local_vertices", ["id", "geom"], candidates.map((v) => [v.placeId, pointWkt(v.lng, v.lat)]));
  const onLand = await sql<{ id: number }[]>`
    SELECT v.id::int AS id FROM seed_local_vertices v
    WHERE EXISTS (SELECT 1 FROM land_parts lp WHERE ST_Intersects(lp.geom, v.geom)) ORDER BY v.id LIMIT ${count}`;
  const keep = new Set(onLand.map((r) => r.id));
  return candidates.filter((v) => keep.has(v.placeId));
}

export async function loadGraph(sql: SqlClient, vertices: GraphVertex[], edges: Edge[], townCount: number): Promise<void> {
  // Loaded without the tables' secondary indexes (three GiST among them) and foreign key, made again after.
  const rebuild = await dropForBulkLoad(sql, ["routing_vertices", "routing_edges"]);
  const byId = new Map(vertices.map((t) => [t.placeId, t]));
  await copyRows(sql, "routing_vertices", ["id", "place_id", "geom"], vertices.map((t) => [t.placeId, t.placeId <= townCount ? t.placeId : null, pointWkt(t.lng, t.lat)]));
  const rows = edges.map((e, i) => {
    const a = byId.get(e.source);
    const b = byId.get(e.target);
    if (!a || !b) throw new Error(`edge ${i} has an unknown end`);
    const seconds = Math.round(e.seconds * 10) / 10;
    const row: Cell[] = [i + 1, e.source, e.target, seconds, seconds, Math.round(e.lengthMetres), e.roadClass, e.name, e.roadId, lineWkt([[a.lng, a.lat], [b.lng, b.lat]])];
    return { row, key: zOrder((a.lng + b.lng) / 2, (a.lat + b.lat) / 2) };
  });
  // Written in spatial order (the ids stay as generated): a route loads every edge of a box around each
  // end, and with the edges of one area on a few pages that read is about a fifth of the pages (decision 0183).
  rows.sort((x, y) => x.key - y.key || (x.row[0] as number) - (y.row[0] as number));
  await copyRows(
    sql,
    "routing_edges",
    ["id", "source", "target", "cost", "reverse_cost", "length_m", "road_class", "name", "road_id", "geom"],
    rows.map((r) => r.row),
  );
  await restoreAfterBulkLoad(sql, rebuild);
  // Routes start and end only on the graph's main strongly connected component (migrations/0029).
  await sql`SELECT routing_refresh_components()`;
}
