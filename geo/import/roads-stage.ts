import type { SqlClient } from "../../db/client";
import { snapshotListingLinks } from "./derived";
import { applyStage, staged, type ImportChanges } from "./stage";

export const UNITED_KINGDOM = 235;
export const FRANCE = 75;

/** --country GB|FR → the directory's country id. */
export function countryId(code: string): number {
  if (code === "GB") return UNITED_KINGDOM;
  if (code === "FR") return FRANCE;
  throw new Error(`--country must be GB or FR (got "${code}")`);
}

/**
 * Staging tables for roads and junctions, shared by the OSM and GeoJSON importers: the pieces of
 * line of each road (OSM ways, GeoJSON features) and the junction points, keyed by source ids.
 */
export async function createRoadStage(sql: SqlClient): Promise<void> {
  await sql.unsafe(`
    CREATE UNLOGGED TABLE ${staged("road_lines")} (source_id text NOT NULL, ord bigint NOT NULL, name text NOT NULL, description text NOT NULL DEFAULT '', motorway boolean NOT NULL, geom geometry(LineString, 4326) NOT NULL);
    CREATE UNLOGGED TABLE ${staged("junction_points")} (source_id text NOT NULL, road_source text NOT NULL, number text NOT NULL, town text, geom geometry(Point, 4326) NOT NULL);
    CREATE UNLOGGED TABLE ${staged("roads")} (source_id text PRIMARY KEY, name text, slug text, description text, country_id integer, motorway boolean, icon text, approximate boolean, geom geometry(LineString, 4326));
    CREATE UNLOGGED TABLE ${staged("junctions")} (source_id text PRIMARY KEY, road_source text, road_id integer, number text, expanded_name text, position integer, town text, geom geometry(Point, 4326));
  `);
}

/**
 * Turns the staged pieces into roads and junctions: each road's line is the longest line its pieces
 * merge into (one carriageway of a dual carriageway), pointed so junction numbers rise along it;
 * junctions are one per road and number (the lowest source id where both carriageways carry one),
 * numbered by their order along the road, named after the nearest town when the file gives none.
 */
export async function finishRoadStage(sql: SqlClient, country: number): Promise<void> {
  const R = staged("roads");
  const J = staged("junctions");
  await sql.unsafe(`
    WITH merged AS (
      SELECT source_id, min(name) AS name, max(description) AS description,
             sum(ST_Length(geom::geography) * motorway::int) > sum(ST_Length(geom::geography)) / 2 AS motorway,
             ST_LineMerge(ST_Collect(geom ORDER BY ord)) AS lines
      FROM ${staged("road_lines")} GROUP BY source_id
    ),
    slugged AS (
      SELECT m.*, trim(both '-' from regexp_replace(regexp_replace(lower(m.name), '[()]', '', 'g'), '[^a-z0-9]+', '-', 'g')) AS base
      FROM merged m
    )
    INSERT INTO ${R} (source_id, name, slug, description, country_id, motorway, icon, approximate, geom)
    SELECT s.source_id, s.name,
           CASE WHEN row_number() OVER (PARTITION BY s.base ORDER BY s.source_id) = 1 THEN s.base ELSE s.base || '-' || row_number() OVER (PARTITION BY s.base ORDER BY s.source_id) END,
           s.description, ${country}, s.motorway,
           CASE WHEN ${country} = ${FRANCE} THEN 'autoroute-fr' WHEN s.motorway THEN 'motorway-gb' ELSE 'primary-gb' END, false,
           (SELECT d.geom FROM ST_Dump(s.lines) d ORDER BY ST_Length(d.geom::geography) DESC, ST_AsText(d.geom) LIMIT 1)
    FROM slugged s
  `);
  // Point each road so that its junction numbers rise from its start (J1 first, as signed).
  await sql.unsafe(`
    UPDATE ${R} r SET geom = ST_Reverse(r.geom)
    FROM (
      SELECT road_source, (array_agg(n ORDER BY f, n))[1] AS first_n, (array_agg(n ORDER BY f DESC, n DESC))[1] AS last_n
      FROM (
        SELECT j.road_source, ST_LineLocatePoint(r.geom, j.geom) AS f, nullif(substring(j.number from '[0-9]+'), '')::int AS n
        FROM ${staged("junction_points")} j JOIN ${R} r ON r.source_id = j.road_source
      ) located WHERE n IS NOT NULL GROUP BY road_source
    ) o
    WHERE o.road_source = r.source_id AND o.first_n > o.last_n
  `);
  await sql.unsafe(`
    INSERT INTO ${J} (source_id, road_source, number, expanded_name, position, town, geom)
    SELECT j.source_id, j.road_source, j.number,
           ${country === FRANCE ? "'Exit '" : "'Junction '"} || j.number,
           row_number() OVER (PARTITION BY j.road_source ORDER BY ST_LineLocatePoint(r.geom, j.geom), nullif(substring(j.number from '[0-9]+'), '')::int, j.number, j.source_id),
           coalesce(nullif(j.town, ''), (
             SELECT p.name FROM places p WHERE p.kind IN ('city', 'town', 'village')
             ORDER BY p.location <-> j.geom::geography, p.id LIMIT 1)),
           j.geom
    -- One junction per road and number as the URL says it (12A and 12a are one page, junction-12a).
    FROM (SELECT DISTINCT ON (road_source, lower(number)) * FROM ${staged("junction_points")} ORDER BY road_source, lower(number), source_id) j
    JOIN ${R} r ON r.source_id = j.road_source
  `);
}

/** Roads and junctions of the country, in the swap transaction. */
export async function applyRoads(tx: SqlClient, country: number): Promise<ImportChanges> {
  // Before junctions go (their listings' links are cleared then): refreshAfterRoads counts against it.
  await snapshotListingLinks(tx, `l.country_id = ${country}`, `r.country_id = ${country}`);
  // Junctions of removed roads go with them (ON DELETE CASCADE): count them as removed junctions.
  const [{ cascaded }] = await tx.unsafe<{ cascaded: number }[]>(`
    SELECT count(*)::int AS cascaded FROM junctions j JOIN roads t ON t.id = j.road_id
    WHERE t.country_id = ${country} AND NOT EXISTS (SELECT 1 FROM ${staged("roads")} s WHERE s.source_id = t.source_id)`);
  const roads = await applyStage(tx, {
    table: "roads",
    stage: staged("roads"),
    key: ["source_id"],
    columns: ["name", "slug", "description", "country_id", "motorway", "icon", "approximate", "geom"],
    scope: `t.country_id = ${country}`,
  });
  await tx.unsafe(`UPDATE ${staged("junctions")} s SET road_id = r.id FROM roads r WHERE r.source_id = s.road_source`);
  const junctions = await applyStage(tx, {
    table: "junctions",
    stage: staged("junctions"),
    key: ["source_id"],
    columns: ["road_id", "number", "expanded_name", "position", "town", "geom"],
    scope: `t.road_id IN (SELECT id FROM roads WHERE country_id = ${country})`,
    // (road_id, position) is unique: move the rows about to change out of the way first.
    beforeUpdate: `
      UPDATE junctions t SET position = -t.position FROM ${staged("junctions")} s
      WHERE t.source_id = s.source_id AND (t.road_id, t.position) IS DISTINCT FROM (s.road_id, s.position)`,
  });
  return { roads, junctions: { ...junctions, removed: junctions.removed + cascaded } };
}
