-- Treats (issue 14): Treat options with their weights, awarded Treats and each member's claim count.
CREATE TABLE IF NOT EXISTS "treat_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"terms_html" text DEFAULT '' NOT NULL,
	"image_id" text,
	"type" smallint NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"subscription_filter" text DEFAULT 'none' NOT NULL,
	"subscription_filter_value" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expiry_days" integer,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "treat_options_type" CHECK ("type" BETWEEN 1 AND 5),
	CONSTRAINT "treat_options_weight" CHECK ("weight" >= 0 AND "weight" <= 1000000),
	CONSTRAINT "treat_options_filter" CHECK ("subscription_filter" IN ('none', 'type', 'option')),
	CONSTRAINT "treat_options_expiry" CHECK ("expiry_days" IS NULL OR "expiry_days" BETWEEN 1 AND 3650)
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "treat_options" ADD CONSTRAINT "treat_options_image_id_uploaded_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "treat_options_slug" ON "treat_options" USING btree ("slug") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "awarded_treats" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"source" text NOT NULL,
	"won_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeem_data" jsonb,
	"gifted_at" timestamp with time zone,
	"gifted_user_id" integer,
	"gifted_from_id" integer,
	"expired_at" timestamp with time zone,
	"awarded_by" integer,
	CONSTRAINT "awarded_treats_source" CHECK ("source" IN ('claim', 'award', 'gift')),
	CONSTRAINT "awarded_treats_one_end" CHECK (("redeemed_at" IS NOT NULL)::int + ("gifted_at" IS NOT NULL)::int + ("expired_at" IS NOT NULL)::int <= 1)
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "awarded_treats" ADD CONSTRAINT "awarded_treats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "awarded_treats" ADD CONSTRAINT "awarded_treats_option_id_treat_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."treat_options"("id") ON DELETE no action ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "awarded_treats" ADD CONSTRAINT "awarded_treats_gifted_user_id_users_id_fk" FOREIGN KEY ("gifted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "awarded_treats" ADD CONSTRAINT "awarded_treats_awarded_by_users_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "awarded_treats_user" ON "awarded_treats" USING btree ("user_id", "won_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "awarded_treats_expiring" ON "awarded_treats" USING btree ("expires_at") WHERE "redeemed_at" IS NULL AND "gifted_at" IS NULL AND "expired_at" IS NULL AND "expires_at" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "awarded_treats_gifted_from" ON "awarded_treats" USING btree ("gifted_from_id") WHERE "gifted_from_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "treat_claims" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"claims_made" integer DEFAULT 0 NOT NULL,
	"bonus_claims" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "treat_claims" ADD CONSTRAINT "treat_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL; END $$;
