import { createRequire } from "node:module";
import { feature } from "topojson-client";
import type { Topology } from "topojson-specification";
import type { SqlClient } from "../client";

export const UNITED_KINGDOM = 235;
export const FRANCE = 75;

const require = createRequire(import.meta.url);

// Natural Earth 10m country ids (ISO numeric, as world-atlas names them).
const ATLAS_IDS = { gb: "826", fr: "250" };
const NEIGHBOURS = ["372", "056", "442", "276", "756", "380", "724", "020", "492"];
// Metropolitan France only: the Natural Earth polygon also holds the overseas départements.
const METROPOLITAN_FRANCE = [-5.5, 41.2, 9.8, 51.2];

/** Loads GB and France land, cut into indexed pieces, and their sea coast (land borders removed). */
export async function loadLand(sql: SqlClient): Promise<void> {
  const topology = require("world-atlas/countries-10m.json") as Topology;
  const collection = feature(topology, topology.objects.countries);
  if (collection.type !== "FeatureCollection") throw new Error("world-atlas: expected a feature collection of countries");
  const byId = new Map(collection.features.map((f) => [String(f.id), f.geometry]));
  const geojson = (id: string) => {
    const geometry = byId.get(id);
    if (!geometry) throw new Error(`world-atlas has no country ${id}`);
    return JSON.stringify(geometry);
  };

  await sql`
    INSERT INTO land (country_id, geom) VALUES
      (${UNITED_KINGDOM}, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${geojson(ATLAS_IDS.gb)}), 4326)), 3))),
      (${FRANCE}, ST_Multi(ST_CollectionExtract(ST_Intersection(
        ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${geojson(ATLAS_IDS.fr)}), 4326)),
        ST_MakeEnvelope(${METROPOLITAN_FRANCE[0]}, ${METROPOLITAN_FRANCE[1]}, ${METROPOLITAN_FRANCE[2]}, ${METROPOLITAN_FRANCE[3]}, 4326)), 3)))`;
  await sql`
    INSERT INTO land_parts (country_id, geom)
    SELECT country_id, (ST_Dump(ST_Subdivide(geom, 64))).geom FROM land ORDER BY country_id DESC`;

  await sql`CREATE TEMP TABLE neighbour_land (geom geometry) ON COMMIT DROP`;
  for (const id of NEIGHBOURS) {
    await sql`INSERT INTO neighbour_land VALUES (ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(${geojson(id)}), 4326)))`;
  }
  // The coast is the land's outline less the stretches that touch a neighbouring country.
  await sql`
    INSERT INTO coastline_parts (country_id, geom)
    SELECT l.country_id, ST_Multi(piece.geom)
    FROM land l,
    LATERAL (
      SELECT ST_Difference(ST_Boundary(l.geom), coalesce(
        (SELECT ST_Union(ST_Buffer(n.geom, 0.01)) FROM neighbour_land n WHERE n.geom && ST_Expand(l.geom, 0.05)),
        'GEOMETRYCOLLECTION EMPTY'::geometry)) AS coast
    ) c,
    LATERAL ST_Subdivide(ST_CollectionExtract(c.coast, 2), 64) AS piece(geom)
    ORDER BY l.country_id DESC`;
}
