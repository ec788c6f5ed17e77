-- Subscriptions and payments (issue 15, docs/decisions/0120-payments.md): saved payment methods,
-- subscriptions with their history, charges (one idempotency key each), receipts, friendly discount
-- links, and the provider events already applied (so a replayed webhook changes nothing).
CREATE TABLE IF NOT EXISTS "affiliate_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"discount_percent" integer NOT NULL CHECK ("discount_percent" BETWEEN 1 AND 100),
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "affiliate_links_code" ON "affiliate_links" USING btree (lower("code"));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_customers" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"stripe_customer_id" text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"method" smallint NOT NULL CHECK ("method" IN (1, 2, 3)),
	"provider_ref" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"last4" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payment_methods_user_ref" ON "payment_methods" USING btree ("user_id", "provider_ref");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"plan" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"payment_method_id" integer REFERENCES "payment_methods"("id") ON DELETE set null,
	"affiliate_link_id" integer REFERENCES "affiliate_links"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One current subscription per member: a switch ends the old one in the same transaction.
CREATE UNIQUE INDEX IF NOT EXISTS "subscriptions_one_current" ON "subscriptions" USING btree ("user_id") WHERE "ended_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_renewal_due" ON "subscriptions" USING btree ("expires_at") WHERE "ended_at" IS NULL AND "auto_renew";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "subscription_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscription_events_subscription" ON "subscription_events" USING btree ("subscription_id", "at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"idempotency_key" text NOT NULL UNIQUE,
	"purpose" text NOT NULL CHECK ("purpose" IN ('subscribe', 'renew', 'switch')),
	"plan" text NOT NULL,
	"subscription_id" integer REFERENCES "subscriptions"("id") ON DELETE set null,
	"payment_method_id" integer REFERENCES "payment_methods"("id") ON DELETE set null,
	"affiliate_link_id" integer REFERENCES "affiliate_links"("id") ON DELETE set null,
	"amount_pence" integer NOT NULL CHECK ("amount_pence" >= 0),
	"discount_pence" integer DEFAULT 0 NOT NULL CHECK ("discount_pence" >= 0),
	"currency" text DEFAULT 'gbp' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'requires_action', 'succeeded', 'failed')),
	"provider_ref" text UNIQUE,
	"period_end" timestamp with time zone,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charges_user" ON "charges" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_id" integer NOT NULL UNIQUE REFERENCES "charges"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"number" text NOT NULL UNIQUE,
	"description" text NOT NULL,
	"amount_pence" integer NOT NULL CHECK ("amount_pence" >= 0),
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"payment_description" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "receipts_user" ON "receipts" USING btree ("user_id", "issued_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("provider", "event_id")
);
