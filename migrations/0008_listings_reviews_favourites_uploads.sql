CREATE TABLE "favourite_items" (
	"list_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_items_list_id_listing_id_pk" PRIMARY KEY("list_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"visitor_key" text,
	"source_format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"versions" jsonb NOT NULL,
	"alt_title" text DEFAULT '' NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"image_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	"moderated_by" integer,
	"points_awarded_at" timestamp with time zone,
	"approval_mailed_at" timestamp with time zone,
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_status" CHECK ("reviews"."status" IN (0, 1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "favourite_items" ADD CONSTRAINT "favourite_items_list_id_favourite_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."favourite_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_items" ADD CONSTRAINT "favourite_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_lists" ADD CONSTRAINT "favourite_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_items_listing" ON "favourite_items" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "favourite_lists_user" ON "favourite_lists" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourite_lists_one_default" ON "favourite_lists" USING btree ("user_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "uploaded_files_user" ON "uploaded_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploaded_files_visitor" ON "uploaded_files" USING btree ("visitor_key");--> statement-breakpoint
CREATE INDEX "uploaded_files_created" ON "uploaded_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_listing_status" ON "reviews" USING btree ("listing_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviews_status_created" ON "reviews" USING btree ("status","created_at");