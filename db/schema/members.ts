import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { uploadedFiles } from "./galleries";
import { users } from "./users";

/** The account checklist's own state: whether the member dismissed it, and when they followed us on social media. */
export const memberChecklists = pgTable("member_checklists", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
  /** The spec's social-media-subscribed: set once, the first time the member marks the follow prompts done. */
  socialMediaSubscribedAt: timestamp("social_media_subscribed_at", { withTimezone: true }),
});

// The leaderboard index (points_entries_awarded_leaderboard, with INCLUDE) is declared in migration 0016 only: drizzle cannot express INCLUDE.

/** A member's profile gallery: uploaded images (the spec's gallery items), newest first on the profile. */
export const memberGalleryItems = pgTable(
  "member_gallery_items",
  {
    fileId: text("file_id")
      .primaryKey()
      .references(() => uploadedFiles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_gallery_items_user").on(t.userId, t.createdAt)],
);

/**
 * Invitations a member sent to a friend. The friend joins through the mailed link with the invited
 * address (joined_user_id); verifying that address credits the referrer once (credited_at, and the
 * ledger's one entry per source).
 */
export const referrals = pgTable(
  "referrals",
  {
    id: serial("id").primaryKey(),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    message: text("message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    joinedUserId: integer("joined_user_id").references(() => users.id, { onDelete: "set null" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("referrals_referrer_email").on(t.referrerId, sql`lower(${t.email})`),
    uniqueIndex("referrals_joined_user").on(t.joinedUserId).where(sql`${t.joinedUserId} IS NOT NULL`),
    index("referrals_referrer_created").on(t.referrerId, t.createdAt),
  ],
);
