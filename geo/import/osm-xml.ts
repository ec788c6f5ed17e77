import { spawn } from "node:child_process";
import { createReadStream, statSync } from "node:fs";
import type { Readable } from "node:stream";
import { watchChildMemory, noteChildPeakKb } from "./memory";

/** Tags of one OSM element. */
export type OsmTags = Record<string, string>;

export interface OsmHandlers {
  node(id: number, lon: number, lat: number, tags: OsmTags | null): void;
  way(id: number, refs: number[], tags: OsmTags): void;
  /** Relations with their members, when a reader wants them (multipolygon areas); skipped otherwise. */
  relation?(id: number, members: OsmMember[], tags: OsmTags): void;
  /** Bytes of XML read so far (for progress). */
  progress?(bytes: number): void;
}

/** One member of a relation: `role` is "outer" or "inner" for a multipolygon's ways. */
export interface OsmMember {
  type: "node" | "way" | "relation";
  ref: number;
  role: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeXml(value: string): string {
  if (!value.includes("&")) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (all, entity: string) => {
    if (entity.startsWith("#x")) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? all;
  });
}

const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) out[m[1]] = unescapeXml(m[2] ?? m[3] ?? "");
  return out;
}

/**
 * A streaming reader of OSM XML (what osmium writes with `-f osm`, and what the JOSM and Overpass
 * exports look like): nodes with their tags, ways with their node references and tags, and relations
 * with their members when `handlers.relation` is given (skipped otherwise). Memory stays flat: the text is read in chunks and only the current element is kept.
 */
export async function readOsmXml(input: Readable, handlers: OsmHandlers): Promise<void> {
  input.setEncoding("utf8");
  let buffer = "";
  let bytes = 0;
  let element: "node" | "way" | "relation" | "other" | null = null;
  let id = 0;
  let lon = 0;
  let lat = 0;
  let tags: OsmTags | null = null;
  let refs: number[] = [];
  let members: OsmMember[] = [];

  const handle = (text: string) => {
    const first = text.charCodeAt(0);
    if (first === 47 /* / */) {
      const name = text.slice(1).trim();
      if (name === "node" && element === "node") handlers.node(id, lon, lat, tags);
      else if (name === "way" && element === "way") handlers.way(id, refs, tags ?? {});
      else if (name === "relation" && element === "relation") handlers.relation?.(id, members, tags ?? {});
      if (name === "node" || name === "way" || name === "relation") element = null;
      return;
    }
    if (first === 63 /* ? */ || first === 33 /* ! */) return;
    const selfClosing = text.charCodeAt(text.length - 1) === 47;
    const space = text.search(/[\s/]/);
    const name = space === -1 ? text : text.slice(0, space);
    if (name === "nd") {
      if (element === "way") {
        const m = /ref\s*=\s*["'](-?\d+)["']/.exec(text);
        if (m) refs.push(Number(m[1]));
      }
    } else if (name === "member") {
      if (element === "relation") {
        const a = attributes(text);
        if (a.type === "node" || a.type === "way" || a.type === "relation") members.push({ type: a.type, ref: Number(a.ref), role: a.role ?? "" });
      }
    } else if (name === "tag") {
      if (element === "node" || element === "way" || element === "relation") {
        const a = attributes(text);
        if (a.k !== undefined) (tags ??= {})[a.k] = a.v ?? "";
      }
    } else if (name === "node") {
      const a = attributes(text);
      id = Number(a.id);
      lon = Number(a.lon);
      lat = Number(a.lat);
      tags = null;
      if (selfClosing) handlers.node(id, lon, lat, null);
      else element = "node";
    } else if (name === "way") {
      const a = attributes(text);
      id = Number(a.id);
      tags = null;
      refs = [];
      if (selfClosing) handlers.way(id, [], {});
      else element = "way";
    } else if (name === "relation") {
      if (selfClosing) return;
      if (handlers.relation) {
        id = Number(attributes(text).id);
        tags = null;
        members = [];
        element = "relation";
      } else element = "other";
    }
  };

  for await (const chunk of input as AsyncIterable<string>) {
    bytes += Buffer.byteLength(chunk);
    buffer += chunk;
    let pos = 0;
    for (;;) {
      const open = buffer.indexOf("<", pos);
      if (open === -1) {
        pos = buffer.length;
        break;
      }
      if (buffer.startsWith("<!--", open)) {
        const close = buffer.indexOf("-->", open);
        if (close === -1) {
          pos = open;
          break;
        }
        pos = close + 3;
        continue;
      }
      const close = buffer.indexOf(">", open);
      if (close === -1) {
        pos = open;
        break;
      }
      handle(buffer.slice(open + 1, close));
      pos = close + 1;
    }
    buffer = buffer.slice(pos);
    handlers.progress?.(bytes);
  }
}

/** The OSM tags the importer reads: roads, ferries and car shuttle trains, motorway junctions and water (what osmium keeps of a .pbf). */
export const OSM_FILTER = ["w/highway", "w/route=ferry,shuttle_train", "n/highway=motorway_junction", "w/natural=water", "w/landuse=reservoir", "w/waterway=riverbank"];

export function isPbf(path: string): boolean {
  return path.toLowerCase().endsWith(".pbf");
}

/**
 * The XML text of an extract: a .osm file is read as it is; a .osm.pbf goes through
 * `osmium tags-filter` (Debian's osmium-tool), which keeps what `filter` names (by default the roads,
 * junctions and water) and the nodes they use, and writes them as XML to its standard output; its
 * peak memory goes into the importer's (memory.ts).
 */
export function openOsm(path: string, filter: readonly string[] = OSM_FILTER): { stream: Readable; totalBytes?: number; finished: Promise<void> } {
  if (!isPbf(path)) {
    return { stream: createReadStream(path, { highWaterMark: 1 << 20 }), totalBytes: statSync(path).size, finished: Promise.resolve() };
  }
  // -v: osmium reports its own peak memory as it ends, which a small extract's osmium may exit too soon to be read for.
  const child = spawn("osmium", ["tags-filter", path, ...filter, "-f", "osm", "-o", "-", "--no-progress", "-v"], { stdio: ["ignore", "pipe", "pipe"] });
  watchChildMemory(child, "osmium");
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const finished = new Promise<void>((resolve, reject) => {
    child.on("error", (error) => reject(new Error(`Could not run osmium (apt-get install osmium-tool): ${error.message}`)));
    child.on("close", (code) => {
      const peak = /Peak memory used: (\d+) MBytes/.exec(stderr);
      if (peak) noteChildPeakKb("osmium", Number(peak[1]) * 1024);
      // The verbose progress lines start "[ 0:00]"; what is left is what osmium had to say about a failure.
      const errors = stderr.split("\n").filter((line) => line.trim() && !line.startsWith("[")).join("\n");
      if (code === 0) resolve();
      else reject(new Error(`osmium failed: ${errors.trim() || `exit code ${code}`}`));
    });
  });
  return { stream: child.stdout, finished };
}
