-- Saved trips (issue 49, ARCHITECTURE §9): a plan is fully described by its URL's query string, so a saved
-- trip is that query plus an owner and a name. A share id (random, unguessable) opens a read-only copy to
-- anyone who has the link; clearing it withdraws the link.
CREATE TABLE IF NOT EXISTS "trips" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 80),
  "query" text NOT NULL CHECK (char_length("query") <= 2000),
  "share_id" text UNIQUE CHECK ("share_id" ~ '^[A-Za-z0-9_-]{22}$'),
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trips_user" ON "trips" ("user_id", "updated_at" DESC);
--> statement-breakpoint
-- Every table but the request counters moves the content version (migration 0027): a shared trip is a public page.
DROP TRIGGER IF EXISTS "content_version" ON "trips";
--> statement-breakpoint
CREATE TRIGGER "content_version" AFTER INSERT OR UPDATE OR DELETE ON "trips" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "content_version_truncate" ON "trips";
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "trips" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
