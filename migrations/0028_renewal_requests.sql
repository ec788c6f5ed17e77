-- The page each renewal was asked from (docs/decisions/0200-a-renewal-page-renews-once.md). A member's
-- renew form and the renew API carry a one-per-page key; the key names the period's charge it asked
-- for. A second submit of the same page that arrives after the first has renewed is answered with that
-- renewal instead of paying for the period after it. The renewal job asks with no key.
CREATE TABLE IF NOT EXISTS "renewal_requests" (
  "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "key" uuid NOT NULL,
  "charge_id" integer NOT NULL REFERENCES "charges" ("id") ON DELETE CASCADE,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "key")
);
--> statement-breakpoint
-- Every table but the request counters moves the content version (migration 0027).
DROP TRIGGER IF EXISTS "content_version" ON "renewal_requests";
--> statement-breakpoint
CREATE TRIGGER "content_version" AFTER INSERT OR UPDATE OR DELETE ON "renewal_requests" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "content_version_truncate" ON "renewal_requests";
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "renewal_requests" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
