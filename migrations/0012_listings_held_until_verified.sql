-- A listing submitted by a member whose email address is not verified yet is held (kept as a draft)
-- and sent for moderation when the address is verified (docs/decisions/0045).
ALTER TABLE "listing_versions" ADD COLUMN IF NOT EXISTS "held_until_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listing_versions_held" ON "listing_versions" USING btree ("user_id") WHERE "held_until_verified";
--> statement-breakpoint
-- Demo data seeded before the fix said the county twice ("dog walk near Plymouth, Plymouth"): say it once.
UPDATE "listings" SET "full_title" = "title"
WHERE "county" <> '' AND "full_title" = "title" || ', ' || "county" AND lower("title") LIKE '%' || lower("county");
