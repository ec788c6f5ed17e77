-- Issue 17: live listings per type, kept by triggers in the same transaction as every change to
-- listings (insert, status or type change, delete, truncate), so the homepage reads five rows instead
-- of counting every listing on each request. Idempotent.
CREATE TABLE IF NOT EXISTS listing_type_counts (
  type_id smallint PRIMARY KEY REFERENCES listing_types(id),
  live integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_type_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO listing_type_counts AS c (type_id, live)
    SELECT type_id, -count(*)::int FROM old_rows WHERE status = 2 GROUP BY 1
    ON CONFLICT (type_id) DO UPDATE SET live = c.live + excluded.live;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO listing_type_counts AS c (type_id, live)
    SELECT type_id, count(*)::int FROM new_rows WHERE status = 2 GROUP BY 1
    ON CONFLICT (type_id) DO UPDATE SET live = c.live + excluded.live;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_type_counts_insert ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_type_counts_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_type_counts_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_type_counts_update ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_type_counts_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_type_counts_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_type_counts_delete ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_type_counts_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_type_counts_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_type_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listing_type_counts SET live = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listings_type_counts_truncate ON listings;
--> statement-breakpoint
CREATE TRIGGER listings_type_counts_truncate AFTER TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION listing_type_counts_truncated();
--> statement-breakpoint
-- Start from the truth (the table lock keeps a concurrent write from slipping between count and triggers).
LOCK TABLE listings IN SHARE MODE;
--> statement-breakpoint
INSERT INTO listing_type_counts AS c (type_id, live)
SELECT t.id, (SELECT count(*)::int FROM listings l WHERE l.type_id = t.id AND l.status = 2) FROM listing_types t
ON CONFLICT (type_id) DO UPDATE SET live = excluded.live;
