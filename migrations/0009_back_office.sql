-- Back office (issue 11): the Treat Points ledger records who awarded an entry and its source (one entry
-- per source key, so a repeated award counts once); the admin audit log; deactivated (deleted) members.
ALTER TABLE "points_entries" ADD COLUMN IF NOT EXISTS "awarded_by" integer;
--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN IF NOT EXISTS "source_kind" text DEFAULT 'legacy' NOT NULL;
--> statement-breakpoint
ALTER TABLE "points_entries" ADD COLUMN IF NOT EXISTS "source_id" text;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_awarded_by_users_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_source_kind" CHECK ("source_kind" IN ('legacy', 'listing', 'review', 'award', 'referral', 'treat', 'bio', 'welcome'));
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "points_entries_source" ON "points_entries" USING btree ("source_kind", "source_id") WHERE "source_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_audit_log_created" ON "admin_audit_log" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_audit_log_record" ON "admin_audit_log" USING btree ("record_type", "record_id", "created_at");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "deactivated_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created" ON "users" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_status_created" ON "listings" USING btree ("status", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listing_versions_waiting" ON "listing_versions" USING btree ("listing_id") WHERE "status" = 1;
