CREATE TABLE "coastline_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"geom" geometry(MultiLineString,4326) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"iso2" text,
	"selectable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "countries_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"icon" text NOT NULL,
	CONSTRAINT "facilities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "junctions" (
	"id" serial PRIMARY KEY NOT NULL,
	"road_id" integer NOT NULL,
	"number" text NOT NULL,
	"expanded_name" text NOT NULL,
	"position" integer NOT NULL,
	"town" text,
	"geom" geometry(Point,4326) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"geom" geometry(MultiPolygon,4326) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"geom" geometry(Polygon,4326) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	CONSTRAINT "listing_types_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"geonames_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"country_id" integer NOT NULL,
	"admin1" text,
	"admin2" text,
	"postcode" text,
	"ref_id" integer,
	"location" geography(Point,4326) NOT NULL,
	"search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_name)) STORED,
	CONSTRAINT "places_geonames_id_unique" UNIQUE("geonames_id")
);
--> statement-breakpoint
CREATE TABLE "roads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"country_id" integer NOT NULL,
	"motorway" boolean NOT NULL,
	"icon" text NOT NULL,
	"approximate" boolean DEFAULT false NOT NULL,
	"geom" geometry(LineString,4326) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_edges" (
	"id" bigint PRIMARY KEY NOT NULL,
	"source" bigint NOT NULL,
	"target" bigint NOT NULL,
	"cost" double precision NOT NULL,
	"reverse_cost" double precision NOT NULL,
	"length_m" double precision NOT NULL,
	"road_class" text NOT NULL,
	"name" text NOT NULL,
	"road_id" integer,
	"geom" geometry(LineString,4326) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_vertices" (
	"id" bigint PRIMARY KEY NOT NULL,
	"place_id" integer,
	"geom" geometry(Point,4326) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walk_types" (
	"path" text PRIMARY KEY NOT NULL,
	"type_id" smallint NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" smallint NOT NULL,
	"data" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"current_version_id" integer,
	"slug" text NOT NULL,
	"type_id" smallint NOT NULL,
	"walk_type" text NOT NULL,
	"title" text NOT NULL,
	"full_title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"country_id" integer NOT NULL,
	"road_id" integer,
	"junction_id" integer,
	"facility_ids" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"has_pub" boolean DEFAULT false NOT NULL,
	"has_beach" boolean DEFAULT false NOT NULL,
	"free" boolean DEFAULT true NOT NULL,
	"status" smallint NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"location" geography(Point,4326) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"username" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coastline_parts" ADD CONSTRAINT "coastline_parts_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "junctions" ADD CONSTRAINT "junctions_road_id_roads_id_fk" FOREIGN KEY ("road_id") REFERENCES "public"."roads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land" ADD CONSTRAINT "land_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land_parts" ADD CONSTRAINT "land_parts_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roads" ADD CONSTRAINT "roads_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_edges" ADD CONSTRAINT "routing_edges_road_id_roads_id_fk" FOREIGN KEY ("road_id") REFERENCES "public"."roads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_types" ADD CONSTRAINT "walk_types_type_id_listing_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."listing_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_versions" ADD CONSTRAINT "listing_versions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_versions" ADD CONSTRAINT "listing_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_type_id_listing_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."listing_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_walk_type_walk_types_path_fk" FOREIGN KEY ("walk_type") REFERENCES "public"."walk_types"("path") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_road_id_roads_id_fk" FOREIGN KEY ("road_id") REFERENCES "public"."roads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_junction_id_junctions_id_fk" FOREIGN KEY ("junction_id") REFERENCES "public"."junctions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coastline_parts_geom" ON "coastline_parts" USING gist ("geom");--> statement-breakpoint
CREATE UNIQUE INDEX "junctions_road_position" ON "junctions" USING btree ("road_id","position");--> statement-breakpoint
CREATE INDEX "junctions_geom" ON "junctions" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "land_parts_geom" ON "land_parts" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "places_location" ON "places" USING gist ("location");--> statement-breakpoint
CREATE INDEX "places_search_name_trgm" ON "places" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_search_vector" ON "places" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "places_kind" ON "places" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "roads_country_slug" ON "roads" USING btree ("country_id","slug");--> statement-breakpoint
CREATE INDEX "roads_geom" ON "roads" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "routing_edges_source" ON "routing_edges" USING btree ("source");--> statement-breakpoint
CREATE INDEX "routing_edges_target" ON "routing_edges" USING btree ("target");--> statement-breakpoint
CREATE INDEX "routing_edges_geom" ON "routing_edges" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "routing_edges_road_class" ON "routing_edges" USING btree ("road_class");--> statement-breakpoint
CREATE INDEX "routing_vertices_geom" ON "routing_vertices" USING gist ("geom");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_versions_listing_version" ON "listing_versions" USING btree ("listing_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_slug" ON "listings" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "listings_location_live" ON "listings" USING gist ("location") WHERE status = 2;--> statement-breakpoint
CREATE INDEX "listings_junction" ON "listings" USING btree ("junction_id");--> statement-breakpoint
CREATE INDEX "listings_road" ON "listings" USING btree ("road_id");--> statement-breakpoint
CREATE INDEX "listings_type" ON "listings" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "listings_facilities" ON "listings" USING gin ("facility_ids");--> statement-breakpoint
CREATE INDEX "listings_title_trgm" ON "listings" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower" ON "users" USING btree (lower("username"));