-- Sliding-window rate limits (app/auth/rate-limit.server.ts): the previous window's count weighs in
-- as the current window fills.
ALTER TABLE "rate_limit_buckets" ADD COLUMN IF NOT EXISTS "previous_hits" integer DEFAULT 0 NOT NULL;
