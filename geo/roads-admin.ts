// Roads and junctions as the back office changes them (issue 11): one road at a time, inside the
// caller's transaction, with everything that depends on them brought up to date in that transaction:
// junction order along the road, the gazetteer entries ("M6", "M6 J15"), each nearby listing's nearest
// junction and road (as a save sets them) and the cached road counts. Tiles are drawn from these tables
// on each request. Every value is a bound parameter.
import type { SqlClient } from "../db/client";
import { FRANCE } from "./import/roads-stage";
import { attachNearestJunctions, roadPlaceRows } from "./road-links";
import type { JunctionSummary } from "./search/types";
import { live } from "./listing";

/** [lng, lat], as GeoJSON orders them. */
export type LngLat = [number, number];

export interface RoadInput {
  name: string;
  countryId: number;
  motorway: boolean;
  line: LngLat[];
}

export interface JunctionInput {
  number: string;
  /** The place the junction serves ("Stoke-on-Trent"); the nearest town when empty. */
  town: string;
  lat: number;
  lng: number;
}

export interface AdminRoadRow {
  id: number;
  name: string;
  slug: string;
  motorway: boolean;
  junctions: number;
  liveListings: number;
}

/** A junction as the back office lists it: the search's junction with its live listings. */
export interface AdminJunction extends JunctionSummary {
  listings: number;
}

export interface AdminRoad {
  id: number;
  name: string;
  slug: string;
  countryId: number;
  motorway: boolean;
  approximate: boolean;
  line: LngLat[];
  junctions: AdminJunction[];
  liveListings: number;
}

/** A junction further than this from its road's line is refused: it would be another road's. */
export const JUNCTION_MAX_OFFSET_METRES = 2_000;

export function roadIcon(countryId: number, motorway: boolean): string {
  if (countryId === FRANCE) return "autoroute-fr";
  return motorway ? "motorway-gb" : "primary-gb";
}

function expandedName(countryId: number, number: string): string {
  return `${countryId === FRANCE ? "Exit" : "Junction"} ${number}`;
}

/** "A1(M)" -> "a1m", "M6 Toll" -> "m6-toll": the importer's slug rule. */
export function roadSlugBase(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[()]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "road"
  );
}

function lineWkt(line: LngLat[]): string {
  return `SRID=4326;LINESTRING(${line.map(([lng, lat]) => `${lng} ${lat}`).join(",")})`;
}

/** One page of a country's roads, by name in natural order, with a name search. */
export async function listRoads(sql: SqlClient, options: { countryId: number; q: string; limit: number; offset: number }): Promise<{ roads: AdminRoadRow[]; total: number }> {
  const pattern = options.q ? `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await sql<(AdminRoadRow & { total: number })[]>`
    SELECT r.id, r.name, r.slug, r.motorway,
           (SELECT count(*)::int FROM junctions j WHERE j.road_id = r.id) AS junctions,
           (SELECT count(*)::int FROM listings l WHERE l.road_id = r.id AND ${live(sql)}) AS "liveListings",
           count(*) OVER ()::int AS total
    FROM roads r
    WHERE r.country_id = ${options.countryId} AND (${pattern}::text IS NULL OR r.name ILIKE ${pattern})
    ORDER BY substring(r.name from '^[^0-9]*'), nullif(substring(r.name from '[0-9]+'), '')::int NULLS FIRST, r.name, r.id
    LIMIT ${options.limit} OFFSET ${options.offset}`;
  return { roads: rows.map(({ total: _total, ...road }) => road), total: rows[0]?.total ?? 0 };
}

export async function findRoad(sql: SqlClient, id: number): Promise<AdminRoad | null> {
  const [road] = await sql<{ id: number; name: string; slug: string; country_id: number; motorway: boolean; approximate: boolean; line: string; live: number }[]>`
    SELECT r.id, r.name, r.slug, r.country_id, r.motorway, r.approximate, ST_AsGeoJSON(r.geom, 6) AS line,
           (SELECT count(*)::int FROM listings l WHERE l.road_id = r.id AND ${live(sql)}) AS live
    FROM roads r WHERE r.id = ${id}`;
  if (!road) return null;
  const junctions = await sql<AdminJunction[]>`
    SELECT j.id, j.number, j.expanded_name AS "expandedName", j.position, j.town,
           round(ST_Y(j.geom)::numeric, 6)::float8 AS lat, round(ST_X(j.geom)::numeric, 6)::float8 AS lng,
           (SELECT count(*)::int FROM listings l WHERE l.junction_id = j.id) AS listings
    FROM junctions j WHERE j.road_id = ${id} ORDER BY j.position, j.id`;
  const geometry = JSON.parse(road.line) as { coordinates: LngLat[] };
  return {
    id: road.id,
    name: road.name,
    slug: road.slug,
    countryId: road.country_id,
    motorway: road.motorway,
    approximate: road.approximate,
    line: geometry.coordinates,
    junctions,
    liveListings: road.live,
  };
}

/** True when the country already has a road of this name (other than `exceptId`), ignoring case. */
export async function roadNameTaken(sql: SqlClient, countryId: number, name: string, exceptId: number | null = null): Promise<boolean> {
  const [row] = await sql<{ taken: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM roads WHERE country_id = ${countryId} AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId}::int) AS taken`;
  return row.taken;
}

/**
 * A road's line taken from the routing graph: the edges of that name or number ("M6", "A26") within
 * the country's land, merged, the longest piece. Null when the graph has no such road there.
 */
export async function lineFromRoutingGraph(sql: SqlClient, countryId: number, ref: string): Promise<LngLat[] | null> {
  const [row] = await sql<{ line: string | null }[]>`
    WITH edges AS (
      SELECT e.geom FROM routing_edges e
      WHERE upper(e.name) = upper(${ref})
        AND EXISTS (SELECT 1 FROM land_parts p WHERE p.country_id = ${countryId} AND p.geom && e.geom AND ST_Intersects(p.geom, e.geom))
    ),
    merged AS (SELECT ST_LineMerge(ST_Collect(geom)) AS lines FROM edges)
    SELECT (SELECT ST_AsGeoJSON(d.geom, 6) FROM ST_Dump(m.lines) d ORDER BY ST_Length(d.geom::geography) DESC LIMIT 1) AS line
    FROM merged m WHERE m.lines IS NOT NULL`;
  if (!row?.line) return null;
  return (JSON.parse(row.line) as { coordinates: LngLat[] }).coordinates;
}

async function uniqueSlug(sql: SqlClient, countryId: number, name: string, exceptId: number | null): Promise<string> {
  const base = roadSlugBase(name);
  const taken = await sql<{ slug: string }[]>`
    SELECT slug FROM roads WHERE country_id = ${countryId} AND (slug = ${base} OR slug LIKE ${`${base}-%`}) AND id IS DISTINCT FROM ${exceptId}::int`;
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** What a change must look at afterwards: the road's junctions and the listings attached to them before it. */
export interface RoadSnapshot {
  roadId: number;
  countryId: number;
  junctionIds: number[];
  listingIds: number[];
}

/** Locks the road and notes its junctions and their listings, before a change. Null when there is no such road. */
export async function snapshotRoad(sql: SqlClient, roadId: number): Promise<RoadSnapshot | null> {
  const [road] = await sql<{ country_id: number }[]>`SELECT country_id FROM roads WHERE id = ${roadId} FOR UPDATE`;
  if (!road) return null;
  const junctions = await sql<{ id: number }[]>`SELECT id FROM junctions WHERE road_id = ${roadId} ORDER BY id FOR UPDATE`;
  const listings = await sql<{ id: number }[]>`SELECT id FROM listings WHERE road_id = ${roadId} OR junction_id IN (SELECT id FROM junctions WHERE road_id = ${roadId})`;
  return { roadId, countryId: road.country_id, junctionIds: junctions.map((j) => j.id), listingIds: listings.map((l) => l.id) };
}

export async function insertRoad(sql: SqlClient, input: RoadInput): Promise<number> {
  const slug = await uniqueSlug(sql, input.countryId, input.name, null);
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO roads (name, slug, description, country_id, motorway, icon, approximate, geom)
    VALUES (${input.name}, ${slug}, '', ${input.countryId}, ${input.motorway}, ${roadIcon(input.countryId, input.motorway)}, false, ${lineWkt(input.line)}::geometry)
    RETURNING id`;
  return row.id;
}

/** Renames the road and/or replaces its line (country stays). */
export async function updateRoad(sql: SqlClient, roadId: number, input: Omit<RoadInput, "countryId">): Promise<void> {
  const [road] = await sql<{ country_id: number; name: string; slug: string }[]>`SELECT country_id, name, slug FROM roads WHERE id = ${roadId}`;
  const slug = road.name === input.name ? road.slug : await uniqueSlug(sql, road.country_id, input.name, roadId);
  await sql`
    UPDATE roads SET name = ${input.name}, slug = ${slug}, motorway = ${input.motorway}, icon = ${roadIcon(road.country_id, input.motorway)},
                     approximate = false, geom = ${lineWkt(input.line)}::geometry
    WHERE id = ${roadId}`;
}

export async function deleteRoadRow(sql: SqlClient, roadId: number): Promise<void> {
  await sql`DELETE FROM roads WHERE id = ${roadId}`;
}

/** Metres from the road's line to a point. */
export async function distanceFromRoad(sql: SqlClient, roadId: number, lat: number, lng: number): Promise<number> {
  const [row] = await sql<{ metres: number }[]>`
    SELECT ST_Distance(r.geom::geography, ST_SetSRID(ST_MakePoint(${lng}::float8, ${lat}::float8), 4326)::geography) AS metres FROM roads r WHERE r.id = ${roadId}`;
  return row.metres;
}

export async function junctionNumberTaken(sql: SqlClient, roadId: number, number: string, exceptId: number | null = null): Promise<boolean> {
  const [row] = await sql<{ taken: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM junctions WHERE road_id = ${roadId} AND lower(number) = lower(${number}) AND id IS DISTINCT FROM ${exceptId}::int) AS taken`;
  return row.taken;
}

function townOrNearest(sql: SqlClient, input: JunctionInput) {
  return input.town
    ? sql`${input.town}::text`
    : sql`(SELECT p.name FROM places p WHERE p.kind IN ('city', 'town', 'village')
           ORDER BY p.location <-> ST_SetSRID(ST_MakePoint(${input.lng}::float8, ${input.lat}::float8), 4326)::geography, p.id LIMIT 1)`;
}

export async function insertJunction(sql: SqlClient, roadId: number, countryId: number, input: JunctionInput): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO junctions (road_id, number, expanded_name, position, town, geom)
    VALUES (${roadId}, ${input.number}, ${expandedName(countryId, input.number)},
            (SELECT coalesce(max(abs(position)), 0) + 1 FROM junctions WHERE road_id = ${roadId}),
            ${townOrNearest(sql, input)}, ST_SetSRID(ST_MakePoint(${input.lng}::float8, ${input.lat}::float8), 4326))
    RETURNING id`;
  return row.id;
}

export async function updateJunction(sql: SqlClient, junctionId: number, countryId: number, input: JunctionInput): Promise<void> {
  await sql`
    UPDATE junctions SET number = ${input.number}, expanded_name = ${expandedName(countryId, input.number)}, town = ${townOrNearest(sql, input)},
                         geom = ST_SetSRID(ST_MakePoint(${input.lng}::float8, ${input.lat}::float8), 4326)
    WHERE id = ${junctionId}`;
}

export async function deleteJunctionRow(sql: SqlClient, junctionId: number): Promise<void> {
  await sql`DELETE FROM junctions WHERE id = ${junctionId}`;
}

/**
 * Points the road so its junction numbers rise from its start (as the importer does), then numbers
 * its junctions 1, 2, 3 … in their order along the line.
 */
async function orderJunctions(sql: SqlClient, roadId: number): Promise<void> {
  await sql`
    UPDATE roads r SET geom = ST_Reverse(r.geom)
    FROM (
      SELECT (array_agg(n ORDER BY f, n))[1] AS first_n, (array_agg(n ORDER BY f DESC, n DESC))[1] AS last_n
      FROM (
        SELECT ST_LineLocatePoint(r.geom, j.geom) AS f, nullif(substring(j.number from '[0-9]+'), '')::int AS n
        FROM junctions j JOIN roads r ON r.id = j.road_id WHERE j.road_id = ${roadId}
      ) located WHERE n IS NOT NULL
    ) o
    WHERE r.id = ${roadId} AND o.first_n > o.last_n`;
  // (road_id, position) is unique and checked row by row: move every row out of the way first.
  await sql`UPDATE junctions SET position = -abs(position) WHERE road_id = ${roadId}`;
  await sql`
    UPDATE junctions j SET position = o.n
    FROM (
      SELECT j.id, row_number() OVER (ORDER BY ST_LineLocatePoint(r.geom, j.geom), nullif(substring(j.number from '[0-9]+'), '')::int, j.number, j.id)::int AS n
      FROM junctions j JOIN roads r ON r.id = j.road_id WHERE j.road_id = ${roadId}
    ) o
    WHERE o.id = j.id`;
}

/** The road's and its junctions' gazetteer entries, rebuilt the way the importer builds them. */
async function refreshPlaces(sql: SqlClient, roadId: number, oldJunctionIds: number[]): Promise<void> {
  await sql`
    DELETE FROM places WHERE (kind = 'road' AND ref_id = ${roadId})
      OR (kind = 'junction' AND (ref_id = ANY(${oldJunctionIds}::int[]) OR ref_id IN (SELECT id FROM junctions WHERE road_id = ${roadId})))`;
  await sql.unsafe(`INSERT INTO places (kind, ref_id, name, search_name, population, country_id, admin1, admin2, location) ${roadPlaceRows("r.id = $1")}`, [roadId]);
}

/**
 * After a change to one road (or its removal), in the same transaction: junction order, gazetteer
 * entries, listings' nearest junction and road, and the road-count cache. Returns the listings moved.
 */
export async function refreshAfterRoadChange(sql: SqlClient, before: Pick<RoadSnapshot, "roadId" | "junctionIds" | "listingIds">): Promise<{ listingsMoved: number }> {
  await orderJunctions(sql, before.roadId);
  await refreshPlaces(sql, before.roadId, before.junctionIds);
  const listingsMoved = await attachNearestJunctions(sql, { roadId: before.roadId, listingIds: before.listingIds });
  // Road counts per filter set are cached; the road's set of listings (or the roads themselves) changed.
  await sql`DELETE FROM road_count_cache`;
  return { listingsMoved };
}
