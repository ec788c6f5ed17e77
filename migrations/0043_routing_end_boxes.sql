-- Smaller end boxes for long routes (issue 47 item 9; docs/decisions/0322-national-scale-route-cpu.md).
-- Every statement is idempotent.
--
-- The 'hierarchy' tier (migration 0038) searches the whole contracted overlay of the major roads plus
-- every edge in a box around each end. Since the overlay holds the primary roads too, the end box only
-- has to reach the major network and leave room for local choices near the end; at 30 km it was a
-- third of the edges a long route loads at 1M edges (4,700 a box) and the overlay search's largest
-- avoidable cost. 15 km by default, less where the graph is dense (target_edges as before), and still
-- always 10 km past the nearest motorway or trunk road so that rural ends join the fast network.
-- Measured (bench:national, 1M edges): 31 % less PostgreSQL CPU a route, 20 of 20 sampled drives
-- within 0.33 % of an unrestricted Dijkstra (19 equal).
CREATE OR REPLACE FUNCTION routing_local_metres(centre geometry, max_metres float8 DEFAULT 15000, target_edges float8 DEFAULT 8000)
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
