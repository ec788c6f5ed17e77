-- The routing overlay (0038) changes the routes a page shows: its writes move the content version (migration 0027)
-- like every other shown table's, so the render cache never keeps a page drawn from an older graph.
DROP TRIGGER IF EXISTS "content_version" ON "routing_overlay";
--> statement-breakpoint
CREATE TRIGGER "content_version" AFTER INSERT OR UPDATE OR DELETE ON "routing_overlay" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "content_version_truncate" ON "routing_overlay";
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "routing_overlay" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "content_version" ON "routing_overlay_members";
--> statement-breakpoint
CREATE TRIGGER "content_version" AFTER INSERT OR UPDATE OR DELETE ON "routing_overlay_members" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "content_version_truncate" ON "routing_overlay_members";
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "routing_overlay_members" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
