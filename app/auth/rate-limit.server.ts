// Sliding-window rate limits kept in PostgreSQL, so every app server (and every process of a Node
// cluster) shares them: one atomic upsert per hit counts the current fixed window and keeps the last
// one's count; the limit compares the current count plus the previous count weighted by how much of
// the previous window still overlaps the last `windowSeconds` (docs/decisions/0064-rate-limits.md).
import type { AppLoadContext } from "@remix-run/node";
import { lt, sql as rawSql } from "drizzle-orm";
import { rateLimitBuckets } from "../../db/schema";
import { db, preparedOnce } from "../db.server";
import { AppError } from "../../core/errors";
import { formErrorResponse } from "../error-response.server";
import { clientOf } from "./client.server";
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
  /** Visitor forms: reviews, listing submissions and edits (and the forms of later issues). */
  "visitor-form:ip": { max: 20, windowSeconds: 60 * 60 },
  "visitor-form:account": { max: 30, windowSeconds: 60 * 60 },
  /** Image uploads (each one is processed by sharp: the costliest request the site has). */
  "upload:ip": { max: 60, windowSeconds: 60 * 60 },
  "upload:account": { max: 120, windowSeconds: 60 * 60 },
  /** The JSON API, per client address: generous, since live search asks as people type. */
  "api:ip": { max: 600, windowSeconds: 60 },
  // Bark Out, contact and newsletter (issue 16): each message or sign-up is stored and mailed.
  "contact:ip": { max: 5, windowSeconds: 15 * 60 },
  "story:ip": { max: 5, windowSeconds: 60 * 60 },
  "newsletter:ip": { max: 5, windowSeconds: 15 * 60 },
  "newsletter:account": { max: 3, windowSeconds: 60 * 60 },
  /** Answers to the no-JavaScript captcha question, right or wrong, per address (decision 0255). */
  "captcha-fallback:ip": { max: 10, windowSeconds: 15 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Counts one attempt; returns how long to wait when over the limit (0 when allowed). */
export async function hit(name: RateLimitName, subject: string): Promise<number> {
  const { max, windowSeconds } = RATE_LIMITS[name];
  // Accounts are keyed by a hash of the address so the table never lists emails.
  const key = `${name}:${name.endsWith(":account") ? hashToken(subject.toLowerCase()) : subject}`;
  const [row] = await addHits([key], [1], windowSeconds);
  return secondsToWait(row.hits, row.previous_hits, row.elapsed, max, windowSeconds);
}

const windowSeconds = rawSql.placeholder("windowSeconds");
/** The bucket's window started at least one window ago (`times` 2: two windows or more ago). */
const startedBefore = (times: 1 | 2) => rawSql`${rateLimitBuckets.windowStartedAt} <= now() - ${rawSql.raw(times === 2 ? "2 * " : "")}make_interval(secs => ${windowSeconds})`;

/**
 * Adds `counts[i]` hits to the window of `keys[i]` (for one limit's `windowSeconds`), rolling each window
 * on as time has passed, and answers each key's counts. It runs for every counted request: built once and
 * sent as a prepared statement, so the builder's CPU is not spent per call (decision 0318; issue 17's
 * profile found the builder built per call cost more than the statement). Keys must be distinct.
 */
const addHitsStatement = preparedOnce((database) =>
  database
    .insert(rateLimitBuckets)
    .select(
      database
        .select({ key: rawSql<string>`u.key`.as("key"), windowStartedAt: rawSql`now()`.as("window_started_at"), hits: rawSql`u.n`.as("hits"), previousHits: rawSql`0`.as("previous_hits") })
        .from(rawSql`unnest(${rawSql.placeholder("keys")}::text[], ${rawSql.placeholder("counts")}::int[]) AS u(key, n)`),
    )
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        // Two windows or more ago: start afresh. One window ago: the current count becomes the previous one.
        previousHits: rawSql`CASE WHEN ${startedBefore(2)} THEN 0 WHEN ${startedBefore(1)} THEN ${rateLimitBuckets.hits} ELSE ${rateLimitBuckets.previousHits} END`,
        hits: rawSql`CASE WHEN ${startedBefore(1)} THEN excluded.hits ELSE ${rateLimitBuckets.hits} + excluded.hits END`,
        windowStartedAt: rawSql`CASE WHEN ${startedBefore(2)} THEN now()
                                     WHEN ${startedBefore(1)} THEN ${rateLimitBuckets.windowStartedAt} + make_interval(secs => ${windowSeconds})
                                     ELSE ${rateLimitBuckets.windowStartedAt} END`,
      },
    })
    .returning({
      key: rateLimitBuckets.key,
      hits: rateLimitBuckets.hits,
      previous_hits: rateLimitBuckets.previousHits,
      elapsed: rawSql<number>`extract(epoch FROM now() - ${rateLimitBuckets.windowStartedAt})::float8`,
    })
    .prepare("rate_limit_hits"),
);

export function addHits(keys: string[], counts: number[], windowSeconds: number) {
  return addHitsStatement().execute({ keys, counts, windowSeconds });
}

/**
 * The sliding window's verdict: `hits` in the current window (started `elapsed` seconds ago) plus the
 * previous window's `previousHits`, weighted by how much of it still overlaps the span. 0 when within
 * `max`, else the seconds to wait.
 */
export function secondsToWait(hits: number, previousHits: number, elapsed: number, max: number, windowSeconds: number): number {
  const overlap = Math.max(0, 1 - elapsed / windowSeconds);
  const count = hits + previousHits * overlap;
  if (count <= max) return 0;
  // Wait until the previous window has slid far enough out (or, if the current one alone is over, until it ends).
  const needed = hits >= max ? windowSeconds - elapsed : previousHits > 0 ? ((count - max) / previousHits) * windowSeconds : 1;
  return Math.max(1, Math.ceil(needed));
}

export function tooManyMessage(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `Too many attempts. Please wait ${minutes === 1 ? "a minute" : `${minutes} minutes`} and try again.`;
}

/** Counts the attempt against every limit given; over any of them, stops with a 429 and a clear message. */
export async function enforceRateLimits(...limits: [RateLimitName, string][]): Promise<void> {
  const waits = await Promise.all(limits.map(([name, subject]) => hit(name, subject)));
  const wait = Math.max(...waits);
  if (wait > 0) throw new AppError(429, tooManyMessage(wait), { retryAfterSeconds: wait, code: "rate-limited" });
}

/** The per-IP and per-account (or per-visitor) limits of a visitor form: reviews, listings, and later forms. */
export async function limitVisitorForm(request: Request, context: AppLoadContext | undefined, user: { id: number } | null): Promise<void> {
  const limits: [RateLimitName, string][] = [["visitor-form:ip", clientOf(request, context).ip]];
  if (user) limits.push(["visitor-form:account", `user:${user.id}`]);
  await enforceRateLimits(...limits);
}

/** The per-IP and per-uploader limits of image uploads. */
export async function limitUploads(request: Request, context: AppLoadContext | undefined, uploader: { user: { id: number } | null; visitorKey: string | null }): Promise<void> {
  const limits: [RateLimitName, string][] = [["upload:ip", clientOf(request, context).ip]];
  const owner = uploader.user ? `user:${uploader.user.id}` : uploader.visitorKey ? `visitor:${uploader.visitorKey}` : null;
  if (owner) limits.push(["upload:account", owner]);
  await enforceRateLimits(...limits);
}

/** A form's answer to a 429: its message on the form, with Retry-After. */
export function rateLimited(error: AppError) {
  return formErrorResponse(error);
}

/** Drops windows that have long closed (hourly clean-up job). */
export async function deleteOldRateLimitBuckets(): Promise<void> {
  await db()
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStartedAt, rawSql`now() - interval '1 day'`));
}
