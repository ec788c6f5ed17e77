import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { listings } from "./listings";
import { users } from "./users";

/**
 * Review statuses: the spec's 1 live or restored, 2 accepted, 3 denied, plus 0 for a review that
 * waits for moderation (docs/decisions/0030-reviews-and-moderation.md). Only 1 and 2 are shown.
 */
export const REVIEW_STATUS = { unmoderated: 0, live: 1, accepted: 2, denied: 3 } as const;

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The review form's key (migration 0036): a retried submission finds this review instead of making another. */
    clientKey: uuid("client_key"),
    rating: smallint("rating").notNull(),
    title: text("title").notNull().default(""),
    content: text("content").notNull(),
    /** The review's gallery: uploaded_files ids in order. */
    imageIds: text("image_ids").array().notNull().default(sql`'{}'::text[]`),
    status: smallint("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    moderatedBy: integer("moderated_by").references(() => users.id, { onDelete: "set null" }),
    /** Why an administrator denied it, shown to and mailed to its author (migration 0035). */
    moderationReason: text("moderation_reason"),
    /** Treat Points are awarded once per review, the first time it is accepted. */
    pointsAwardedAt: timestamp("points_awarded_at", { withTimezone: true }),
    /** The approval mail goes once, at the first acceptance. */
    approvalMailedAt: timestamp("approval_mailed_at", { withTimezone: true }),
  },
  (t) => [
    index("reviews_listing_status").on(t.listingId, t.status, t.createdAt),
    index("reviews_user").on(t.userId),
    uniqueIndex("reviews_client_key").on(t.userId, t.clientKey),
    index("reviews_status_created").on(t.status, t.createdAt),
    check("reviews_rating", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_status", sql`${t.status} IN (0, 1, 2, 3)`),
  ],
);
