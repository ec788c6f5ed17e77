-- Long routes load fewer edges: smaller end boxes, and only the overlay within reach of both ends (issue 47
-- item 9; docs/decisions/0322-national-scale-route-cpu.md).
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

--> statement-breakpoint

-- The overlay within reach of a route's two ends (same decision). A long route searched the whole
-- overlay of both countries (18,600 edges at 1M edges), most of it nowhere near the drive: London →
-- Edinburgh loaded every French chain. No path costing C can pass a point p with
-- d(from, p) + d(p, to) > speed × C, where speed bounds every edge's length over its cost; so chains whose
-- box lies outside the box of points within speed × C of both ends are left out, and the answer is the
-- same. routing_path tries a generous bound first (twice the straight distance) and keeps it when
-- the path it finds proves it sufficient (speed × cost within it), else widens it to speed × cost once.
CREATE TABLE IF NOT EXISTS routing_speed_bound (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- The highest length over cost of any edge, either way (metres a second of cost); NULL when an edge
  -- with length costs nothing (no bound then: the whole overlay is searched).
  metres_per_second float8
);
--> statement-breakpoint

CREATE OR REPLACE FUNCTION routing_refresh_speed_bound() RETURNS void
LANGUAGE sql VOLATILE
AS $$
  DELETE FROM routing_speed_bound;
  INSERT INTO routing_speed_bound (id, metres_per_second)
  SELECT 1, CASE WHEN bool_or((cost = 0 OR reverse_cost = 0) AND length_m > 0) THEN NULL
                 ELSE greatest(max(length_m / cost) FILTER (WHERE cost > 0), max(length_m / reverse_cost) FILTER (WHERE reverse_cost > 0)) END
  FROM routing_edges;
$$;
--> statement-breakpoint

-- Migration 0038's refresh, now also the speed bound (the seed and every OSM import call it).
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
  PERFORM routing_refresh_overlay();
  PERFORM routing_refresh_speed_bound();
  RETURN changed;
END;
$$;
--> statement-breakpoint

-- Migration 0038's edge query; the 'hierarchy' tier takes an optional reach (metres from both ends) for the overlay.
DROP FUNCTION IF EXISTS routing_edges_query(bigint, bigint, text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION routing_edges_query(source_vertex bigint, target_vertex bigint, tier text, reach_metres float8 DEFAULT NULL)
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
  box_a geometry;
  box_b geometry;
  bound text := '';
  lat_deg float8;
  lon_deg float8;
  y0 float8;
  y1 float8;
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
  box_a := routing_local_box(a, routing_local_metres(a));
  box_b := routing_local_box(b, routing_local_metres(b));
  IF reach_metres IS NOT NULL THEN
    -- Every point within reach_metres of both ends lies in both ends' boxes of that radius, so in their
    -- intersection. Degrees are made generously: a degree of latitude is at least 110,574 m, and
    -- longitude is taken at the box's highest latitude, widened by 15 % for the great circles' bulge.
    lat_deg := (reach_metres * 1.02 + 5000) / 110574;
    y0 := greatest(ST_Y(a), ST_Y(b)) - lat_deg;
    y1 := least(ST_Y(a), ST_Y(b)) + lat_deg;
    lon_deg := 1.15 * (reach_metres * 1.02 + 5000) / (111320 * greatest(cos(radians(least(85, greatest(abs(y0), abs(y1))))), 0.01));
    bound := format(' AND o.geom && %L::geometry',
      ST_MakeEnvelope(greatest(ST_X(a), ST_X(b)) - lon_deg, y0, least(ST_X(a), ST_X(b)) + lon_deg, y1, 4326));
  END IF;
  RETURN format(
    $q$SELECT -1 - o.id AS id, o.source, o.target, o.cost, o.reverse_cost FROM routing_overlay o
       WHERE NOT (o.geom && %3$L::geometry OR o.geom && %4$L::geometry)%5$s
     UNION ALL
     (SELECT id, source, target, cost, reverse_cost FROM routing_edges WHERE geom && %1$L::geometry OR geom && %2$L::geometry
      UNION
      SELECT e.id, e.source, e.target, e.cost, e.reverse_cost
      FROM routing_overlay o JOIN routing_overlay_members m ON m.overlay_id = o.id JOIN routing_edges e ON e.id = m.edge_id
      WHERE o.geom && %3$L::geometry OR o.geom && %4$L::geometry)$q$,
    box_a, box_b, ST_Expand(box_a, 0.1), ST_Expand(box_b, 0.1), bound);
END;
$$;
--> statement-breakpoint

-- Migration 0038's routing_path, with the overlay bounded by reach as above.
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
--> statement-breakpoint
SELECT routing_refresh_speed_bound();
