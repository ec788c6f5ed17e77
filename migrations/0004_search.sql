-- Searches: indexes for browse by popularity and road counts, and the road-count cache.
CREATE INDEX IF NOT EXISTS listings_popularity_live ON listings (popularity DESC, id) WHERE status = 2;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_road_live ON listings (road_id, junction_id) INCLUDE (type_id, has_pub, has_beach) WHERE status = 2 AND road_id IS NOT NULL;
--> statement-breakpoint
CREATE UNLOGGED TABLE IF NOT EXISTS road_count_cache (
  key text PRIMARY KEY,
  counts jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clear_road_count_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM road_count_cache;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_clear_road_counts ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_clear_road_counts
  AFTER INSERT OR DELETE OR UPDATE OF status, road_id, junction_id, type_id, facility_ids, has_pub, has_beach ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION clear_road_count_cache();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_truncate_clears_road_counts ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_truncate_clears_road_counts
  AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION clear_road_count_cache();
--> statement-breakpoint
-- Browse by road orders by junction, then distance from it: keep that distance on the listing so
-- the order can be read from an index instead of computed for every listing of the road.
ALTER TABLE listings ADD COLUMN IF NOT EXISTS junction_distance_m real;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION set_listing_junction_distance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.junction_distance_m := (SELECT ST_Distance(NEW.location, j.geom::geography, false) FROM junctions j WHERE j.id = NEW.junction_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_junction_distance ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_junction_distance
  BEFORE INSERT OR UPDATE OF location, junction_id ON listings
  FOR EACH ROW EXECUTE FUNCTION set_listing_junction_distance();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION update_junction_listing_distances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings l SET junction_distance_m = ST_Distance(l.location, NEW.geom::geography, false) WHERE l.junction_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS junctions_moved ON junctions;
--> statement-breakpoint
CREATE TRIGGER junctions_moved AFTER UPDATE OF geom ON junctions FOR EACH ROW EXECUTE FUNCTION update_junction_listing_distances();
--> statement-breakpoint
UPDATE listings l SET junction_distance_m = ST_Distance(l.location, j.geom::geography, false)
FROM junctions j WHERE j.id = l.junction_id AND l.junction_distance_m IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_junction_order_live ON listings (junction_id, junction_distance_m, id) WHERE status = 2;
--> statement-breakpoint
DROP INDEX IF EXISTS listings_road_live;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_type_live ON listings (type_id, has_pub, has_beach) INCLUDE (facility_ids, country_id) WHERE status = 2;

--> statement-breakpoint
-- Road counts read a small aggregate instead of every junction listing: live junction listings per
-- road, type, walk flags and facility set. Statement triggers with transition tables keep it exact.
CREATE TABLE IF NOT EXISTS road_listing_groups (
  road_id integer NOT NULL,
  type_id smallint NOT NULL,
  has_pub boolean NOT NULL,
  has_beach boolean NOT NULL,
  facility_ids smallint[] NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (road_id, type_id, has_pub, has_beach, facility_ids)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION road_listing_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE road_listing_groups g SET n = g.n - o.n
    FROM (SELECT road_id, type_id, has_pub, has_beach, facility_ids, count(*)::int AS n FROM old_rows
          WHERE status = 2 AND road_id IS NOT NULL AND junction_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5) o
    WHERE (g.road_id, g.type_id, g.has_pub, g.has_beach, g.facility_ids) = (o.road_id, o.type_id, o.has_pub, o.has_beach, o.facility_ids);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO road_listing_groups AS g (road_id, type_id, has_pub, has_beach, facility_ids, n)
    SELECT road_id, type_id, has_pub, has_beach, facility_ids, count(*)::int FROM new_rows
    WHERE status = 2 AND road_id IS NOT NULL AND junction_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (road_id, type_id, has_pub, has_beach, facility_ids) DO UPDATE SET n = g.n + excluded.n;
  END IF;
  DELETE FROM road_listing_groups WHERE n = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_groups_insert ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_groups_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION road_listing_groups_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_groups_update ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_groups_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION road_listing_groups_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_groups_delete ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_groups_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION road_listing_groups_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION road_listing_groups_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE road_listing_groups;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_groups_truncate ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_groups_truncate AFTER TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION road_listing_groups_truncated();
--> statement-breakpoint
INSERT INTO road_listing_groups (road_id, type_id, has_pub, has_beach, facility_ids, n)
SELECT road_id, type_id, has_pub, has_beach, facility_ids, count(*)::int FROM listings
WHERE status = 2 AND road_id IS NOT NULL AND junction_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM road_listing_groups)
GROUP BY 1, 2, 3, 4, 5;
