-- Honest routing (issue 47, docs/decisions/0220-honest-routing.md): a route or "no route", never an
-- invented line. Each end is snapped, within a bounded distance, to a vertex of a main strongly
-- connected component of the graph; the graph is kept per country so that each country's import
-- replaces only its own part. Every statement is idempotent.

-- The country whose import owns an edge (235 GB, 75 FR); NULL for the generated demo graph, which the
-- first import of any country replaces as a whole. A graph imported before this migration is left NULL
-- too: its edge ids do not carry the country (geo/import/osm.ts), so the next import replaces it whole,
-- as imports did before, and each country is imported once again.
ALTER TABLE routing_edges ADD COLUMN IF NOT EXISTS country_id integer;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS routing_edges_country ON routing_edges (country_id);
--> statement-breakpoint
-- The strongly connected component of each vertex (pgr_strongComponents: the lowest vertex id in it),
-- and whether it is a main one: the largest of a country's part (or of the demo graph). Routes start and
-- end only at main vertices, so no end is left on a one-way stub or a cut-off piece.
ALTER TABLE routing_vertices ADD COLUMN IF NOT EXISTS component bigint;
--> statement-breakpoint
ALTER TABLE routing_vertices ADD COLUMN IF NOT EXISTS main boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS routing_vertices_main_geom ON routing_vertices USING gist (geom) WHERE main;
--> statement-breakpoint

-- Recomputes component and main for every vertex from the edges (after the seed and in each import's
-- swap transaction). Writes only the vertices whose values change; answers how many that was.
CREATE OR REPLACE FUNCTION routing_refresh_components() RETURNS integer
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  changed integer;
BEGIN
  WITH scc AS MATERIALIZED (
    SELECT node, component FROM pgr_strongComponents('SELECT id, source, target, cost, reverse_cost FROM routing_edges')
  ),
  part_vertices AS (
    SELECT DISTINCT coalesce(e.country_id, 0) AS part, ends.vertex
    FROM routing_edges e CROSS JOIN LATERAL (VALUES (e.source), (e.target)) AS ends(vertex)
  ),
  sizes AS (
    SELECT p.part, s.component, count(*) AS vertices
    FROM part_vertices p JOIN scc s ON s.node = p.vertex
    GROUP BY p.part, s.component
  ),
  mains AS (
    SELECT DISTINCT ON (part) component FROM sizes ORDER BY part, vertices DESC, component
  ),
  wanted AS (
    SELECT v.id, s.component, coalesce(s.component IN (SELECT component FROM mains), false) AS main
    FROM routing_vertices v LEFT JOIN scc s ON s.node = v.id
  )
  UPDATE routing_vertices v SET component = w.component, main = w.main
  FROM wanted w
  WHERE w.id = v.id AND (v.component, v.main) IS DISTINCT FROM (w.component, w.main);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END;
$$;
--> statement-breakpoint
SELECT routing_refresh_components();
--> statement-breakpoint

-- The main vertex nearest to a point, within max_metres; no row when there is none (the point is off
-- the graph: "no route", never a line across the gap). KNN on degrees is only approximate away from the
-- equator, so the few nearest by the (partial) index are re-ranked by true distance. No box filter: in a
-- city a box of a few km holds tens of thousands of vertices to sort, while KNN reads 16.
DROP FUNCTION IF EXISTS routing_nearest_vertex(float8, float8);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION routing_nearest_vertex(point_lng float8, point_lat float8, max_metres float8)
RETURNS TABLE (vertex_id bigint, lng float8, lat float8, metres float8, component bigint)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT c.id, ST_X(c.geom), ST_Y(c.geom), c.metres, c.component
  FROM (
    SELECT n.id, n.geom, n.component, ST_Distance(n.geom::geography, ST_SetSRID(ST_MakePoint(point_lng, point_lat), 4326)::geography) AS metres
    FROM (
      SELECT v.id, v.geom, v.component FROM routing_vertices v
      WHERE v.main
      ORDER BY v.geom <-> ST_SetSRID(ST_MakePoint(point_lng, point_lat), 4326)
      LIMIT 16
    ) n
  ) c
  WHERE c.metres <= max_metres
  ORDER BY c.metres, c.id
  LIMIT 1
$$;
