// Fixed-window rate limits kept in PostgreSQL, so every app server shares them.
import { lt, sql as rawSql } from "drizzle-orm";
import { rateLimitBuckets } from "../../db/schema";
import { db } from "../db.server";
import { FormError } from "./forms.server";
import { hashToken } from "./tokens.server";

export const RATE_LIMITS = {
  "log-in:ip": { max: 30, windowSeconds: 15 * 60 },
  "log-in:account": { max: 10, windowSeconds: 15 * 60 },
  "join:ip": { max: 10, windowSeconds: 60 * 60 },
  /** Each attempt mails the address: this keeps anyone from flooding someone's inbox. */
  "join:account": { max: 3, windowSeconds: 60 * 60 },
  "forgotten:ip": { max: 10, windowSeconds: 15 * 60 },
  "forgotten:account": { max: 3, windowSeconds: 15 * 60 },
  "reset:ip": { max: 20, windowSeconds: 15 * 60 },
  "reset:account": { max: 5, windowSeconds: 15 * 60 },
  "verify-email:account": { max: 5, windowSeconds: 15 * 60 },
  "change-email:account": { max: 5, windowSeconds: 60 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Counts one attempt; returns how long to wait when over the limit (0 when allowed). */
export async function hit(name: RateLimitName, subject: string): Promise<number> {
  const { max, windowSeconds } = RATE_LIMITS[name];
  // Accounts are keyed by a hash of the address so the table never lists emails.
  const key = `${name}:${name.endsWith(":account") ? hashToken(subject.toLowerCase()) : subject}`;
  const [row] = await db()
    .insert(rateLimitBuckets)
    .values({ key, windowStartedAt: rawSql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        hits: rawSql`CASE WHEN ${rateLimitBuckets.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE ${rateLimitBuckets.hits} + 1 END`,
        windowStartedAt: rawSql`CASE WHEN ${rateLimitBuckets.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE ${rateLimitBuckets.windowStartedAt} END`,
      },
    })
    .returning({
      hits: rateLimitBuckets.hits,
      retryAfter: rawSql<number>`ceil(extract(epoch FROM ${rateLimitBuckets.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now()))::int`,
    });
  return row.hits > max ? Math.max(1, row.retryAfter) : 0;
}

export function tooManyMessage(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `Too many attempts. Please wait ${minutes === 1 ? "a minute" : `${minutes} minutes`} and try again.`;
}

/** Counts the attempt against every limit given; over any of them, stops with a 429 and a clear message. */
export async function enforceRateLimits(...limits: [RateLimitName, string][]): Promise<void> {
  const waits = await Promise.all(limits.map(([name, subject]) => hit(name, subject)));
  const wait = Math.max(...waits);
  if (wait > 0) throw new FormError(tooManyMessage(wait), 429);
}

/** Drops windows that have long closed (hourly clean-up job). */
export async function deleteOldRateLimitBuckets(): Promise<void> {
  await db()
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStartedAt, rawSql`now() - interval '1 day'`));
}
