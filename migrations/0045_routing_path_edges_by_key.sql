-- Migration 0043's routing_path, with one change (decision 0324): each edge of the path is read by its key
-- (a nested loop on routing_edges' primary key), not by hashing the whole edge table. pgr_dijkstra tells
-- the planner it returns 1,000 rows, so the join built a hash of every edge (51,755 on the demo data, about
-- 20 ms of a 23 ms London → Leeds route; a million at national scale) to look up a path of 37. The lateral
-- subquery with OFFSET 0 keeps the planner from turning the lookup back into that join. Same rows, same order.
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
  edges_query text;
  raw_edges bigint[];
  chains bigint[];
  speed float8;
  reach float8;
  found_cost float8;
BEGIN
  first_tier := CASE
    WHEN routing_estimated_rows(routing_edges_query(source_vertex, target_vertex, 'near')) <= edge_budget THEN 'near'
    ELSE 'hierarchy'
  END;
  FOREACH chosen IN ARRAY ARRAY[first_tier, 'full'] LOOP
    edges_query := routing_edges_query(source_vertex, target_vertex, chosen);
    IF chosen = 'hierarchy' THEN
      -- The overlay within reach of both ends only (routing_speed_bound): first a generous guess from the
      -- straight distance; a path found costing C proves that the best one lies within speed × C of both
      -- ends, so the guess stands when it covers that, and is otherwise widened to it (then exact) or, with
      -- no path, dropped (the whole overlay, as before).
      SELECT metres_per_second INTO speed FROM routing_speed_bound;
      IF speed IS NOT NULL THEN
        SELECT 2 * ST_Distance(x.geom::geography, y.geom::geography) INTO reach
        FROM routing_vertices x, routing_vertices y WHERE x.id = source_vertex AND y.id = target_vertex;
      END IF;
      LOOP
        edges_query := routing_edges_query(source_vertex, target_vertex, chosen, reach);
        SELECT array_agg(d.edge) FILTER (WHERE d.edge >= 0), array_agg(-1 - d.edge) FILTER (WHERE d.edge < -1), sum(d.cost)
        INTO raw_edges, chains, found_cost
        FROM pgr_dijkstra(edges_query, source_vertex, target_vertex, true) d;
        EXIT WHEN reach IS NULL;
        IF raw_edges IS NULL AND chains IS NULL THEN
          reach := NULL;
        ELSIF speed * found_cost <= reach THEN
          EXIT;
        ELSE
          reach := speed * found_cost;
        END IF;
      END LOOP;
      CONTINUE WHEN raw_edges IS NULL AND chains IS NULL;
      -- A union, not an OR with a subquery: that would scan the whole edge table.
      edges_query := format('SELECT id, source, target, cost, reverse_cost FROM routing_edges WHERE id = ANY(%L::bigint[])
        UNION SELECT e.id, e.source, e.target, e.cost, e.reverse_cost FROM routing_overlay_members m JOIN routing_edges e ON e.id = m.edge_id WHERE m.overlay_id = ANY(%L::bigint[])',
        coalesce(raw_edges, ARRAY[]::bigint[]), coalesce(chains, ARRAY[]::bigint[]));
    END IF;
    RETURN QUERY
      SELECT chosen, d.seq, d.edge, d.node,
        CASE WHEN d.node = e.source THEN e.target ELSE e.source END,
        d.cost, e.length_m, e.road_class, e.name, e.road_id, pts.lngs, pts.lats
      FROM pgr_dijkstra(edges_query, source_vertex, target_vertex, true) d
      -- Each edge by its key (OFFSET 0: not flattened into a hash join over the whole table).
      CROSS JOIN LATERAL (
        SELECT r.source, r.target, r.length_m, r.road_class, r.name, r.road_id, r.geom FROM routing_edges r WHERE r.id = d.edge OFFSET 0
      ) e
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
