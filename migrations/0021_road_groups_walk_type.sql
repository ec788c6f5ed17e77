-- Road counts for the accommodation and dog-services filters (docs/decisions/0136): the aggregate of
-- live junction listings gains the walk type, which tells those member businesses apart.
DROP TABLE IF EXISTS road_listing_groups;
--> statement-breakpoint
CREATE TABLE road_listing_groups (
  road_id integer NOT NULL,
  type_id smallint NOT NULL,
  walk_type text NOT NULL,
  has_pub boolean NOT NULL,
  has_beach boolean NOT NULL,
  facility_ids smallint[] NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (road_id, type_id, walk_type, has_pub, has_beach, facility_ids)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION road_listing_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE road_listing_groups g SET n = g.n - o.n
    FROM (SELECT road_id, type_id, walk_type, has_pub, has_beach, facility_ids, count(*)::int AS n FROM old_rows
          WHERE status = 2 AND road_id IS NOT NULL AND junction_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6) o
    WHERE (g.road_id, g.type_id, g.walk_type, g.has_pub, g.has_beach, g.facility_ids) = (o.road_id, o.type_id, o.walk_type, o.has_pub, o.has_beach, o.facility_ids);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO road_listing_groups AS g (road_id, type_id, walk_type, has_pub, has_beach, facility_ids, n)
    SELECT road_id, type_id, walk_type, has_pub, has_beach, facility_ids, count(*)::int FROM new_rows
    WHERE status = 2 AND road_id IS NOT NULL AND junction_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (road_id, type_id, walk_type, has_pub, has_beach, facility_ids) DO UPDATE SET n = g.n + excluded.n;
  END IF;
  DELETE FROM road_listing_groups WHERE n = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO road_listing_groups (road_id, type_id, walk_type, has_pub, has_beach, facility_ids, n)
SELECT road_id, type_id, walk_type, has_pub, has_beach, facility_ids, count(*)::int FROM listings
WHERE status = 2 AND road_id IS NOT NULL AND junction_id IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
DELETE FROM road_count_cache;
