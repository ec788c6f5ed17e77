import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readOsmXml, type OsmTags } from "../../geo/import/osm-xml";
import { createProgress } from "../../geo/import/progress";
import { Rejections } from "../../geo/import/report";

describe("the OSM XML reader", () => {
  it("reads nodes, ways and tags across chunk boundaries, with entities, comments and relations skipped", async () => {
    const xml = `<?xml version="1.0"?><osm><!-- a <comment> --><node id="1" lat="52.5" lon="-1.5"/><node id='2' lat='52.6' lon='-1.4'>
      <tag k="highway" v="motorway_junction"/><tag k="name" v="Fish &amp; Chips &#233;"/></node>
      <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="motorway"/><tag k="ref" v="M6"/></way>
      <relation id="5"><member type="way" ref="10" role=""/><tag k="type" v="route"/></relation></osm>`;
    // Three-character chunks: every element is split somewhere.
    const chunks = xml.match(/[\s\S]{1,3}/g) ?? [];
    const nodes: [number, number, number, OsmTags | null][] = [];
    const ways: [number, number[], OsmTags][] = [];
    await readOsmXml(Readable.from(chunks), { node: (...n) => nodes.push(n), way: (...w) => ways.push(w) });
    expect(nodes).toEqual([
      [1, -1.5, 52.5, null],
      [2, -1.4, 52.6, { highway: "motorway_junction", name: "Fish & Chips é" }],
    ]);
    expect(ways).toEqual([[10, [1, 2], { highway: "motorway", ref: "M6" }]]);
  });

  it("reads relations with their members and tags when asked, and their tags never reach the way before them", async () => {
    const xml = `<osm><way id="10"><nd ref="1"/><nd ref="2"/></way><relation id="5" version="1">
      <member type="way" ref="10" role="outer"/><member type="way" ref="11" role="inner"/><member type="node" ref="3" role="label"/>
      <tag k="type" v="multipolygon"/><tag k="leisure" v="park"/><tag k="name" v="Parc &amp; Lac"/></relation><relation id="6"/></osm>`;
    const chunks = xml.match(/[\s\S]{1,4}/g) ?? [];
    const ways: [number, number[], OsmTags][] = [];
    const relations: unknown[] = [];
    await readOsmXml(Readable.from(chunks), { node: () => undefined, way: (...w) => ways.push(w), relation: (...r) => relations.push(r) });
    expect(ways).toEqual([[10, [1, 2], {}]]);
    expect(relations).toEqual([
      [
        5,
        [
          { type: "way", ref: 10, role: "outer" },
          { type: "way", ref: 11, role: "inner" },
          { type: "node", ref: 3, role: "label" },
        ],
        { type: "multipolygon", leisure: "park", name: "Parc & Lac" },
      ],
    ]);
  });
});

describe("progress and the rejection report", () => {
  it("writes plain lines with the count and rate when not on a terminal", () => {
    const lines: string[] = [];
    const progress = createProgress({ tty: false, write: (line) => lines.push(line) });
    progress.phase("Reading", 100, "rows");
    progress.update(100, 1234);
    progress.end();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ {2}Reading: 1,234 rows in \d+\.\d s \([\d,]+\/s\)$/);
  });

  it("writes rejected rows as CSV, quoting what needs it, and removes a stale report when none are rejected", () => {
    const dir = mkdtempSync(join(tmpdir(), "pawroute-report-"));
    try {
      const path = join(dir, "r.csv");
      const rejected = new Rejections();
      rejected.add("line 2", "A1", 'title: Please enter a brief, but "descriptive" title');
      expect(rejected.write(path)).toBe(path);
      expect(readFileSync(path, "utf8")).toBe('where,id,reason\nline 2,A1,"title: Please enter a brief, but ""descriptive"" title"\n');
      expect(new Rejections().write(path)).toBeNull();
      expect(() => readFileSync(path)).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
