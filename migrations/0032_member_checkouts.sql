-- One payment in flight per member (issue 48, docs/decisions/0235-one-payment-in-flight-per-member.md).
-- A checkout, switch, renewal or Treat payment first takes the member's row here (a lease with a token
-- and an end, so a crashed process frees it); every other tab of the same member waits for it and then
-- sees what the first one did. No connection is held while a provider is asked.
CREATE TABLE IF NOT EXISTS "member_checkouts" (
  "user_id" integer PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
  "intent" text NOT NULL,
  "token" uuid NOT NULL,
  "held_until" timestamptz NOT NULL
);
--> statement-breakpoint
-- The page that asked for a charge last: its doubled submit is answered with the charge, another page's
-- is told what the member has just bought. Charge keys name what is bought, not the page.
ALTER TABLE "charges" ADD COLUMN IF NOT EXISTS "request_key" uuid;
--> statement-breakpoint
-- A part-paying Treat a charge uses (decision 0238): it is used up when the charge is paid.
ALTER TABLE "charges" ADD COLUMN IF NOT EXISTS "treat_id" integer REFERENCES "awarded_treats" ("id") ON DELETE SET NULL;
--> statement-breakpoint
-- When a method's last charge was declined: it is not offered again until a payment with it succeeds.
ALTER TABLE "payment_methods" ADD COLUMN IF NOT EXISTS "declined_at" timestamptz;
--> statement-breakpoint
-- Every table but the request counters moves the content version (migration 0027).
DROP TRIGGER IF EXISTS "content_version" ON "member_checkouts";
--> statement-breakpoint
CREATE TRIGGER "content_version" AFTER INSERT OR UPDATE OR DELETE ON "member_checkouts" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "content_version_truncate" ON "member_checkouts";
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "member_checkouts" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
