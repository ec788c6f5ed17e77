-- Member area (issue 13): the account checklist's own state (dismissed, social media followed), the
-- profile gallery, referrals, and the index that serves the leaderboard's one query.
CREATE TABLE IF NOT EXISTS "member_checklists" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"dismissed_at" timestamp with time zone,
	"social_media_subscribed_at" timestamp with time zone
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "member_checklists" ADD CONSTRAINT "member_checklists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "member_gallery_items" (
	"file_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "member_gallery_items" ADD CONSTRAINT "member_gallery_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "member_gallery_items" ADD CONSTRAINT "member_gallery_items_file_id_uploaded_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_gallery_items_user" ON "member_gallery_items" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_user_id" integer,
	"joined_at" timestamp with time zone,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "referrals" ADD CONSTRAINT "referrals_joined_user_id_users_id_fk" FOREIGN KEY ("joined_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "referrals_referrer_email" ON "referrals" USING btree ("referrer_id", lower("email"));
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "referrals_joined_user" ON "referrals" USING btree ("joined_user_id") WHERE "joined_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "referrals_referrer_created" ON "referrals" USING btree ("referrer_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "points_entries_awarded_leaderboard" ON "points_entries" USING btree ("awarded_at") INCLUDE ("user_id", "points") WHERE "status" = 'awarded';
--> statement-breakpoint
UPDATE "users" SET "attributes" = "attributes" || '{"bio": "Two spaniels, one campervan and a soft spot for pub walks with a river at the end. I review every walk we finish."}'::jsonb
WHERE "email" = 'member@pawroute.test' AND NOT ("attributes" ? 'bio');
