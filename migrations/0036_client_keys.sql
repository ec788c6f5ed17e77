-- Creations a client may send twice (docs/decisions/0258-client-keys.md): each form carries a key made
-- when it was rendered, stored with what it created, unique per member, so a retry of a request that
-- was committed but not answered (a 503 while the database stopped) finds the first result instead of
-- making a second list or review. NULL for rows made without a key (the API, older rows): NULLs are
-- distinct, so they never collide.
ALTER TABLE "favourite_lists" ADD COLUMN IF NOT EXISTS "client_key" uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "favourite_lists_client_key" ON "favourite_lists" ("user_id", "client_key");
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "client_key" uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reviews_client_key" ON "reviews" ("user_id", "client_key");
--> statement-breakpoint
-- Contact messages come from visitors too: the key alone (random, made per rendered form) is unique.
ALTER TABLE "contact_messages" ADD COLUMN IF NOT EXISTS "client_key" uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contact_messages_client_key" ON "contact_messages" ("client_key");
