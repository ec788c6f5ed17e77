import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

// Subscriptions and payments (issue 15, migration 0018, docs/decisions/0120-payments.md). Plans are
// configuration (app/payments/plans.ts), so rows name a plan by its slug. Money is integer pence.

/** Friendly discount links: a code in a link that takes a percentage off the first payment, until an optional expiry. */
export const affiliateLinks = pgTable(
  "affiliate_links",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    discountPercent: integer("discount_percent").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("affiliate_links_code").on(sql`lower(${t.code})`)],
);

/** The member's customer at the card provider. */
export const paymentCustomers = pgTable("payment_customers", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
});

/** Saved payment methods: the spec's method codes 1 PayPal, 2 card, 3 prize (a Treat that pays). */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: smallint("method").notNull(),
    providerRef: text("provider_ref").notNull(),
    brand: text("brand").notNull().default(""),
    last4: text("last4").notNull().default(""),
    /** A card's expiry (migration 0024); null for PayPal, Treats and cards saved before it. */
    expMonth: smallint("exp_month"),
    expYear: smallint("exp_year"),
    /** Set by a declined charge, cleared by a paid one (migration 0032): a declined method is not offered again. */
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_methods_user_ref").on(t.userId, t.providerRef)],
);

/** A member's subscription to a plan; ended_at is set when a switch replaces it (one current per member). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    autoRenew: boolean("auto_renew").notNull().default(true),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    affiliateLinkId: integer("affiliate_link_id").references(() => affiliateLinks.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_one_current").on(t.userId).where(sql`${t.endedAt} IS NULL`),
    index("subscriptions_renewal_due").on(t.expiresAt).where(sql`${t.endedAt} IS NULL AND ${t.autoRenew}`),
  ],
);

/** A subscription's history: created, renewed, auto-renew enabled, cancelled, switched, renewal failed. */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    detail: text("detail").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscription_events_subscription").on(t.subscriptionId, t.at)],
);

/** Every attempt to take money; the idempotency key makes a retried or doubled request the same charge. */
export const charges = pgTable(
  "charges",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    purpose: text("purpose").notNull().$type<"subscribe" | "renew" | "switch">(),
    plan: text("plan").notNull(),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id, { onDelete: "set null" }),
    affiliateLinkId: integer("affiliate_link_id").references(() => affiliateLinks.id, { onDelete: "set null" }),
    amountPence: integer("amount_pence").notNull(),
    discountPence: integer("discount_pence").notNull().default(0),
    currency: text("currency").notNull().default("gbp"),
    status: text("status").notNull().default("pending").$type<"pending" | "requires_action" | "succeeded" | "failed">(),
    providerRef: text("provider_ref").unique(),
    /** The expiry this charge pays up to (renew, switch); a new subscription's is set when it succeeds. */
    periodEnd: timestamp("period_end", { withTimezone: true }),
    failureCode: text("failure_code"),
    /** A part-paying Treat (awarded_treats.id) this charge uses, used up when it is paid (migration 0032). */
    treatId: integer("treat_id"),
    /** The page (its one-per-page key) that asked for this charge last (migration 0032). */
    requestKey: uuid("request_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp("succeeded_at", { withTimezone: true }),
    /** Money given back so far (refunds, a reversal, a lost dispute): migration 0033. */
    refundedPence: integer("refunded_pence").notNull().default(0),
    disputeStatus: text("dispute_status").$type<"open" | "won" | "lost">(),
    /** Seconds of premium access taken off because this charge's money went back; a won dispute gives them back. */
    accessTakenSeconds: integer("access_taken_seconds"),
  },
  (t) => [index("charges_user").on(t.userId, t.createdAt)],
);

/** The renew page (its one-per-page key) that asked for a renewal charge: a doubled submit renews once (decision 0200). */
export const renewalRequests = pgTable(
  "renewal_requests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: uuid("key").notNull(),
    chargeId: integer("charge_id")
      .notNull()
      .references(() => charges.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** One receipt per succeeded charge. */
export const receipts = pgTable(
  "receipts",
  {
    id: serial("id").primaryKey(),
    chargeId: integer("charge_id")
      .notNull()
      .unique()
      .references(() => charges.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    number: text("number").notNull().unique(),
    description: text("description").notNull(),
    amountPence: integer("amount_pence").notNull(),
    discountPence: integer("discount_pence").notNull().default(0),
    paymentDescription: text("payment_description").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("receipts_user").on(t.userId, t.issuedAt)],
);

/** Provider events (webhooks) already applied, stored before they are applied. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The one payment a member has in flight (checkout, switch, renewal, Treat): a lease other tabs wait on (migration 0032, decision 0235). */
export const memberCheckouts = pgTable("member_checkouts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  intent: text("intent").notNull(),
  token: uuid("token").notNull(),
  heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
});
export type ChargeAdjustmentKind = "refund" | "reversal" | "dispute-opened" | "dispute-won" | "dispute-lost";

/** What each refund, reversal or dispute event changed (migration 0033, decision 0240); one row per provider event. */
export const chargeAdjustments = pgTable(
  "charge_adjustments",
  {
    id: serial("id").primaryKey(),
    chargeId: integer("charge_id")
      .notNull()
      .references(() => charges.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull().$type<"stripe" | "paypal">(),
    eventId: text("event_id").notNull(),
    kind: text("kind").notNull().$type<ChargeAdjustmentKind>(),
    amountPence: integer("amount_pence").notNull(),
    reason: text("reason").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("charge_adjustments_provider_event_id_key").on(t.provider, t.eventId),
    index("charge_adjustments_user").on(t.userId, t.at),
    index("charge_adjustments_at").on(t.at),
    index("charge_adjustments_charge").on(t.chargeId),
  ],
);
