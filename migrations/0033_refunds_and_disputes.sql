-- Refunds, disputes and reversals from Stripe and PayPal (issue 48, docs/decisions/0240-refunds-and-disputes.md).
-- Each provider event is stored in payment_events before it is applied; what it changed is one row here,
-- and the charge keeps the running totals the receipt and the pages read.
ALTER TABLE "charges" ADD COLUMN IF NOT EXISTS "refunded_pence" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- null: never disputed; open, won or lost.
ALTER TABLE "charges" ADD COLUMN IF NOT EXISTS "dispute_status" text;
--> statement-breakpoint
-- Seconds of premium access taken off because of this charge's money going back (a full refund, a
-- reversal, a dispute); a won dispute gives them back. null: nothing taken off.
ALTER TABLE "charges" ADD COLUMN IF NOT EXISTS "access_taken_seconds" integer;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "charge_adjustments" (
  "id" serial PRIMARY KEY,
  "charge_id" integer NOT NULL REFERENCES "charges" ("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "provider" text NOT NULL,
  "event_id" text NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('refund', 'reversal', 'dispute-opened', 'dispute-won', 'dispute-lost')),
  "amount_pence" integer NOT NULL CHECK ("amount_pence" >= 0),
  "reason" text NOT NULL DEFAULT '',
  "at" timestamptz NOT NULL DEFAULT now(),
  UNIQUE ("provider", "event_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charge_adjustments_user" ON "charge_adjustments" ("user_id", "at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charge_adjustments_at" ON "charge_adjustments" ("at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charge_adjustments_charge" ON "charge_adjustments" ("charge_id");
--> statement-breakpoint
-- Every table but the request counters moves the content version (migration 0027).
DROP TRIGGER IF EXISTS "content_version" ON "charge_adjustments";
--> statement-breakpoint
CREATE TRIGGER "content_version" AFTER INSERT OR UPDATE OR DELETE ON "charge_adjustments" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "content_version_truncate" ON "charge_adjustments";
--> statement-breakpoint
CREATE TRIGGER "content_version_truncate" AFTER TRUNCATE ON "charge_adjustments" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
