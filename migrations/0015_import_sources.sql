-- Loading real data (issue 18, docs/decisions/0090-importer.md): the source id each imported row is
-- upserted by (OSM, the operator's own ids), and the water of the basemap. Idempotent.
ALTER TABLE roads ADD COLUMN IF NOT EXISTS source_id text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS roads_source_id ON roads (source_id);
--> statement-breakpoint
ALTER TABLE junctions ADD COLUMN IF NOT EXISTS source_id text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS junctions_source_id ON junctions (source_id);
--> statement-breakpoint
ALTER TABLE listings ADD COLUMN IF NOT EXISTS source_id text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS listings_source_id ON listings (source_id);
--> statement-breakpoint
-- Lakes, reservoirs and wide rivers from an OpenStreetMap extract, drawn by the tile layer "water".
CREATE TABLE IF NOT EXISTS basemap_water (
  id bigint PRIMARY KEY,
  kind text NOT NULL,
  name text NOT NULL DEFAULT '',
  geom geometry(MultiPolygon, 4326) NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS basemap_water_geom ON basemap_water USING gist (geom);
--> statement-breakpoint
-- The basemap's major roads: the routing graph's primary roads and above (tile layer "major-roads").
CREATE INDEX IF NOT EXISTS routing_edges_basemap_geom ON routing_edges USING gist (geom)
  WHERE road_class IN ('motorway', 'autoroute', 'trunk', 'primary', 'secondary');
