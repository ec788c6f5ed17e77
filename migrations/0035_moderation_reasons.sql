-- Why an administrator denied a listing or a review, or asked its author for changes
-- (docs/decisions/0250-moderation-reasons.md). The reason is mailed to the member and shown on their own
-- listings and reviews. A listing version whose author was asked for changes goes back to draft (4) with
-- changes_requested set; the member's next save is a new version, which starts without a reason.
ALTER TABLE "listing_versions" ADD COLUMN IF NOT EXISTS "moderation_reason" text;
--> statement-breakpoint
ALTER TABLE "listing_versions" ADD COLUMN IF NOT EXISTS "changes_requested" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "listing_versions" ADD COLUMN IF NOT EXISTS "moderated_by" integer REFERENCES "users" ("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "listing_versions" ADD COLUMN IF NOT EXISTS "moderated_at" timestamptz;
--> statement-breakpoint
ALTER TABLE "listing_versions" DROP CONSTRAINT IF EXISTS "listing_versions_moderation_reason";
--> statement-breakpoint
ALTER TABLE "listing_versions" ADD CONSTRAINT "listing_versions_moderation_reason" CHECK (char_length("moderation_reason") <= 1000);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "moderation_reason" text;
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT IF EXISTS "reviews_moderation_reason";
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderation_reason" CHECK (char_length("moderation_reason") <= 1000);
--> statement-breakpoint
-- A title that already ends with its town said it twice ("The Dog and Gun, Keswick, Keswick"): say it once
-- (app/listings/place-words.ts's fullTitleOf for new saves).
UPDATE "listings" SET "full_title" = "title"
WHERE "town" <> '' AND "full_title" = "title" || ', ' || "town" AND lower("title") LIKE '%' || lower("town");
