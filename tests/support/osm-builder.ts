import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { escapeHtml } from "../../kit/html";

/**
 * Hand-made OpenStreetMap extracts for tests: nodes, ways and relations with tags, written as OSM XML (nodes
 * first, by id, as osmium writes them) and, when asked, converted to .osm.pbf by osmium.
 */
export interface OsmNode {
  id: number;
  lon: number;
  lat: number;
  tags?: Record<string, string>;
}

export interface OsmWay {
  id: number;
  nodes: number[];
  tags: Record<string, string>;
}

export interface OsmRelation {
  id: number;
  members: { type: "node" | "way"; ref: number; role: string }[];
  tags: Record<string, string>;
}

export class OsmBuilder {
  readonly nodes: OsmNode[] = [];
  readonly ways: OsmWay[] = [];
  readonly relations: OsmRelation[] = [];
  private nextNode: number;
  private nextWay: number;

  constructor(firstId = 1_000) {
    this.nextNode = firstId;
    this.nextWay = firstId;
  }

  node(lon: number, lat: number, tags?: Record<string, string>, id = this.nextNode++): number {
    this.nodes.push({ id, lon, lat, tags });
    return id;
  }

  way(nodes: number[], tags: Record<string, string>, id = this.nextWay++): number {
    this.ways.push({ id, nodes, tags });
    return id;
  }

  relation(members: OsmRelation["members"], tags: Record<string, string>, id: number): number {
    this.relations.push({ id, members, tags });
    return id;
  }

  /** A line of nodes from (lon0, lat0) to (lon1, lat1) in `steps` pieces; `tagsAt` tags some of them. */
  line(lon0: number, lat0: number, lon1: number, lat1: number, steps: number, tagsAt: (i: number) => Record<string, string> | undefined = () => undefined): number[] {
    return Array.from({ length: steps + 1 }, (_, i) => this.node(Math.round((lon0 + ((lon1 - lon0) * i) / steps) * 1e7) / 1e7, Math.round((lat0 + ((lat1 - lat0) * i) / steps) * 1e7) / 1e7, tagsAt(i)));
  }

  xml(): string {
    const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6" generator="pawroute-tests">'];
    const tagLines = (tags: Record<string, string>) => Object.entries(tags).map(([k, v]) => `    <tag k="${escapeHtml(k)}" v="${escapeHtml(v)}"/>`);
    for (const n of [...this.nodes].sort((a, b) => a.id - b.id)) {
      const tags = n.tags ?? {};
      if (Object.keys(tags).length === 0) lines.push(`  <node id="${n.id}" version="1" lat="${n.lat}" lon="${n.lon}"/>`);
      else lines.push(`  <node id="${n.id}" version="1" lat="${n.lat}" lon="${n.lon}">`, ...tagLines(tags), "  </node>");
    }
    for (const w of [...this.ways].sort((a, b) => a.id - b.id)) {
      lines.push(`  <way id="${w.id}" version="1">`, ...w.nodes.map((ref) => `    <nd ref="${ref}"/>`), ...tagLines(w.tags), "  </way>");
    }
    for (const r of [...this.relations].sort((a, b) => a.id - b.id)) {
      lines.push(`  <relation id="${r.id}" version="1">`, ...r.members.map((m) => `    <member type="${m.type}" ref="${m.ref}" role="${escapeHtml(m.role)}"/>`), ...tagLines(r.tags), "  </relation>");
    }
    lines.push("</osm>");
    return `${lines.join("\n")}\n`;
  }

  write(path: string): string {
    writeFileSync(path, this.xml());
    return path;
  }

  /** The same extract as .osm.pbf (osmium-tool). */
  writePbf(path: string): string {
    const xml = this.write(`${path}.osm`);
    execFileSync("osmium", ["cat", xml, "-o", path, "--overwrite"]);
    return path;
  }
}
