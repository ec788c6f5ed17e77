import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import type { TileAddress, TileLayer } from "./address";
import { live } from "../listing";

export interface TileRow {
  mvt: Buffer | null;
}

/** MVT tile units: 4096 a side, 64 units of buffer so symbols at a tile's edge are not cut. */
export const EXTENT = 4096;
export const BUFFER = 64;
const MARGIN = BUFFER / EXTENT;
const WEB_MERCATOR_WORLD_METRES = 40_075_016.686;

/** Junctions are drawn from this zoom. */
export const JUNCTIONS_MIN_ZOOM = 8;

/** Half a screen pixel (a tile drawn 512 px wide) in metres: what simplifying may remove unseen. */
export function simplifyToleranceMetres(z: number): number {
  return WEB_MERCATOR_WORLD_METRES / (512 * 2 ** z) / 2;
}

/**
 * The statement that encodes one layer of one tile. Every layer filters with the tile envelope
 * transformed to EPSG:4326 (`&&`), so the GiST index of the stored geometry (or of `location::geometry`)
 * is used, then transforms only the rows it keeps.
 */
export function layerQuery(sql: SqlClient, tile: TileAddress): PendingQuery<TileRow[]> {
  const queries: Record<TileLayer, (sql: SqlClient, tile: TileAddress) => PendingQuery<TileRow[]>> = {
    listings: listingsQuery,
    roads: roadsQuery,
    junctions: junctionsQuery,
    places: placesQuery,
    land: landQuery,
    water: waterQuery,
    "major-roads": majorRoadsQuery,
  };
  return queries[tile.layer](sql, tile);
}

/**
 * The tile in EPSG:3857 (for ST_AsMVTGeom) and, with the buffer, in EPSG:4326 (for the index). The
 * buffered envelope is clipped to the world first: past 180° longitude it would wrap to the far side.
 */
function boundsSql(sql: SqlClient, { z, x, y }: TileAddress): PendingQuery<Row[]> {
  return sql`
    bounds AS (
      SELECT ST_TileEnvelope(${z}, ${x}, ${y}) AS tile,
             ST_Transform(ST_ClipByBox2D(ST_TileEnvelope(${z}, ${x}, ${y}, margin => ${MARGIN}::float8), ST_TileEnvelope(0, 0, 0)), 4326) AS search
    )`;
}

/**
 * Live listings, at most listingsPerTile(z) of them, the most popular first. Each popularity band has
 * its own partial GiST index (migrations/0005: listings_tile_band_*); the bands are read in turn, most
 * popular first, and reading stops at the cap, so a dense tile reads about as many rows as it shows
 * and a sparse one shows everything. The same tile always shows the same listings.
 */
function listingsQuery(sql: SqlClient, tile: TileAddress): PendingQuery<TileRow[]> {
  const bands = listingBandsSql(sql).map((band) => sql`
    SELECT l.id, l.type_id, l.walk_type, l.title, l.slug, l.free, l.location
    FROM listings l, bounds b
    WHERE ${live(sql)} AND l.location::geometry && b.search AND ${band}`);
  const inTurn = bands.reduce((union, band) => sql`${union} UNION ALL ${band}`);
  return sql<TileRow[]>`
    WITH ${boundsSql(sql, tile)},
    shown AS (
      SELECT * FROM (${inTurn}) l
      LIMIT ${listingsPerTile(tile.z)}
    )
    SELECT ST_AsMVT(t, 'listings', ${EXTENT}, 'geom', 'fid') AS mvt
    FROM (
      SELECT s.id AS fid, s.id, s.type_id, s.walk_type, s.title, listing_url(s.walk_type, s.slug) AS url, s.free,
             ST_AsMVTGeom(ST_Transform(s.location::geometry, 3857), b.tile, ${EXTENT}, ${BUFFER}, true) AS geom
      FROM shown s, bounds b
    ) t`;
}

/**
 * Popularity bands (0-999, most listings low), most popular first. Literal numbers, so the planner
 * matches each band's partial index; the migration's index predicates must stay the same.
 */
function listingBandsSql(sql: SqlClient): PendingQuery<Row[]>[] {
  return [
    sql`l.popularity >= 980`,
    sql`l.popularity >= 900 AND l.popularity < 980`,
    sql`l.popularity >= 700 AND l.popularity < 900`,
    sql`l.popularity >= 400 AND l.popularity < 700`,
    sql`l.popularity >= 150 AND l.popularity < 400`,
    sql`l.popularity >= 30 AND l.popularity < 150`,
    sql`l.popularity < 30`,
  ];
}

/** At most this many listings in one tile: zoomed out, a tile shows only its most popular listings. */
export function listingsPerTile(z: number): number {
  if (z <= 6) return 500;
  if (z <= 8) return 750;
  if (z <= 10) return 1_000;
  return 2_000;
}

function roadsQuery(sql: SqlClient, tile: TileAddress): PendingQuery<TileRow[]> {
  return sql<TileRow[]>`
    WITH ${boundsSql(sql, tile)}
    SELECT ST_AsMVT(t, 'roads', ${EXTENT}, 'geom', 'fid') AS mvt
    FROM (
      SELECT r.id AS fid, r.name, r.slug, co.slug AS country, r.motorway,
             ST_AsMVTGeom(
               ST_Simplify(ST_Transform(ST_ClipByBox2D(r.geom, b.search), 3857), ${simplifyToleranceMetres(tile.z)}::float8),
               b.tile, ${EXTENT}, ${BUFFER}, true) AS geom
      FROM roads r
      JOIN countries co ON co.id = r.country_id
      CROSS JOIN bounds b
      WHERE r.geom && b.search
    ) t`;
}

function junctionsQuery(sql: SqlClient, tile: TileAddress): PendingQuery<TileRow[]> {
  const shown = tile.z >= JUNCTIONS_MIN_ZOOM ? sql`` : sql`AND false`;
  return sql<TileRow[]>`
    WITH ${boundsSql(sql, tile)}
    SELECT ST_AsMVT(t, 'junctions', ${EXTENT}, 'geom', 'fid') AS mvt
    FROM (
      SELECT j.id AS fid, r.name AS road, j.number, r.name || ' ' || j.expanded_name AS name,
             ST_AsMVTGeom(ST_Transform(j.geom, 3857), b.tile, ${EXTENT}, ${BUFFER}, true) AS geom
      FROM junctions j
      JOIN roads r ON r.id = j.road_id
      CROSS JOIN bounds b
      WHERE j.geom && b.search ${shown}
    ) t`;
}

/** Towns and cities, the smaller ones as the map zooms in (index places_tile_geom). */
function placesQuery(sql: SqlClient, tile: TileAddress): PendingQuery<TileRow[]> {
  return sql<TileRow[]>`
    WITH ${boundsSql(sql, tile)}
    SELECT ST_AsMVT(t, 'places', ${EXTENT}, 'geom', 'fid') AS mvt
    FROM (
      SELECT p.id AS fid, p.name, p.kind, p.population,
             ST_AsMVTGeom(ST_Transform(p.location::geometry, 3857), b.tile, ${EXTENT}, ${BUFFER}, true) AS geom
      FROM places p, bounds b
      WHERE p.kind IN ('city', 'town', 'village') AND p.location::geometry && b.search ${placeBandSql(sql, tile.z)}
      ORDER BY p.population DESC, p.id
    ) t`;
}

function placeBandSql(sql: SqlClient, z: number): PendingQuery<Row[]> {
  if (z <= 4) return sql`AND p.kind = 'city' AND p.population >= 500000`;
  if (z <= 7) return sql`AND p.kind = 'city'`;
  if (z <= 10) return sql`AND (p.kind = 'city' OR p.population >= 10000)`;
  return sql``;
}

/** From this zoom land comes from the small pieces of land_parts; below it, from the whole outlines. */
export const LAND_PARTS_MIN_ZOOM = 7;

/**
 * GB and French land for the self-hosted base map, clipped to the tile and simplified for the zoom.
 * Zoomed in: the pieces of land_parts in the tile (GiST index land_parts_geom), clipped, merged per
 * country on a grid finer than a pixel (GEOS snap-rounding, robust where the pieces meet), simplified.
 * Zoomed out, a tile spans hundreds of pieces and merging them costs more than simplifying the two
 * whole outlines of table land (a few thousand points each) and clipping those.
 */
function landQuery(sql: SqlClient, tile: TileAddress): PendingQuery<TileRow[]> {
  const toleranceMetres = simplifyToleranceMetres(tile.z);
  const fromParts = tile.z >= LAND_PARTS_MIN_ZOOM;
  const shape = fromParts
    ? sql`ST_Simplify(ST_Transform(ST_Union(ST_ClipByBox2D(l.geom, b.search), ${metresToDegrees(toleranceMetres) / 2}::float8), 3857), ${toleranceMetres}::float8)`
    : sql`ST_Transform(ST_ClipByBox2D(ST_Simplify(l.geom, ${metresToDegrees(toleranceMetres)}::float8), b.search), 3857)`;
  return sql<TileRow[]>`
    WITH ${boundsSql(sql, tile)}
    SELECT ST_AsMVT(t, 'land', ${EXTENT}, 'geom') AS mvt
    FROM (
      SELECT co.slug AS country, ST_AsMVTGeom(${shape}, b.tile, ${EXTENT}, ${BUFFER}, true) AS geom
      FROM ${fromParts ? sql`land_parts` : sql`land`} l
      JOIN countries co ON co.id = l.country_id
      CROSS JOIN bounds b
      WHERE l.geom && b.search
      ${fromParts ? sql`GROUP BY co.slug, b.tile` : sql``}
    ) t`;
}

/** Degrees of latitude for a distance: tolerances for EPSG:4326 geometry (longitude is only finer). */
function metresToDegrees(metres: number): number {
  return metres / 111_320;
}

/** The basemap's water: lakes, reservoirs and riverbanks of an imported OpenStreetMap extract (none in the demo). */
function waterQuery(sql: SqlClient, tile: TileAddress): PendingQuery<TileRow[]> {
  const toleranceMetres = simplifyToleranceMetres(tile.z);
  return sql<TileRow[]>`
    WITH ${boundsSql(sql, tile)}
    SELECT ST_AsMVT(t, 'water', ${EXTENT}, 'geom', 'fid') AS mvt
    FROM (
      SELECT w.id AS fid, w.kind, w.name,
             ST_AsMVTGeom(ST_Simplify(ST_Transform(ST_ClipByBox2D(w.geom, b.search), 3857), ${toleranceMetres}::float8), b.tile, ${EXTENT}, ${BUFFER}, true) AS geom
      FROM basemap_water w CROSS JOIN bounds b
      WHERE w.geom && b.search AND ST_Area(ST_Transform(ST_Envelope(w.geom), 3857)) > ${(toleranceMetres * 4) ** 2}::float8
    ) t WHERE t.geom IS NOT NULL`;
}

/** Road classes of the basemap's major roads, the smaller ones as the map zooms in. */
export function majorRoadClasses(z: number): string[] {
  if (z <= 6) return ["motorway", "autoroute", "trunk"];
  if (z <= 9) return ["motorway", "autoroute", "trunk", "primary"];
  return ["motorway", "autoroute", "trunk", "primary", "secondary"];
}

/**
 * The basemap's major roads from an imported routing graph (partial index routing_edges_basemap_geom).
 * The demo's graph is straight town-to-town lines, so the layer is empty until an OSM import has run
 * (demo_meta 'osm-import').
 */
function majorRoadsQuery(sql: SqlClient, tile: TileAddress): PendingQuery<TileRow[]> {
  const classes = majorRoadClasses(tile.z);
  return sql<TileRow[]>`
    WITH ${boundsSql(sql, tile)}
    SELECT ST_AsMVT(t, 'major-roads', ${EXTENT}, 'geom') AS mvt
    FROM (
      SELECT e.road_class, e.name,
             ST_AsMVTGeom(ST_Simplify(ST_Transform(ST_ClipByBox2D(e.geom, b.search), 3857), ${simplifyToleranceMetres(tile.z)}::float8), b.tile, ${EXTENT}, ${BUFFER}, true) AS geom
      FROM routing_edges e CROSS JOIN bounds b
      WHERE e.geom && b.search AND e.road_class IN ('motorway', 'autoroute', 'trunk', 'primary', 'secondary') AND e.road_class = ANY(${classes})
        AND EXISTS (SELECT 1 FROM demo_meta WHERE key = 'osm-import')
    ) t WHERE t.geom IS NOT NULL`;
}
