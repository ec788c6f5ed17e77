import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { countries } from "./geo";

/** Profile attributes kept as one JSON object, as the spec's websiteUsers attributes call sends them. */
export interface UserAttributes {
  bio?: string;
  "profile-image"?: string | null;
  gallery?: string | null;
  "twitter-username"?: string;
}

/** Website users (members) and administrators. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** argon2id; null for an account that has never set a password (one made by an administrator). */
    passwordHash: text("password_hash"),
    username: text("username"),
    isAdmin: boolean("is_admin").notNull().default(false),
    emailVerified: boolean("email_verified").notNull().default(false),
    /** Awarded Treat Points; pending ones (unverified email) live only in points_entries. */
    points: integer("points").notNull().default(0),
    /** bio, profile-image, gallery, twitter-username */
    attributes: jsonb("attributes").$type<UserAttributes>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when an administrator deletes the account: it is deactivated and anonymised, never removed. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_lower").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_lower").on(sql`lower(${t.username})`),
    index("users_created").on(t.createdAt),
  ],
);

/**
 * Sessions are rows so that one or all of a member's sessions can be ended. The cookie holds a random
 * token; the row's id is the token's SHA-256, so neither the database nor the sessions page holds a
 * usable credential (docs/decisions/0010-accounts.md).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/** A member's postal addresses; the first (lowest id) is the one used. */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    town: text("town").notNull(),
    county: text("county").notNull().default(""),
    postcode: text("postcode").notNull(),
    countryId: integer("country_id")
      .notNull()
      .default(235)
      .references(() => countries.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user").on(t.userId)],
);

export const ACCOUNT_TOKEN_PURPOSES = ["verify-email", "change-email", "reset-password"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** Single-use links sent by mail. Only the token's SHA-256 is stored. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address the link was sent to: for change-email, the new address. */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("account_tokens_user_purpose").on(t.userId, t.purpose),
    check("account_tokens_purpose", sql`${t.purpose} IN ('verify-email', 'change-email', 'reset-password')`),
  ],
);

/** Where Treat Points come from (points_entries.source_kind); 'legacy' marks entries from before sources were kept. */
export const POINTS_SOURCE_KINDS = ["legacy", "listing", "review", "award", "referral", "treat", "bio", "welcome"] as const;
export type PointsSourceKind = (typeof POINTS_SOURCE_KINDS)[number];

/**
 * The Treat Points ledger, the single source of truth for a member's points (app/points/ledger.server.ts).
 * Pending entries belong to members whose email is not yet verified. One entry per (source_kind,
 * source_id): a repeated award of the same source is not counted twice.
 */
export const pointsEntries = pgTable(
  "points_entries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    points: integer("points").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<"awarded" | "pending">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    awardedAt: timestamp("awarded_at", { withTimezone: true }),
    /** The administrator who awarded it, or null for points the site gives by itself. */
    awardedBy: integer("awarded_by").references(() => users.id, { onDelete: "set null" }),
    sourceKind: text("source_kind").$type<PointsSourceKind>().notNull().default("legacy"),
    /** The listing, review or award request the points are for: with source_kind, unique. */
    sourceId: text("source_id"),
  },
  (t) => [
    index("points_entries_user").on(t.userId, t.createdAt),
    check("points_entries_status", sql`${t.status} IN ('awarded', 'pending')`),
    check("points_entries_source_kind", sql`${t.sourceKind} IN ('legacy', 'listing', 'review', 'award', 'referral', 'treat', 'bio', 'welcome')`),
    uniqueIndex("points_entries_source").on(t.sourceKind, t.sourceId).where(sql`${t.sourceId} IS NOT NULL`),
  ],
);

/** The mailing lists a member can subscribe to from the email settings. */
export const mailingLists = pgTable("mailing_lists", {
  id: smallint("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  position: smallint("position").notNull(),
});

export const mailingListSubscriptions = pgTable(
  "mailing_list_subscriptions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listId: smallint("list_id")
      .notNull()
      .references(() => mailingLists.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listId] })],
);

/** Fixed-window counters for rate limits: one row per (action, IP or account). */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
  /** Hits of the window before this one: a sliding window weighs them by how much of it still overlaps. */
  previousHits: integer("previous_hits").notNull().default(0),
});

/** Captcha solutions already accepted: a solution is accepted once, until its challenge expires. */
export const captchaSpent = pgTable(
  "captcha_spent",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("captcha_spent_expires").on(t.expiresAt)],
);

/** Mail received by the local mail catcher (no SMTP_URL): listed at /dev/mail in development. */
export const caughtMail = pgTable(
  "caught_mail",
  {
    id: serial("id").primaryKey(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    mailFrom: text("mail_from").notNull(),
    rcptTo: text("rcpt_to").array().notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
  },
  (t) => [index("caught_mail_received").on(t.receivedAt)],
);
