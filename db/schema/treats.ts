import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { uploadedFiles } from "./galleries";
import { users } from "./users";

/**
 * What a Treat option carries besides its text (spec §3 "data"): the subscription discount a Treat gives
 * when it pays for a subscription (payment method 3, "prize"), and the partner's url and voucher code.
 */
export interface TreatOptionData {
  /** Percentage off the subscription (1–100; 100 makes the period free). */
  discount?: number | null;
  /** How many periods the discount lasts. */
  interval?: number | null;
  /** The period the interval counts: month or year. */
  period?: "month" | "year" | null;
  url?: string | null;
  voucher?: string | null;
}

/** What a redeem recorded: the voucher shown and mailed, the url gone to, the address a gift is posted to. */
export interface TreatRedeemData {
  voucher?: string | null;
  url?: string | null;
  address?: string | null;
  /** Set when the Treat paid for a subscription (consumeTreatForSubscription). */
  subscription?: Record<string, unknown> | null;
}

/**
 * Treat options (the spec's prize options). A deleted option keeps its row (deleted_at) so members who
 * already won it keep their Treat; it is no longer drawn or listed.
 */
export const treatOptions = pgTable(
  "treat_options",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    descriptionHtml: text("description_html").notNull().default(""),
    termsHtml: text("terms_html").notNull().default(""),
    imageId: text("image_id").references(() => uploadedFiles.id, { onDelete: "set null" }),
    /** 1 subscription discount, 2 free item, 3 discount voucher, 4 posted gift, 5 generic (docs/decisions/0111). */
    type: smallint("type").notNull(),
    /** Relative chance of being drawn; 0 is never drawn. */
    weight: integer("weight").notNull().default(0),
    /** Which subscriptions the Treat's discount applies to: any, one plan type or one plan option. */
    subscriptionFilter: text("subscription_filter").$type<"none" | "type" | "option">().notNull().default("none"),
    subscriptionFilterValue: text("subscription_filter_value"),
    data: jsonb("data").$type<TreatOptionData>().notNull().default(sql`'{}'::jsonb`),
    /** Days a won Treat stays usable; null never expires. */
    expiryDays: integer("expiry_days"),
    featured: boolean("featured").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("treat_options_slug").on(t.slug).where(sql`${t.deletedAt} IS NULL`),
    check("treat_options_type", sql`${t.type} BETWEEN 1 AND 5`),
    check("treat_options_weight", sql`${t.weight} >= 0 AND ${t.weight} <= 1000000`),
    check("treat_options_filter", sql`${t.subscriptionFilter} IN ('none', 'type', 'option')`),
    check("treat_options_expiry", sql`${t.expiryDays} IS NULL OR ${t.expiryDays} BETWEEN 1 AND 3650`),
  ],
);

/**
 * Awarded Treats (the spec's awarded prizes): won by a claim, awarded by an administrator, or received as
 * a gift. At most one of redeemed, gifted, expired is ever set, and each is set by one conditional UPDATE.
 */
export const awardedTreats = pgTable(
  "awarded_treats",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    optionId: integer("option_id")
      .notNull()
      .references(() => treatOptions.id),
    source: text("source").$type<"claim" | "award" | "gift">().notNull(),
    wonAt: timestamp("won_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    redeemData: jsonb("redeem_data").$type<TreatRedeemData>(),
    giftedAt: timestamp("gifted_at", { withTimezone: true }),
    giftedUserId: integer("gifted_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The Treat this one was gifted from. */
    giftedFromId: integer("gifted_from_id"),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    awardedBy: integer("awarded_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("awarded_treats_user").on(t.userId, t.wonAt),
    index("awarded_treats_expiring").on(t.expiresAt).where(sql`${t.redeemedAt} IS NULL AND ${t.giftedAt} IS NULL AND ${t.expiredAt} IS NULL AND ${t.expiresAt} IS NOT NULL`),
    uniqueIndex("awarded_treats_gifted_from").on(t.giftedFromId).where(sql`${t.giftedFromId} IS NOT NULL`),
    check("awarded_treats_source", sql`${t.source} IN ('claim', 'award', 'gift')`),
    check("awarded_treats_one_end", sql`(${t.redeemedAt} IS NOT NULL)::int + (${t.giftedAt} IS NOT NULL)::int + (${t.expiredAt} IS NOT NULL)::int <= 1`),
  ],
);

/** How many Treats a member has claimed, and claims granted besides their points (e.g. one per subscription period). */
export const treatClaims = pgTable("treat_claims", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  claimsMade: integer("claims_made").notNull().default(0),
  bonusClaims: integer("bonus_claims").notNull().default(0),
});
