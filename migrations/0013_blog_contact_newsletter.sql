-- Bark Out blog (posts, categories, stories, book order, favourites), contact messages and the
-- visitors' newsletter list with double opt-in (issue 16, docs/decisions/0070-blog-posts.md).
CREATE TABLE IF NOT EXISTS "blog_categories" (
  "id" smallint PRIMARY KEY,
  "slug" text NOT NULL UNIQUE,
  "name" text NOT NULL,
  "position" smallint NOT NULL
);
--> statement-breakpoint
INSERT INTO "blog_categories" ("id", "slug", "name", "position") VALUES
  (1, 'walks', 'Walks', 1),
  (2, 'travel-tips', 'Travel tips', 2),
  (3, 'pubs-and-cafes', 'Pubs and cafes', 3),
  (4, 'beaches', 'Beaches', 4),
  (5, 'dog-health', 'Dog health', 5),
  (6, 'books', 'Books', 6),
  (7, 'your-stories', 'Your stories', 7)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "blog_posts" (
  "id" serial PRIMARY KEY,
  "slug" text NOT NULL UNIQUE,
  "title" text NOT NULL,
  "excerpt" text NOT NULL DEFAULT '',
  "body_html" text NOT NULL DEFAULT '',
  "body_text" text NOT NULL DEFAULT '',
  "status" text NOT NULL DEFAULT 'draft',
  "published_at" timestamp with time zone,
  "author_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "author_name" text NOT NULL DEFAULT '',
  "gallery" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "story" jsonb,
  "story_points_awarded_at" timestamp with time zone,
  "book_order" integer,
  "search" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "excerpt"), 'B') || setweight(to_tsvector('english', "body_text"), 'C')) STORED,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "blog_posts_status" CHECK ("status" IN ('draft', 'scheduled', 'published')),
  CONSTRAINT "blog_posts_slug" CHECK ("slug" ~ '^[a-z0-9_-]{1,120}$'),
  CONSTRAINT "blog_posts_dated" CHECK ("status" = 'draft' OR "published_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blog_posts_search" ON "blog_posts" USING gin ("search");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blog_posts_status_published" ON "blog_posts" ("status", "published_at" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "blog_post_categories" (
  "post_id" integer NOT NULL REFERENCES "blog_posts"("id") ON DELETE CASCADE,
  "category_id" smallint NOT NULL REFERENCES "blog_categories"("id") ON DELETE CASCADE,
  PRIMARY KEY ("post_id", "category_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blog_post_categories_category" ON "blog_post_categories" ("category_id", "post_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "blog_favourites" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "post_id" integer NOT NULL REFERENCES "blog_posts"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "post_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "contact_messages" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  "email" text NOT NULL,
  "message" text NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "read_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_created" ON "contact_messages" ("created_at" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "newsletter_subscribers" (
  "id" serial PRIMARY KEY,
  "email" text NOT NULL,
  "token_hash" text NOT NULL UNIQUE,
  "confirmed_at" timestamp with time zone,
  "unsubscribed_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "newsletter_subscribers_email_lower" ON "newsletter_subscribers" (lower("email"));
