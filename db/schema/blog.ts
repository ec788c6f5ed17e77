import { sql } from "drizzle-orm";
import { check, customType, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A post is a draft, scheduled (shown from its published date) or published (docs/decisions/0070; app/blog/statuses.ts). */
export type BlogPostStatus = "draft" | "scheduled" | "published";

/** One gallery item: an uploaded image, or a video (a self-hosted file or an embeddable URL, shown after a click). */
export type BlogGalleryItem = { kind: "image"; id: string; alt: string } | { kind: "video"; url: string; title: string };

/** What a member wrote in the story form (public-directory.md §3: likes, favourite-walks, walk-activities). */
export interface BlogStory {
  likes: string;
  favouriteWalks: string;
  walkActivities: string;
  /** A visitor's name and address (members are the post's author). */
  name?: string;
  email?: string;
}

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const blogCategories = pgTable("blog_categories", {
  id: smallint("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  position: smallint("position").notNull(),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** Sanitised with the rich-text allowlist (app/listings/sanitise.server.ts). */
    bodyHtml: text("body_html").notNull().default(""),
    /** The body's plain text, for full-text search and snippets. */
    bodyText: text("body_text").notNull().default(""),
    status: text("status").$type<BlogPostStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull().default(""),
    gallery: jsonb("gallery").$type<BlogGalleryItem[]>().notNull().default(sql`'[]'::jsonb`),
    /** Set for a submitted story: what the member wrote. */
    story: jsonb("story").$type<BlogStory>(),
    /** The story's Treat Points are awarded once, the first time it is published. */
    storyPointsAwardedAt: timestamp("story_points_awarded_at", { withTimezone: true }),
    /** The position of a book post on the books page (account-and-back-office.md §3: Book post order). */
    bookOrder: integer("book_order"),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "excerpt"), 'B') || setweight(to_tsvector('english', "body_text"), 'C')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_posts_search").using("gin", t.search),
    index("blog_posts_status_published").on(t.status, t.publishedAt.desc()),
    check("blog_posts_status", sql`${t.status} IN ('draft', 'scheduled', 'published')`),
    check("blog_posts_slug", sql`${t.slug} ~ '^[a-z0-9_-]{1,120}$'`),
    check("blog_posts_dated", sql`${t.status} = 'draft' OR ${t.publishedAt} IS NOT NULL`),
  ],
);

export const blogPostCategories = pgTable(
  "blog_post_categories",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    categoryId: smallint("category_id")
      .notNull()
      .references(() => blogCategories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.categoryId] }), index("blog_post_categories_category").on(t.categoryId, t.postId)],
);

export const blogFavourites = pgTable(
  "blog_favourites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/** Messages sent with the contact form (/contact and /faqs); the back office marks them read. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The contact form's key (migration 0036): a retried message finds this one instead of sending another. */
    clientKey: uuid("client_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created").on(t.createdAt.desc()), uniqueIndex("contact_messages_client_key").on(t.clientKey)],
);

/** Visitors' newsletter sign-ups: double opt-in (confirmed_at) and one-click unsubscribe, both by a mailed token (its SHA-256 is kept). */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_subscribers_email_lower").on(sql`lower(${t.email})`)],
);
