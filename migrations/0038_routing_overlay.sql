-- A contracted overlay of the major roads for long routes (issue 47 item 9, issue 52;
-- docs/decisions/0290-contracted-major-road-overlay.md). Every statement is idempotent.
--
-- pgr_dijkstra loads every edge it is given, so a long route's cost is the size of its edge set. The
-- 'hierarchy' tier (migration 0003) gave it every major road in a wide box: at national size that is
-- hundreds of thousands of edges. The overlay replaces each chain of major edges between two major
-- junctions (a vertex where the major roads do not simply continue: a junction of major roads, a dead
-- end) by one edge with the chain's cost in each direction. A route searches the whole overlay plus every
-- edge around its two ends (and the raw edges of the chains that reach those ends), then expands the
-- chains it used back into their edges with a second, tiny search. Contraction keeps costs exact: the
-- overlay answers what the same tier over the raw major roads would answer.

CREATE TABLE IF NOT EXISTS routing_overlay (
  id bigint PRIMARY KEY,
  source bigint NOT NULL,
  target bigint NOT NULL,
  -- The chain's cost from source to target and back; -1 where a one-way edge forbids that direction.
  cost float8 NOT NULL,
  reverse_cost float8 NOT NULL,
  edges integer NOT NULL,
  -- The box of the chain's edges: a chain touching a route's end box is taken as its raw edges instead.
  geom geometry(Polygon, 4326)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS routing_overlay_geom ON routing_overlay USING gist (geom);
--> statement-breakpoint
-- Which overlay edge each major edge belongs to. A table of its own, not a column of routing_edges: an
-- UPDATE would move every major edge's row out of the table's spatial order (decision 0183).
CREATE TABLE IF NOT EXISTS routing_overlay_members (
  edge_id bigint PRIMARY KEY,
  overlay_id bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS routing_overlay_members_overlay ON routing_overlay_members (overlay_id);
--> statement-breakpoint

-- Rebuilds the overlay from the major edges (motorway, autoroute, trunk, primary, link, ferry, shuttle:
-- the classes of the 'hierarchy' tier). Called by routing_refresh_components(), so the seed and every
-- OSM import rebuild it in the transaction that changes the graph. Chains are walked from each major
-- junction in vertex and edge id order, so the same graph gives the same ids and a re-import rewrites
-- no edge. Answers the number of overlay edges.
CREATE OR REPLACE FUNCTION routing_refresh_overlay() RETURNS integer
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  start_row record;
  e record;
  here bigint;
  next_vertex bigint;
  forward float8;
  backward float8;
  ids bigint[];
  walked bigint := 0;
  total integer;
BEGIN
  -- A second refresh in one transaction finds the first one's tables (dropped at commit).
  IF to_regclass('pg_temp.overlay_edges') IS NOT NULL THEN
    DROP TABLE pg_temp.overlay_edges, pg_temp.overlay_degree, pg_temp.overlay_chain, pg_temp.overlay_member;
  END IF;
  CREATE TEMP TABLE overlay_edges ON COMMIT DROP AS
    SELECT id, source, target, cost, reverse_cost FROM routing_edges
    WHERE road_class IN ('motorway', 'autoroute', 'trunk', 'primary', 'shuttle', 'ferry', 'link') AND source <> target;
  CREATE INDEX ON overlay_edges (source);
  CREATE INDEX ON overlay_edges (target);
  CREATE TEMP TABLE overlay_degree ON COMMIT DROP AS
    SELECT vertex, count(*) AS degree FROM (SELECT source AS vertex FROM overlay_edges UNION ALL SELECT target FROM overlay_edges) v GROUP BY vertex;
  ALTER TABLE overlay_degree ADD PRIMARY KEY (vertex);
  CREATE TEMP TABLE overlay_chain (id bigint, source bigint, target bigint, cost float8, reverse_cost float8) ON COMMIT DROP;
  CREATE TEMP TABLE overlay_member (edge bigint PRIMARY KEY, chain bigint) ON COMMIT DROP;
  ANALYZE overlay_edges;
  ANALYZE overlay_degree;

  -- Walk each chain from a major junction (degree other than 2) until the next one.
  FOR start_row IN
    SELECT d.vertex, x.id FROM overlay_degree d
    JOIN overlay_edges x ON x.source = d.vertex OR x.target = d.vertex
    WHERE d.degree <> 2
    ORDER BY d.vertex, x.id
  LOOP
    CONTINUE WHEN EXISTS (SELECT 1 FROM overlay_member m WHERE m.edge = start_row.id);
    walked := walked + 1;
    here := start_row.vertex;
    forward := 0;
    backward := 0;
    ids := ARRAY[]::bigint[];
    SELECT * INTO e FROM overlay_edges WHERE id = start_row.id;
    LOOP
      ids := ids || e.id;
      IF e.source = here THEN
        forward := CASE WHEN forward < 0 OR e.cost < 0 THEN -1 ELSE forward + e.cost END;
        backward := CASE WHEN backward < 0 OR e.reverse_cost < 0 THEN -1 ELSE backward + e.reverse_cost END;
        next_vertex := e.target;
      ELSE
        forward := CASE WHEN forward < 0 OR e.reverse_cost < 0 THEN -1 ELSE forward + e.reverse_cost END;
        backward := CASE WHEN backward < 0 OR e.cost < 0 THEN -1 ELSE backward + e.cost END;
        next_vertex := e.source;
      END IF;
      EXIT WHEN next_vertex = start_row.vertex OR (SELECT d.degree FROM overlay_degree d WHERE d.vertex = next_vertex) <> 2;
      SELECT * INTO e FROM overlay_edges x WHERE (x.source = next_vertex OR x.target = next_vertex) AND x.id <> e.id LIMIT 1;
      EXIT WHEN NOT FOUND;
      here := next_vertex;
    END LOOP;
    INSERT INTO overlay_chain VALUES (walked, start_row.vertex, next_vertex, forward, backward);
    INSERT INTO overlay_member SELECT unnest(ids), walked;
  END LOOP;
  -- Rings with no junction on them: each edge is its own overlay edge.
  WITH rest AS (
    SELECT x.id AS edge, x.source, x.target, x.cost, x.reverse_cost, walked + row_number() OVER (ORDER BY x.id) AS cid
    FROM overlay_edges x WHERE NOT EXISTS (SELECT 1 FROM overlay_member m WHERE m.edge = x.id)
  ), chains AS (
    INSERT INTO overlay_chain SELECT cid, source, target, cost, reverse_cost FROM rest
  )
  INSERT INTO overlay_member SELECT edge, cid FROM rest;

  -- Rows, not TRUNCATE: readers keep the old overlay until the import's transaction commits.
  DELETE FROM routing_overlay;
  INSERT INTO routing_overlay (id, source, target, cost, reverse_cost, edges, geom)
    SELECT c.id, c.source, c.target, c.cost, c.reverse_cost, b.edges, ST_Envelope(ST_Expand(b.box, 0.000001))::geometry(Polygon, 4326)
    FROM overlay_chain c
    JOIN (SELECT m.chain, count(*)::integer AS edges, ST_Extent(r.geom)::geometry AS box FROM overlay_member m JOIN routing_edges r ON r.id = m.edge GROUP BY m.chain) b ON b.chain = c.id;
  DELETE FROM routing_overlay_members;
  INSERT INTO routing_overlay_members (edge_id, overlay_id) SELECT m.edge, m.chain FROM overlay_member m ORDER BY m.chain, m.edge;
  SELECT count(*) INTO total FROM routing_overlay;
  RETURN total;
END;
$$;
--> statement-breakpoint

-- Migration 0029's refresh, now also rebuilding the overlay (the seed and the OSM importer call it
-- whenever the graph changes).
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
  RETURN changed;
END;
$$;
--> statement-breakpoint

-- The 'hierarchy' tier now reads the overlay: every overlay edge whose box misses both end boxes (its
-- id is -1 - overlay id, so it cannot be taken for an edge or for pgr_dijkstra's -1), plus every edge in
-- the end boxes and the raw edges of the chains that reach into them (a union: an OR with a subquery
-- would scan the whole edge table). Those chains are found with the end
-- boxes widened by 0.1° (7-11 km), so that a local edge leaving a box still meets the major road it
-- leads to as raw edges, as the uncontracted tier would. The other tiers are as before.
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
  box_a geometry;
  box_b geometry;
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
  RETURN format(
    $q$SELECT -1 - o.id AS id, o.source, o.target, o.cost, o.reverse_cost FROM routing_overlay o
       WHERE NOT (o.geom && %3$L::geometry OR o.geom && %4$L::geometry)
     UNION ALL
     (SELECT id, source, target, cost, reverse_cost FROM routing_edges WHERE geom && %1$L::geometry OR geom && %2$L::geometry
      UNION
      SELECT e.id, e.source, e.target, e.cost, e.reverse_cost
      FROM routing_overlay o JOIN routing_overlay_members m ON m.overlay_id = o.id JOIN routing_edges e ON e.id = m.edge_id
      WHERE o.geom && %3$L::geometry OR o.geom && %4$L::geometry)$q$,
    box_a, box_b, ST_Expand(box_a, 0.1), ST_Expand(box_b, 0.1));
END;
$$;
--> statement-breakpoint

-- As in migration 0003, but the 'hierarchy' tier's path (overlay edges and raw edges) is expanded by a
-- second search over only the raw edges it used and the edges of the chains it used: a few thousand
-- edges, whose best path costs what the overlay path cost (or less, never more).
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
BEGIN
  first_tier := CASE
    WHEN routing_estimated_rows(routing_edges_query(source_vertex, target_vertex, 'near')) <= edge_budget THEN 'near'
    ELSE 'hierarchy'
  END;
  FOREACH chosen IN ARRAY ARRAY[first_tier, 'full'] LOOP
    edges_query := routing_edges_query(source_vertex, target_vertex, chosen);
    IF chosen = 'hierarchy' THEN
      SELECT array_agg(d.edge) FILTER (WHERE d.edge >= 0), array_agg(-1 - d.edge) FILTER (WHERE d.edge < -1)
      INTO raw_edges, chains
      FROM pgr_dijkstra(edges_query, source_vertex, target_vertex, true) d;
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
SELECT routing_refresh_overlay();
