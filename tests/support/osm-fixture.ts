import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { escapeHtml } from "../../kit/html";

/**
 * A small, real-shaped OpenStreetMap extract written as OSM XML: the M42 as a dual carriageway
 * (eastbound in two ways, westbound drawn the other way) with junctions 1-3 on both carriageways,
 * slip roads to local roads, the A38 trunk road, a slower secondary road beside the motorway, a
 * lake, and a few broken elements (a one-node way, a way whose nodes are missing, a junction
 * without a number). `variant: 2` adds junction 4 and renames a local road.
 */
export interface FixtureOptions {
  variant?: 1 | 2;
}

interface Node {
  id: number;
  lon: number;
  lat: number;
  tags?: Record<string, string>;
}

interface Way {
  id: number;
  nodes: number[];
  tags: Record<string, string>;
}


export const FIXTURE = {
  west: { lng: -1.9, lat: 52.48 },
  east: { lng: -1.1, lat: 52.48 },
  motorway: "M42",
  trunk: "A38",
  junctions: ["1", "2", "3"],
};

export function fixtureXml(options: FixtureOptions = {}): string {
  const variant = options.variant ?? 1;
  const nodes: Node[] = [];
  const ways: Way[] = [];
  let nextNode = 1000;
  const node = (lon: number, lat: number, tags?: Record<string, string>) => {
    const id = nextNode++;
    nodes.push({ id, lon: Math.round(lon * 1e7) / 1e7, lat: Math.round(lat * 1e7) / 1e7, tags });
    return id;
  };
  const lons = [-2.0, -1.9, -1.8, -1.7, -1.6, -1.5, -1.4, -1.3, -1.2, -1.1, -1.0];
  const junctionAt: Record<string, { ref: string; name: string }> = {
    "-1.8": { ref: "1", name: "Alvechurch" },
    "-1.5": { ref: "2", name: "Hopwood" },
    "-1.2": { ref: "3", name: "Wythall" },
  };
  if (variant === 2) junctionAt["-1.1"] = { ref: "4", name: "Shirley" };
  const eastbound = lons.map((lon) => node(lon, 52.5, junctionAt[lon.toFixed(1)] ? { highway: "motorway_junction", ...junctionAt[lon.toFixed(1)] } : undefined));
  const westbound = lons.map((lon) => node(lon, 52.5006, junctionAt[lon.toFixed(1)] ? { highway: "motorway_junction", ...junctionAt[lon.toFixed(1)] } : undefined));
  const noRef = node(-1.35, 52.5, { highway: "motorway_junction", name: "Services" });
  // Local roundabouts below each junction, joined to both carriageways by slip roads.
  const local = lons.map((lon) => node(lon, 52.48));
  const secondary = lons.map((lon) => node(lon, 52.45));
  const trunkSouth = node(-1.8, 52.3);
  const trunkMid = node(-1.8, 52.39);
  const lake = [node(-1.65, 52.42, undefined), node(-1.6, 52.42), node(-1.6, 52.44), node(-1.65, 52.44)];
  const lonely = node(-1.95, 52.2);

  let nextWay = 500;
  const way = (nodeIds: number[], tags: Record<string, string>) => ways.push({ id: nextWay++, nodes: nodeIds, tags });
  const eastIdx = (lon: number) => lons.findIndex((l) => l.toFixed(1) === lon.toFixed(1));
  const split = eastIdx(-1.5);
  way([...eastbound.slice(0, split + 1), ...[]], { highway: "motorway", ref: "M42", name: "M42", oneway: "yes", maxspeed: "70 mph" });
  way(eastbound.slice(split, eastbound.length), { highway: "motorway", ref: "M42", oneway: "yes" });
  way([...westbound].reverse(), { highway: "motorway", ref: "M42" });
  for (const key of Object.keys(junctionAt)) {
    const i = eastIdx(Number(key));
    way([eastbound[i], local[i]], { highway: "motorway_link", oneway: "no" });
    way([westbound[i], local[i]], { highway: "motorway_link", oneway: "no" });
  }
  way(local.slice(0, 3), { highway: "residential", name: variant === 2 ? "New High Street" : "High Street" });
  way(local.slice(8), { highway: "residential", name: "Station Road" });
  way([local[0], secondary[0]], { highway: "tertiary", name: "Mill Lane" });
  way([local[10], secondary[10]], { highway: "tertiary", name: "Church Lane" });
  way([local[8], local[9]], { highway: "unclassified", name: "Station Road" });
  way(secondary, { highway: "secondary", ref: "B4100", name: "Warwick Road" });
  way([local[2], trunkMid, trunkSouth], { highway: "trunk", ref: "A38", name: "Bristol Road" });
  way([...lake, lake[0]], { natural: "water", name: "Fixture Lake" });
  way([lonely], { highway: "residential", name: "Nowhere Lane" });
  way([999_999, 999_998], { highway: "residential", name: "Clipped Lane" });
  void noRef;

  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6" generator="pawroute-tests">', '  <bounds minlat="52.2" minlon="-2.1" maxlat="52.6" maxlon="-0.9"/>'];
  for (const n of nodes.sort((a, b) => a.id - b.id)) {
    const tags = Object.entries(n.tags ?? {});
    if (tags.length === 0) lines.push(`  <node id="${n.id}" version="1" lat="${n.lat}" lon="${n.lon}"/>`);
    else {
      lines.push(`  <node id="${n.id}" version="1" lat="${n.lat}" lon="${n.lon}">`);
      for (const [k, v] of tags) lines.push(`    <tag k="${escapeHtml(k)}" v="${escapeHtml(v)}"/>`);
      lines.push("  </node>");
    }
  }
  for (const w of ways) {
    lines.push(`  <way id="${w.id}" version="1">`);
    for (const ref of w.nodes) lines.push(`    <nd ref="${ref}"/>`);
    for (const [k, v] of Object.entries(w.tags)) lines.push(`    <tag k="${escapeHtml(k)}" v="${escapeHtml(v)}"/>`);
    lines.push("  </way>");
  }
  lines.push('  <relation id="1" version="1">', '    <member type="way" ref="500" role=""/>', '    <tag k="type" v="route"/>', "  </relation>", "</osm>");
  return `${lines.join("\n")}\n`;
}

export function writeFixture(path: string, options: FixtureOptions = {}): string {
  writeFileSync(path, fixtureXml(options));
  return path;
}

/** The same extract as .osm.pbf, converted by osmium (Debian's osmium-tool; `npm test` installs it). */
export function writePbfFixture(path: string, options: FixtureOptions = {}): string {
  const xml = writeFixture(`${path}.osm`, options);
  execFileSync("osmium", ["cat", xml, "-o", path, "--overwrite"]);
  return path;
}
