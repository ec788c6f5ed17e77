import type { Pool } from "../../db/client";
import { copyRows } from "../../db/seed/copy";
import { createListingStage, LISTING_STAGE_COLUMNS, listingSlug, WALK_TYPE_IDS } from "./listings";
import { openOsm, readOsmXml, type OsmMember, type OsmTags } from "./osm-xml";
import { addressOf, describeFromTags, dogsRefused, facilitySlugsFromTags, poiKind, POI_FILTER, postcodeOf, townOf, type PoiKind } from "./osm-tags";
import type { Progress } from "./progress";
import type { Rejections } from "./report";
import { FRANCE } from "./roads-stage";
import { staged } from "./stage";

/** The source of OSM points of interest: listings' source ids are "osm:node:123", "osm:way:456" and "osm:relation:789". */
export const POI_SOURCE = "osm";

/** Farther than this from every town and village of the gazetteer, a point of interest has no address to give it. */
const TOWN_RADIUS_METRES = 30_000;

interface Poi {
  sourceId: string;
  where: string;
  kind: PoiKind;
  tags: OsmTags;
  lon: number;
  lat: number;
}

/** A closed way's middle: the area-weighted centroid of its ring, or the mean of its nodes for a line or a degenerate ring. */
function middle(points: [number, number][]): [number, number] {
  const ring = points.length > 3 && points[0][0] === points[points.length - 1][0] && points[0][1] === points[points.length - 1][1];
  if (ring) {
    let area = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < points.length - 1; i++) {
      const [x0, y0] = points[i];
      const [x1, y1] = points[i + 1];
      const cross = x0 * y1 - x1 * y0;
      area += cross;
      cx += (x0 + x1) * cross;
      cy += (y0 + y1) * cross;
    }
    if (Math.abs(area) > 1e-14) return [cx / (3 * area), cy / (3 * area)];
  }
  const n = points.length;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}

/** A multipolygon relation's point of interest, before PostGIS finds a point inside its area: the lines of its member ways. */
interface PoiArea {
  poi: Omit<Poi, "lon" | "lat">;
  lines: [number, number][][];
}

/**
 * Reads the points of interest of an extract: tagged nodes, ways (parks, beaches, campsites) at their
 * middle, and multipolygon relations (a park with a lake in it, a beach of several ways) with the lines of
 * their member ways, for pointsInAreas.
 */
async function readPois(path: string, progress: Progress, rejected: Rejections): Promise<{ pois: Poi[]; areas: PoiArea[]; features: number }> {
  const nodes = new Map<number, [number, number]>();
  // Every way's nodes: a multipolygon's member ways (usually untagged) come before the relation.
  const ways = new Map<number, number[]>();
  const pois: Poi[] = [];
  const areas: PoiArea[] = [];
  let features = 0;
  const accept = (type: "node" | "way" | "relation", id: number, tags: OsmTags): Omit<Poi, "lon" | "lat"> | null => {
    const kind = poiKind(tags);
    if (!kind) return null;
    const where = `${type} ${id}`;
    const name = (tags.name ?? "").trim();
    const refuse = (reason: string) => {
      rejected.add(where, id, reason);
      return null;
    };
    if (!name) return refuse(`${kind.label.toLowerCase()} without a name`);
    if (name.length > 120) return refuse("name longer than 120 characters");
    if (dogsRefused(tags)) return refuse(`dog=${tags.dog}: dogs are not welcome`);
    return { sourceId: `${POI_SOURCE}:${type}:${id}`, where, kind, tags };
  };
  const take = (type: "node" | "way", id: number, tags: OsmTags, at: () => [number, number] | null) => {
    const poi = accept(type, id, tags);
    if (!poi) return;
    const point = at();
    if (!point) return rejected.add(poi.where, id, "nodes missing from the extract");
    pois.push({ ...poi, lon: point[0], lat: point[1] });
  };
  const { stream, totalBytes, finished } = openOsm(path, POI_FILTER);
  progress.phase("Reading points of interest", totalBytes, "features");
  await readOsmXml(stream, {
    node(id, lon, lat, tags) {
      features++;
      if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) return;
      nodes.set(id, [lon, lat]);
      if (tags) take("node", id, tags, () => [lon, lat]);
    },
    way(id, refs, tags) {
      features++;
      ways.set(id, refs);
      take("way", id, tags, () => {
        const points = refs.map((ref) => nodes.get(ref));
        return points.length > 0 && points.every((p) => p !== undefined) ? middle(points as [number, number][]) : null;
      });
    },
    relation(id, members: OsmMember[], tags) {
      features++;
      // Only areas: a multipolygon's outer and inner ways. Other relations (routes, sites) have no one place.
      if (tags.type !== "multipolygon") return;
      const poi = accept("relation", id, tags);
      if (!poi) return;
      const lines: [number, number][][] = [];
      for (const member of members) {
        if (member.type !== "way") continue;
        const points = (ways.get(member.ref) ?? []).map((ref) => nodes.get(ref));
        if (points.length < 2 || points.some((p) => p === undefined)) return rejected.add(poi.where, id, "member ways or their nodes missing from the extract");
        lines.push(points as [number, number][]);
      }
      if (lines.length === 0) return rejected.add(poi.where, id, "a multipolygon without ways");
      areas.push({ poi, lines });
    },
    progress(bytes) {
      progress.update(bytes, features);
    },
  });
  await finished;
  progress.end();
  return { pois, areas, features };
}

/**
 * A point inside each multipolygon (PostGIS: the area its member ways enclose, holes and all, then
 * ST_PointOnSurface, so a park round a lake is not placed in the water). Areas whose ways do not close
 * go to the report.
 */
async function pointsInAreas(sql: Pool, areas: PoiArea[], rejected: Rejections): Promise<Poi[]> {
  const found: Poi[] = [];
  for (let start = 0; start < areas.length; start += 1_000) {
    const chunk = areas.slice(start, start + 1_000);
    const wkt = chunk.map((a) => `MULTILINESTRING(${a.lines.map((line) => `(${line.map(([x, y]) => `${x} ${y}`).join(",")})`).join(",")})`);
    const rows = await sql<{ i: number; lng: number | null; lat: number | null }[]>`
      SELECT i::int, ST_X(p) AS lng, ST_Y(p) AS lat
      FROM unnest(${wkt}::text[]) WITH ORDINALITY AS w(lines, i)
      CROSS JOIN LATERAL (SELECT ST_BuildArea(ST_GeomFromText(w.lines, 4326)) AS area) a
      CROSS JOIN LATERAL (SELECT CASE WHEN a.area IS NULL OR ST_IsEmpty(a.area) THEN NULL ELSE ST_PointOnSurface(a.area) END AS p) q
      ORDER BY i`;
    for (const row of rows) {
      const { poi } = chunk[row.i - 1];
      if (row.lng === null || row.lat === null) rejected.add(poi.where, poi.sourceId.slice(poi.sourceId.lastIndexOf(":") + 1), "its ways do not close into an area");
      else found.push({ ...poi, lon: row.lng, lat: row.lat });
    }
  }
  return found;
}

/**
 * OpenStreetMap points of interest (cafés, pubs, bars, hotels, guest houses, campsites, pet shops,
 * groomers, kennels, parks, dog parks, vets, beaches) from a .osm or .osm.pbf extract (nodes, closed ways
 * at their middle, multipolygon relations at a point inside their area), as listings of
 * the matching type keyed by OSM id, in the country given: address from addr:* tags or else the nearest
 * town of the gazetteer, description and facilities from the tags (osm-tags.ts). Unnamed places, dog=no
 * and points in the other country or far from any town go to the report.
 */
export async function stagePois(sql: Pool, path: string, country: number, progress: Progress, rejected: Rejections): Promise<number> {
  const read = await readPois(path, progress, rejected);
  const { features } = read;
  const pois = [...read.pois, ...(await pointsInAreas(sql, read.areas, rejected))];
  progress.line(`Placing ${pois.length.toLocaleString("en-GB")} points of interest (nearest town, country)`);
  const P = staged("poi_points");
  await sql.unsafe(`CREATE UNLOGGED TABLE ${P} (source_id text PRIMARY KEY, location geography(Point, 4326))`);
  await copyRows(sql, P, ["source_id", "location"], pois.map((p) => [p.sourceId, `SRID=4326;POINT(${p.lon} ${p.lat})`]));
  const near = await sql.unsafe<{ source_id: string; town: string | null; county: string | null; country_id: number | null }[]>(`
    SELECT s.source_id, t.name AS town, t.admin2 AS county, t.country_id
    FROM ${P} s
    LEFT JOIN LATERAL (
      SELECT p.name, p.admin2, p.country_id FROM places p
      WHERE p.kind IN ('city', 'town', 'village') AND ST_DWithin(p.location, s.location, ${TOWN_RADIUS_METRES})
      ORDER BY p.location <-> s.location, p.id LIMIT 1
    ) t ON true`);
  const nearest = new Map(near.map((row) => [row.source_id, row]));
  const facilities = new Map((await sql<{ id: number; slug: string }[]>`SELECT id, slug FROM facilities`).map((f) => [f.slug, f.id]));

  await createListingStage(sql, { source: POI_SOURCE, country });
  const rows = [];
  for (const poi of pois) {
    const town = nearest.get(poi.sourceId);
    if (town?.country_id !== undefined && town.country_id !== null && town.country_id !== country) {
      rejected.add(poi.where, poi.sourceId, `in ${town.country_id === FRANCE ? "France" : "the United Kingdom"} (import it with that --country)`);
      continue;
    }
    const townName = (townOf(poi.tags) || town?.town || "").slice(0, 80);
    const address = (addressOf(poi.tags) || townName).slice(0, 200);
    if (!address) {
      rejected.add(poi.where, poi.sourceId, `no addr:* tags and no town within ${TOWN_RADIUS_METRES / 1000} km`);
      continue;
    }
    const postcode = postcodeOf(poi.tags);
    const name = poi.tags.name.trim();
    const typeId = WALK_TYPE_IDS[poi.kind.walkType];
    const facilityIds = [...new Set(facilitySlugsFromTags(poi.tags, poi.kind).map((slug) => facilities.get(slug)).filter((id) => id !== undefined))].sort((a, b) => a - b);
    rows.push([
      poi.sourceId,
      listingSlug(townName ? `${name} ${townName}` : name),
      typeId,
      poi.kind.walkType,
      name,
      townName ? `${name}, ${townName}` : name,
      describeFromTags(poi.tags, poi.kind.label, townName),
      address,
      townName,
      (town?.county ?? "").slice(0, 80),
      postcode.length <= 12 ? postcode : "",
      country,
      facilityIds,
      typeId === 2,
      typeId === 3,
      true,
      2,
      0,
      `SRID=4326;POINT(${poi.lon} ${poi.lat})`,
    ]);
  }
  await copyRows(sql, staged("listings"), [...LISTING_STAGE_COLUMNS], rows);
  return features;
}
