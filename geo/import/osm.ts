import type { Pool, SqlClient } from "../../db/client";
import { copyRows } from "../../db/seed/copy";
import { JUNCTION_NUMBER_HINT, signedJunctionNumber, signedRoadNumber } from "../junction-numbers";
import { openOsm, readOsmXml, type OsmTags } from "./osm-xml";
import type { Progress } from "./progress";
import type { Rejections } from "./report";
import { createRoadStage, finishRoadStage, FRANCE } from "./roads-stage";
import { applyStage, staged, type ImportChanges } from "./stage";

/** Routing classes (migrations/0003's vocabulary) and average speeds in km/h where a way has no maxspeed. */
const SPEED_KMH: Record<string, number> = { motorway: 105, autoroute: 118, trunk: 85, primary: 72, secondary: 62, minor: 48, link: 40, ferry: 20, shuttle: 60 };
/** highway=service roads are slow (car parks, yards, retail parks). */
const SERVICE_KMH = 20;
/** Traffic, bends and junctions: a road is driven on average at this share of its speed limit. */
const SHARE_OF_MAXSPEED = 0.9;

/** OSM highway=* values that are driven, and the routing class of each. */
const HIGHWAY_CLASS: Record<string, string> = {
  motorway: "motorway",
  trunk: "trunk",
  primary: "primary",
  secondary: "secondary",
  tertiary: "minor",
  unclassified: "minor",
  residential: "minor",
  living_street: "minor",
  road: "minor",
  motorway_link: "link",
  trunk_link: "link",
  primary_link: "link",
  secondary_link: "link",
  tertiary_link: "link",
  // Service roads join car parks, motorway services and retail parks to the network (issue 47).
  service: "minor",
};
const CLASSES = ["motorway", "trunk", "primary", "secondary", "minor", "link", "ferry", "shuttle"];

/** Service roads that are not through routes for a visitor's drive. */
const PRIVATE_SERVICE = new Set(["parking_aisle", "driveway", "drive-through", "drive_through"]);
const NO_ACCESS = new Set(["no", "private"]);
/** Access tags from the most specific for a car to the most general: the first one given decides. */
const ACCESS_KEYS = ["motorcar", "motor_vehicle", "vehicle", "access"];

/**
 * An edge id from the way, the country and the piece of it: stable across imports of the same extract,
 * and different for the same way in each country's extract (a ferry in both), so each import owns its rows.
 */
const PIECES_PER_WAY = 1024;

class Growable<T extends Float64Array | Int32Array | Uint8Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(value: number) {
    if (this.length === this.data.length) {
      const next = this.make(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  trimmed(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

const f64 = (n: number) => new Float64Array(n);
const i32 = (n: number) => new Int32Array(n);
const u8 = (n: number) => new Uint8Array(n);

interface Water {
  id: number;
  kind: string;
  name: string;
  coords: [number, number][];
}

/** Everything the importer keeps of an extract, in typed arrays (a million ways fit in a few hundred MB). */
export interface OsmData {
  nodeIds: Float64Array;
  lon: Float64Array;
  lat: Float64Array;
  junctions: Map<number, OsmTags>;
  wayIds: Float64Array;
  wayClass: Uint8Array;
  /** 1 one way along the nodes, 0 both ways (oneway=-1 ways are stored reversed). */
  wayOneway: Uint8Array;
  /** Average speed in km/h from maxspeed or a crossing's duration; 0 for the class's own speed. */
  wayKmh: Float64Array;
  wayName: Int32Array;
  wayRef: Int32Array;
  /** Road (grouped by ref) of a motorway or trunk way, else -1: index into strings. */
  wayRoad: Int32Array;
  wayMotorway: Uint8Array;
  wayStart: Int32Array;
  /** Node indexes (into nodeIds) of every way, one after the other. */
  refs: Int32Array;
  strings: string[];
  water: Water[];
  features: number;
}

/** Along the nodes (1), against them (-1), both ways (0), or null: a way whose direction changes by the hour. */
export function onewayOf(highway: string | undefined, tags: OsmTags): -1 | 0 | 1 | null {
  const v = tags.oneway;
  if (v === "-1" || v === "reverse") return -1;
  if (v === "yes" || v === "1" || v === "true") return 1;
  if (v === "no" || v === "0" || v === "false") return 0;
  if (v === "reversible" || v === "alternating") return null;
  if (highway === "motorway" || highway === "motorway_link" || tags.junction === "roundabout" || tags.junction === "circular") return 1;
  return 0;
}

/** True when the way's access tags keep cars off it (the most specific tag given decides). */
export function closedToCars(tags: OsmTags): boolean {
  for (const key of ACCESS_KEYS) {
    const value = tags[key];
    if (value !== undefined) return NO_ACCESS.has(value.split(";")[0].trim());
  }
  return false;
}

const MPH = 1.609344;
/** Named limits (OSM's maxspeed=<country>:<zone>) in km/h. */
const NAMED_MAXSPEED: Record<string, number> = {
  "GB:nsl_single": 60 * MPH,
  "GB:nsl_dual": 70 * MPH,
  "GB:motorway": 70 * MPH,
  "GB:nsl_restricted": 30 * MPH,
  "FR:urban": 50,
  "FR:rural": 80,
  "FR:zone30": 30,
  "FR:motorway": 130,
};

/** A maxspeed tag in km/h ("50", "30 mph", "50 km/h", "GB:nsl_dual"); null when it gives no number. */
export function maxspeedKmh(value: string | undefined): number | null {
  if (!value) return null;
  const first = value.split(";")[0].trim();
  if (NAMED_MAXSPEED[first] !== undefined) return NAMED_MAXSPEED[first];
  const m = /^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh|kph)?$/i.exec(first);
  if (!m) return null;
  const n = Number(m[1]);
  if (!(n > 0)) return null;
  return m[2]?.toLowerCase() === "mph" ? n * MPH : n;
}

/** A duration tag ("1:30", "01:30:00", "90" minutes, "PT1H30M") in seconds; null when unreadable. */
export function durationSeconds(value: string | undefined): number | null {
  if (!value) return null;
  const v = value.trim();
  const clock = /^(\d+):(\d{1,2})(?::(\d{1,2}))?$/.exec(v);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) * 60;
  const iso = /^PT(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?$/i.exec(v);
  if (iso && (iso[1] || iso[2] || iso[3])) return Number(iso[1] ?? 0) * 3600 + Number(iso[2] ?? 0) * 60 + Number(iso[3] ?? 0);
  return null;
}

/**
 * The routing class of a way, or null when it is not driven: highways by their type (service roads but
 * not parking aisles, driveways or drive-throughs), ferries that carry cars, and car shuttle trains (the
 * Channel Tunnel's); never a way whose access tags keep cars off.
 */
export function drivenClass(tags: OsmTags): string | null {
  if (tags.route === "ferry") return tags.motor_vehicle === "yes" || tags.motorcar === "yes" ? "ferry" : null;
  if (tags.route === "shuttle_train") return closedToCars(tags) ? null : "shuttle";
  const highway = tags.highway;
  if (highway === undefined) return null;
  const cls = HIGHWAY_CLASS[highway];
  if (!cls) return null;
  if (highway === "service" && PRIVATE_SERVICE.has(tags.service ?? "")) return null;
  if (closedToCars(tags)) return null;
  return cls;
}

function waterKind(tags: OsmTags): string | null {
  if (tags.natural === "water") return tags.water || "water";
  if (tags.landuse === "reservoir") return "reservoir";
  if (tags.waterway === "riverbank") return "river";
  return null;
}

/** Reads an extract into memory-compact arrays. Rows that cannot be used go to `rejected`. */
export async function readOsm(path: string, progress: Progress, rejected: Rejections): Promise<OsmData> {
  const nodeIds = new Growable(f64(1 << 16), f64);
  const lon = new Growable(f64(1 << 16), f64);
  const lat = new Growable(f64(1 << 16), f64);
  const junctions = new Map<number, OsmTags>();
  const wayIds = new Growable(f64(1 << 14), f64);
  const wayClass = new Growable(u8(1 << 14), u8);
  const wayOneway = new Growable(u8(1 << 14), u8);
  const wayKmh = new Growable(f64(1 << 14), f64);
  const wayName = new Growable(i32(1 << 14), i32);
  const wayRef = new Growable(i32(1 << 14), i32);
  const wayRoad = new Growable(i32(1 << 14), i32);
  const wayMotorway = new Growable(u8(1 << 14), u8);
  const wayStart = new Growable(i32(1 << 14), i32);
  const refs = new Growable(i32(1 << 16), i32);
  const strings: string[] = [""];
  const stringIndex = new Map<string, number>([["", 0]]);
  const intern = (s: string) => {
    let i = stringIndex.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      stringIndex.set(s, i);
    }
    return i;
  };
  const water: Water[] = [];
  let sorted = true;
  let lastNode = -Infinity;
  let index: Float64Array | null = null;
  let order: Int32Array | null = null;
  let features = 0;

  // Nodes come before ways in an OSM file: the first way freezes the node table (sorted by id).
  const freeze = () => {
    if (index) return;
    const ids = nodeIds.trimmed();
    if (sorted) {
      index = ids;
      return;
    }
    const perm = Int32Array.from({ length: ids.length }, (_, i) => i).sort((a, b) => ids[a] - ids[b]);
    index = Float64Array.from(perm, (i) => ids[i]);
    order = perm;
  };
  const find = (id: number): number => {
    const ids = index as Float64Array;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = ids[mid];
      if (v === id) return order ? order[mid] : mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };

  const { stream, totalBytes, finished } = openOsm(path);
  progress.phase("Reading the extract", totalBytes, "features");
  await readOsmXml(stream, {
    node(id, x, y, tags) {
      features++;
      if (index) {
        rejected.add(`node ${id}`, id, "node after the ways: OSM files list nodes first");
        return;
      }
      if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 180 || Math.abs(y) > 90) {
        rejected.add(`node ${id}`, id, "no valid lat and lon");
        return;
      }
      if (id <= lastNode) sorted = false;
      lastNode = id;
      nodeIds.push(id);
      lon.push(x);
      lat.push(y);
      if (tags?.highway === "motorway_junction") junctions.set(id, tags);
    },
    way(id, wayRefs, tags) {
      features++;
      freeze();
      const highway = tags.highway;
      const kind = waterKind(tags);
      if (kind && wayRefs.length >= 4 && wayRefs[0] === wayRefs[wayRefs.length - 1]) {
        const coords: [number, number][] = [];
        for (const r of wayRefs) {
          const n = find(r);
          if (n >= 0) coords.push([lon.data[n], lat.data[n]]);
        }
        if (coords.length >= 4 && coords.length === wayRefs.length) water.push({ id, kind, name: tags.name ?? "", coords });
        else rejected.add(`way ${id}`, id, "water area with nodes missing from the extract");
      }
      const cls = drivenClass(tags);
      if (!cls) return;
      const crossing = cls === "ferry" || cls === "shuttle";
      const oneway = crossing ? 0 : onewayOf(highway, tags);
      if (oneway === null) return;
      const start = refs.length;
      const indexes: number[] = [];
      for (const r of wayRefs) {
        const n = find(r);
        if (n >= 0 && indexes[indexes.length - 1] !== n) indexes.push(n);
      }
      if (indexes.length < 2) {
        rejected.add(`way ${id}`, id, wayRefs.length < 2 ? "road with fewer than two nodes" : "road whose nodes are missing from the extract");
        return;
      }
      if (oneway === -1) indexes.reverse();
      let kmh = crossing ? 0 : (maxspeedKmh(tags.maxspeed) ?? 0) * SHARE_OF_MAXSPEED;
      if (!kmh && highway === "service") kmh = SERVICE_KMH;
      const seconds = crossing ? durationSeconds(tags.duration) : null;
      if (seconds) {
        let metres = 0;
        for (let i = 1; i < indexes.length; i++) metres += haversine(lon.data[indexes[i - 1]], lat.data[indexes[i - 1]], lon.data[indexes[i]], lat.data[indexes[i]]);
        kmh = (metres / 1000) / (seconds / 3600);
      }
      for (const n of indexes) refs.push(n);
      const ref = signedRoadNumber(tags.ref ?? "");
      const grouped = (highway === "motorway" || highway === "trunk") && ref !== "";
      wayIds.push(id);
      wayClass.push(CLASSES.indexOf(cls));
      wayOneway.push(oneway === 0 ? 0 : 1);
      wayKmh.push(kmh);
      wayName.push(intern(tags.name ?? ""));
      wayRef.push(intern(ref));
      wayRoad.push(grouped ? intern(ref) : -1);
      wayMotorway.push(highway === "motorway" ? 1 : 0);
      wayStart.push(start);
    },
    progress(bytes) {
      progress.update(bytes, features);
    },
  });
  await finished;
  progress.end();
  freeze();
  wayStart.push(refs.length);
  return {
    nodeIds: nodeIds.trimmed(),
    lon: lon.trimmed(),
    lat: lat.trimmed(),
    junctions,
    wayIds: wayIds.trimmed(),
    wayClass: wayClass.trimmed(),
    wayOneway: wayOneway.trimmed(),
    wayKmh: wayKmh.trimmed(),
    wayName: wayName.trimmed(),
    wayRef: wayRef.trimmed(),
    wayRoad: wayRoad.trimmed(),
    wayMotorway: wayMotorway.trimmed(),
    wayStart: wayStart.trimmed(),
    refs: refs.trimmed(),
    strings,
    water,
    features,
  };
}

function haversine(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
}

const coord = (x: number) => x.toFixed(7).replace(/\.?0+$/, "");

export function roadSourceId(country: number, ref: string): string {
  return `osm:${country === FRANCE ? "FR" : "GB"}:${ref}`;
}

/** How many times each node is used by the ways (ends count twice): 2 or more makes it a vertex. */
export function nodeUses(data: OsmData): Uint8Array {
  const uses = new Uint8Array(data.nodeIds.length);
  for (let w = 0; w < data.wayIds.length; w++) {
    const start = data.wayStart[w];
    const end = data.wayStart[w + 1];
    for (let i = start; i < end; i++) {
      const n = data.refs[i];
      if (uses[n] < 250) uses[n] += i === start || i === end - 1 ? 2 : 1;
    }
  }
  return uses;
}

/** The number of edges routingEdges yields (for progress). */
function edgeCount(data: OsmData, uses: Uint8Array): number {
  let count = 0;
  for (let w = 0; w < data.wayIds.length; w++) {
    let pieces = 0;
    for (let i = data.wayStart[w] + 1; i < data.wayStart[w + 1]; i++) if (i === data.wayStart[w + 1] - 1 || (uses[data.refs[i]] >= 2 && pieces < PIECES_PER_WAY - 1)) pieces++;
    count += pieces;
  }
  return count;
}

/**
 * The routing graph of an extract: every way is cut where another way shares a node (and at its
 * ends), each piece an edge whose id is way id × 1024 + piece, so the same extract gives the same ids.
 */
export function* routingEdges(data: OsmData, country: number, uses = nodeUses(data)): Generator<(string | number | null)[]> {
  const ways = data.wayIds.length;
  for (let w = 0; w < ways; w++) {
    const start = data.wayStart[w];
    const end = data.wayStart[w + 1];
    let cls = CLASSES[data.wayClass[w]];
    if (cls === "motorway" && country === FRANCE) cls = "autoroute";
    const kmh = data.wayKmh[w] || SPEED_KMH[cls];
    const firstId = (data.wayIds[w] * 2 + (country === FRANCE ? 1 : 0)) * PIECES_PER_WAY;
    const ref = data.strings[data.wayRef[w]];
    const name = cls === "motorway" || cls === "autoroute" || cls === "trunk" ? ref || data.strings[data.wayName[w]] : data.strings[data.wayName[w]] || ref;
    const road = data.wayRoad[w] >= 0 ? roadSourceId(country, data.strings[data.wayRoad[w]]) : null;
    let piece = 0;
    let from = start;
    let metres = 0;
    let line = `${coord(data.lon[data.refs[start]])} ${coord(data.lat[data.refs[start]])}`;
    for (let i = start + 1; i < end; i++) {
      const a = data.refs[i - 1];
      const b = data.refs[i];
      metres += haversine(data.lon[a], data.lat[a], data.lon[b], data.lat[b]);
      line += `,${coord(data.lon[b])} ${coord(data.lat[b])}`;
      const last = i === end - 1;
      if (last || (uses[b] >= 2 && piece < PIECES_PER_WAY - 1)) {
        const seconds = Math.round((metres / (kmh / 3.6)) * 10) / 10;
        yield [
          firstId + piece,
          data.nodeIds[data.refs[from]],
          data.nodeIds[b],
          seconds,
          data.wayOneway[w] ? -1 : seconds,
          Math.round(metres),
          cls,
          name || UNNAMED[cls] || `${cls[0].toUpperCase() + cls.slice(1)} road`,
          road,
          country,
          `SRID=4326;LINESTRING(${line})`,
        ];
        piece++;
        from = i;
        metres = 0;
        line = `${coord(data.lon[b])} ${coord(data.lat[b])}`;
      }
    }
  }
}

/** Names of unnamed ways by class (others are "Primary road", …). */
const UNNAMED: Record<string, string> = { minor: "Local road", ferry: "Ferry", shuttle: "Shuttle train" };

/** The graph's vertices: the nodes where edges start or end. */
function* routingVertices(data: OsmData, uses: Uint8Array): Generator<(string | number | null)[]> {
  for (let n = 0; n < data.nodeIds.length; n++) {
    if (uses[n] >= 2) yield [data.nodeIds[n], `SRID=4326;POINT(${coord(data.lon[n])} ${coord(data.lat[n])})`];
  }
}

function* roadLines(data: OsmData, country: number): Generator<(string | number | boolean)[]> {
  for (let w = 0; w < data.wayIds.length; w++) {
    if (data.wayRoad[w] < 0) continue;
    const ref = data.strings[data.wayRoad[w]];
    const pts: string[] = [];
    for (let i = data.wayStart[w]; i < data.wayStart[w + 1]; i++) pts.push(`${coord(data.lon[data.refs[i]])} ${coord(data.lat[data.refs[i]])}`);
    yield [roadSourceId(country, ref), data.wayIds[w], ref, data.wayMotorway[w] === 1, `SRID=4326;LINESTRING(${pts.join(",")})`];
  }
}

/** Junction nodes on the motorways and trunk roads (the first road with a ref whose way carries each). */
function junctionPoints(data: OsmData, country: number, rejected: Rejections): (string | number | null)[][] {
  const roadOf = new Map<number, string>();
  for (let w = 0; w < data.wayIds.length; w++) {
    if (data.wayRoad[w] < 0) continue;
    for (let i = data.wayStart[w]; i < data.wayStart[w + 1]; i++) {
      const id = data.nodeIds[data.refs[i]];
      if (data.junctions.has(id) && !roadOf.has(id)) roadOf.set(id, data.strings[data.wayRoad[w]]);
    }
  }
  const rows: (string | number | null)[][] = [];
  const byId = new Map<number, number>();
  data.nodeIds.forEach((id, n) => data.junctions.has(id) && byId.set(id, n));
  for (const [id, tags] of [...data.junctions.entries()].sort((a, b) => a[0] - b[0])) {
    const road = roadOf.get(id);
    const ref = (tags.ref ?? "").split(";")[0].trim();
    const number = signedJunctionNumber(ref);
    if (!road) {
      rejected.add(`node ${id}`, id, "motorway junction not on a motorway or trunk road with a ref");
      continue;
    }
    if (!ref) {
      rejected.add(`node ${id}`, id, "motorway junction without a ref (its number)");
      continue;
    }
    if (!number) {
      rejected.add(`node ${id}`, id, `junction ref "${ref.slice(0, 20)}" is not ${JUNCTION_NUMBER_HINT}`);
      continue;
    }
    const n = byId.get(id) as number;
    rows.push([`osm:node:${id}`, roadSourceId(country, road), number, tags.name?.trim() || null, `SRID=4326;POINT(${coord(data.lon[n])} ${coord(data.lat[n])})`]);
  }
  return rows;
}

function* waterRows(data: OsmData): Generator<(string | number)[]> {
  for (const w of data.water) yield [w.id, w.kind, w.name, `SRID=4326;POLYGON((${w.coords.map(([x, y]) => `${coord(x)} ${coord(y)}`).join(",")}))`];
}

/**
 * A merged GB + FR extract: each motorway or trunk piece, junction and motorway edge belongs to the
 * country whose Natural Earth land it starts on (--country where no land is loaded, or offshore), so
 * French motorways are autoroutes and their roads "osm:FR:A7"; only --country's roads are kept.
 */
async function placeInCountries(sql: Pool, country: number): Promise<void> {
  const code = (c: number) => (c === FRANCE ? "FR" : "GB");
  const countryOf = (point: string) => `coalesce((SELECT p.country_id FROM land_parts p WHERE p.geom && ${point} AND ST_Intersects(p.geom, ${point}) LIMIT 1), ${country})`;
  const prefix = (column: string, point: string) => `regexp_replace(${column}, '^osm:[A-Z]{2}:', 'osm:' || CASE WHEN ${countryOf(point)} = ${FRANCE} THEN 'FR' ELSE 'GB' END || ':')`;
  await sql.unsafe(`
    UPDATE ${staged("road_lines")} s SET source_id = ${prefix("s.source_id", "ST_StartPoint(s.geom)")};
    UPDATE ${staged("junction_points")} s SET road_source = ${prefix("s.road_source", "s.geom")};
    UPDATE ${staged("routing_edges")} s SET road_source = ${prefix("s.road_source", "ST_StartPoint(s.geom)")} WHERE s.road_source IS NOT NULL;
    UPDATE ${staged("routing_edges")} s SET road_class = CASE WHEN ${countryOf("ST_StartPoint(s.geom)")} = ${FRANCE} THEN 'autoroute' ELSE 'motorway' END
      WHERE s.road_class IN ('motorway', 'autoroute');
    DELETE FROM ${staged("road_lines")} WHERE source_id NOT LIKE 'osm:${code(country)}:%';
    DELETE FROM ${staged("junction_points")} WHERE road_source NOT LIKE 'osm:${code(country)}:%';
  `);
}

/**
 * The country's part of the routing graph: every edge with an end on its land (Natural Earth's, where
 * loaded) or offshore. An edge with both ends on another country's land is that country's to import, so
 * a merged extract or one that spills over the border adds nothing twice; edges across the border, and
 * ferries and the tunnel between the two, are kept by both imports and join the parts at their shared
 * OSM nodes. Then only the vertices the kept edges use.
 */
async function keepCountryPart(sql: Pool, country: number): Promise<void> {
  const abroad = (point: string) =>
    `EXISTS (SELECT 1 FROM land_parts p WHERE p.country_id <> ${country} AND p.geom && ${point} AND ST_Intersects(p.geom, ${point})
      AND NOT EXISTS (SELECT 1 FROM land_parts q WHERE q.country_id = ${country} AND q.geom && ${point} AND ST_Intersects(q.geom, ${point})))`;
  await sql.unsafe(`
    DELETE FROM ${staged("routing_edges")} s WHERE ${abroad("ST_StartPoint(s.geom)")} AND ${abroad("ST_EndPoint(s.geom)")};
    DELETE FROM ${staged("routing_vertices")} v
    WHERE NOT EXISTS (SELECT 1 FROM ${staged("routing_edges")} e WHERE e.source = v.id)
      AND NOT EXISTS (SELECT 1 FROM ${staged("routing_edges")} e WHERE e.target = v.id);
  `);
}

/** Loads an extract into the staging schema (committed as it goes; the live tables are untouched). */
export async function stageOsm(sql: Pool, path: string, country: number, progress: Progress, rejected: Rejections): Promise<{ features: number }> {
  const data = await readOsm(path, progress, rejected);
  await createRoadStage(sql);
  await sql.unsafe(`
    CREATE UNLOGGED TABLE ${staged("routing_vertices")} (id bigint, place_id integer, geom geometry(Point, 4326));
    CREATE UNLOGGED TABLE ${staged("routing_edges")} (id bigint, source bigint, target bigint, cost float8, reverse_cost float8, length_m float8, road_class text, name text, road_source text, road_id integer, country_id integer, geom geometry(LineString, 4326));
    CREATE UNLOGGED TABLE ${staged("basemap_water")} (id bigint, kind text, name text, geom geometry);
  `);
  const uses = nodeUses(data);
  progress.phase("Staging the routing graph", edgeCount(data, uses), "edges");
  let edges = 0;
  const counted = function* <T>(rows: Iterable<T>) {
    for (const row of rows) {
      if (++edges % 10_000 === 0) progress.update(edges);
      yield row;
    }
  };
  await copyRows(sql, staged("routing_edges"), ["id", "source", "target", "cost", "reverse_cost", "length_m", "road_class", "name", "road_source", "country_id", "geom"], counted(routingEdges(data, country, uses)));
  progress.update(edges);
  progress.end();
  await copyRows(sql, staged("routing_vertices"), ["id", "geom"], routingVertices(data, uses));
  await copyRows(sql, staged("road_lines"), ["source_id", "ord", "name", "motorway", "geom"], roadLines(data, country));
  await copyRows(sql, staged("junction_points"), ["source_id", "road_source", "number", "town", "geom"], junctionPoints(data, country, rejected));
  await copyRows(sql, staged("basemap_water"), ["id", "kind", "name", "geom"], waterRows(data));
  await sql.unsafe(`
    UPDATE ${staged("basemap_water")} SET geom = ST_Multi(CASE WHEN ST_IsValid(geom) THEN geom ELSE ST_CollectionExtract(ST_MakeValid(geom), 3) END);
    DELETE FROM ${staged("basemap_water")} WHERE GeometryType(geom) <> 'MULTIPOLYGON' OR ST_IsEmpty(geom);
    ALTER TABLE ${staged("basemap_water")} ALTER COLUMN geom TYPE geometry(MultiPolygon, 4326);
    ALTER TABLE ${staged("routing_edges")} ADD PRIMARY KEY (id);
    ALTER TABLE ${staged("routing_vertices")} ADD PRIMARY KEY (id);
    ALTER TABLE ${staged("basemap_water")} ADD PRIMARY KEY (id);
  `);
  progress.line("Building roads and junctions from the motorways and trunk roads");
  await placeInCountries(sql, country);
  await keepCountryPart(sql, country);
  await finishRoadStage(sql, country);
  return { features: data.features };
}

/**
 * The country's part of the routing graph and the basemap's water, in the swap transaction (after the
 * roads). The part replaces the country's edges of the last import and the demo graph (country NULL),
 * never another country's; vertices are the OSM nodes the edges use, shared where parts meet; then each
 * vertex's strongly connected component is worked out again (routing_refresh_components, migration 0029).
 */
export async function applyOsmGraph(tx: SqlClient, country: number): Promise<ImportChanges> {
  await tx.unsafe(`UPDATE ${staged("routing_edges")} s SET road_id = r.id FROM roads r WHERE r.source_id = s.road_source`);
  const edges = await applyStage(tx, {
    table: "routing_edges",
    stage: staged("routing_edges"),
    key: ["id"],
    columns: ["source", "target", "cost", "reverse_cost", "length_m", "road_class", "name", "road_id", "country_id", "geom"],
    scope: `t.country_id = ${country} OR t.country_id IS NULL`,
    // In spatial order (a geohash is a Z-order curve): a route loads every edge of a box around each end,
    // and edges of one area on a few pages make that read about a fifth of the pages (decision 0183).
    insertOrder: "ST_GeoHash(ST_Centroid(s.geom), 8), s.id",
  });
  // Vertices no part uses any more go; the stage's are added or moved (a node shared with the other part stays as it is).
  const orphans = await tx.unsafe(`
    DELETE FROM routing_vertices v
    WHERE NOT EXISTS (SELECT 1 FROM routing_edges e WHERE e.source = v.id) AND NOT EXISTS (SELECT 1 FROM routing_edges e WHERE e.target = v.id)`);
  const vertices = await applyStage(tx, { table: "routing_vertices", stage: staged("routing_vertices"), key: ["id"], columns: ["place_id", "geom"], scope: "false" });
  await tx`SELECT routing_refresh_components()`;
  const water = await applyStage(tx, { table: "basemap_water", stage: staged("basemap_water"), key: ["id"], columns: ["kind", "name", "geom"], scope: "true" });
  return { routing_vertices: { ...vertices, removed: orphans.count }, routing_edges: edges, basemap_water: water };
}
