-- A saved card's expiry (issue 15, change payment method): shown with its brand and last 4 digits on
-- /account/payment/change. Null for cards saved before this column and for PayPal or Treat methods.
ALTER TABLE "payment_methods" ADD COLUMN IF NOT EXISTS "exp_month" smallint CHECK ("exp_month" BETWEEN 1 AND 12);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN IF NOT EXISTS "exp_year" smallint CHECK ("exp_year" BETWEEN 2000 AND 2200);
