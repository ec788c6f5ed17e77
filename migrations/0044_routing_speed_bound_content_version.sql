-- The routing speed bound (0043) decides which overlay edges a long route searches, so it changes the routes a
-- page shows: its writes move the content version (migration 0027) like every other shown table's (as 0039
-- did for the overlay), so the render cache never keeps a page drawn from an older graph.
DROP TRIGGER IF EXISTS "content_version" ON "routing_speed_bound";
--> statement-breakpoint
CREATE TRIGGER "content_version" AFTER INSERT OR UPDATE OR DELETE ON "routing_speed_bound" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "content_version_truncate" ON "routing_speed_bound";
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "routing_speed_bound" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
