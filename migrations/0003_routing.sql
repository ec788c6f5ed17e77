-- Routing on the pgRouting graph (docs/decisions/0006-routing-engine.md).
-- Every statement is idempotent: the file may be applied by hand to a database that already has it.

-- The major-road network that long routes are restricted to; its own small GiST index keeps the
-- restricted edge query fast on a graph of half a million edges.
CREATE INDEX IF NOT EXISTS routing_edges_major_geom ON routing_edges USING gist (geom)
  WHERE road_class IN ('motorway', 'autoroute', 'trunk', 'primary', 'shuttle', 'ferry', 'link');
--> statement-breakpoint

-- The routing vertex nearest to a point. KNN on degrees is only approximate away from the equator,
-- so the few nearest by the index are re-ranked by true distance, preferring vertices that have edges.
CREATE OR REPLACE FUNCTION routing_nearest_vertex(point_lng float8, point_lat float8)
RETURNS TABLE (vertex_id bigint, lng float8, lat float8, metres float8)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT c.id, ST_X(c.geom), ST_Y(c.geom), ST_Distance(c.geom::geography, ST_SetSRID(ST_MakePoint(point_lng, point_lat), 4326)::geography)
  FROM (
    SELECT v.id, v.geom FROM routing_vertices v
    ORDER BY v.geom <-> ST_SetSRID(ST_MakePoint(point_lng, point_lat), 4326)
    LIMIT 16
  ) c
  CROSS JOIN LATERAL (
    SELECT EXISTS (SELECT 1 FROM routing_edges e WHERE e.source = c.id)
        OR EXISTS (SELECT 1 FROM routing_edges e WHERE e.target = c.id) AS connected
  ) has
  ORDER BY has.connected DESC, 4, 1
  LIMIT 1
$$;
--> statement-breakpoint

-- The planner's estimate of the rows a query returns: a cheap way to ask "how many edges are in
-- this box?" without counting them (PostGIS keeps a spatial histogram of the column).
CREATE OR REPLACE FUNCTION routing_estimated_rows(query text) RETURNS float8
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
  RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
END;
$$;
--> statement-breakpoint

-- A box of about `metres` around a point (degrees of longitude shrink with latitude).
CREATE OR REPLACE FUNCTION routing_local_box(centre geometry, metres float8) RETURNS geometry
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT ST_MakeEnvelope(
    ST_X(centre) - metres / (111320 * greatest(cos(radians(ST_Y(centre))), 0.01)),
    ST_Y(centre) - metres / 110574,
    ST_X(centre) + metres / (111320 * greatest(cos(radians(ST_Y(centre))), 0.01)),
    ST_Y(centre) + metres / 110574,
    4326)
$$;
--> statement-breakpoint

-- How far around a route's end every edge is taken in the 'hierarchy' tier. About 30 km, less where
-- the graph is dense (so a city's end stays near target_edges edges), and always far enough to reach
-- the nearest motorway, so that rural ends still join the network.
CREATE OR REPLACE FUNCTION routing_local_metres(centre geometry, max_metres float8 DEFAULT 30000, target_edges float8 DEFAULT 8000)
RETURNS float8
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  metres float8 := max_metres;
  crowded float8;
  reach float8;
BEGIN
  crowded := routing_estimated_rows(format('SELECT 1 FROM routing_edges WHERE geom && %L::geometry', routing_local_box(centre, max_metres)));
  IF crowded > target_edges THEN
    metres := greatest(8000, max_metres * sqrt(target_edges / crowded));
  END IF;
  SELECT ST_Distance(e.geom::geography, centre::geography) INTO reach
  FROM routing_edges e
  WHERE e.road_class IN ('motorway', 'autoroute', 'trunk')
  ORDER BY e.geom <-> centre
  LIMIT 1;
  -- Beyond 100 km the box would be most of a region: such a route falls back to the whole graph.
  RETURN greatest(metres, least(coalesce(reach, 0) + 10000, 100000));
END;
$$;
--> statement-breakpoint

-- The edges query for one route. pgr_dijkstra loads every edge the query returns, so loading is most
-- of the cost and the edge set must stay small on a big graph:
--   'near'      every edge in the from/to box widened by three quarters of its size, plus the major roads
--               in a wider box (for detours by motorway, tunnel or ferry). Used when the planner estimates
--               at most edge_budget edges: short and medium routes, and every route on the demo graph.
--   'hierarchy' only the major roads in the wider box, plus every edge near each end (routing_local_metres)
--               so that local roads reach the major network. Used for long routes on a big graph.
--   'full'      the whole graph: the fallback when a restricted set has no path.
CREATE OR REPLACE FUNCTION routing_edges_query(source_vertex bigint, target_vertex bigint, tier text)
RETURNS text
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  columns constant text := 'SELECT id, source, target, cost, reverse_cost FROM routing_edges';
  major constant text := $q$road_class IN ('motorway', 'autoroute', 'trunk', 'primary', 'shuttle', 'ferry', 'link')$q$;
  a geometry;
  b geometry;
  box geometry;
  span float8;
  near_box geometry;
  far_box geometry;
BEGIN
  IF tier = 'full' THEN
    RETURN columns;
  END IF;
  SELECT geom INTO a FROM routing_vertices WHERE id = source_vertex;
  SELECT geom INTO b FROM routing_vertices WHERE id = target_vertex;
  IF a IS NULL OR b IS NULL THEN
    RETURN columns;
  END IF;
  box := ST_Envelope(ST_MakeLine(a, b));
  span := greatest(ST_XMax(box) - ST_XMin(box), ST_YMax(box) - ST_YMin(box));
  near_box := ST_Expand(box, greatest(0.5, 0.75 * span));
  far_box := ST_Expand(box, greatest(1.0, span));
  IF tier = 'near' THEN
    RETURN format('%s WHERE geom && %L::geometry OR (%s AND geom && %L::geometry)', columns, near_box, major, far_box);
  END IF;
  RETURN format('%s WHERE (%s AND geom && %L::geometry) OR geom && %L::geometry OR geom && %L::geometry',
    columns, major, far_box, routing_local_box(a, routing_local_metres(a)), routing_local_box(b, routing_local_metres(b)));
END;
$$;
--> statement-breakpoint

-- The fastest path between two vertices, edge by edge in travel order, each edge's geometry oriented
-- in the direction of travel and its cost the cost in that direction. `tier` says which edge set
-- answered (see routing_edges_query). No rows when no path exists.
CREATE OR REPLACE FUNCTION routing_path(source_vertex bigint, target_vertex bigint, edge_budget float8 DEFAULT 60000)
RETURNS TABLE (
  tier text, seq integer, edge_id bigint, start_vertex bigint, end_vertex bigint, seconds float8, metres float8,
  road_class text, road_name text, road_id integer, lngs float8[], lats float8[]
)
LANGUAGE plpgsql VOLATILE
AS $$
#variable_conflict use_column
DECLARE
  first_tier text;
  chosen text;
BEGIN
  first_tier := CASE
    WHEN routing_estimated_rows(routing_edges_query(source_vertex, target_vertex, 'near')) <= edge_budget THEN 'near'
    ELSE 'hierarchy'
  END;
  FOREACH chosen IN ARRAY ARRAY[first_tier, 'full'] LOOP
    RETURN QUERY
      SELECT chosen, d.seq, d.edge, d.node,
        CASE WHEN d.node = e.source THEN e.target ELSE e.source END,
        d.cost, e.length_m, e.road_class, e.name, e.road_id, pts.lngs, pts.lats
      FROM pgr_dijkstra(routing_edges_query(source_vertex, target_vertex, chosen), source_vertex, target_vertex, true) d
      JOIN routing_edges e ON e.id = d.edge
      CROSS JOIN LATERAL (
        SELECT array_agg(ST_X(p.geom) ORDER BY p.path[1]) AS lngs, array_agg(ST_Y(p.geom) ORDER BY p.path[1]) AS lats
        FROM ST_DumpPoints(CASE WHEN d.node = e.source THEN e.geom ELSE ST_Reverse(e.geom) END) p
      ) pts
      ORDER BY d.seq;
    IF FOUND THEN
      RETURN;
    END IF;
  END LOOP;
END;
$$;
