import { mkdtemp, readdir, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BatchedLimit } from "../../app/auth/batched-limit.server";
import { enforceRateLimits, hit, RATE_LIMITS } from "../../app/auth/rate-limit.server";
import { hashToken } from "../../app/auth/tokens.server";
import { closeDatabase, sql } from "../../app/db.server";
import { AppError } from "../../core/errors";
import { createUpload, deleteAbandonedUploads, FILE_MESSAGES, UPLOAD_BYTES_PER_DAY } from "../../app/uploads/files.server";
import type { Uploader } from "../../app/uploads/uploader.server";

// Abuse limits: the PostgreSQL sliding window (atomic under concurrency, as under a Node cluster),
// 429 with Retry-After, the daily upload budget and the clean-up of uploads never attached.
let uploadDir = "";
const users: number[] = [];
const run = `${process.pid}-${Date.now()}`;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), "pawroute-abuse-"));
  process.env.UPLOAD_DIR = uploadDir;
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email) VALUES (${`abuse-${run}@test.pawroute`}) RETURNING id`;
  users.push(row.id);
});

afterAll(async () => {
  await sql()`DELETE FROM uploaded_files WHERE user_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await sql()`DELETE FROM rate_limit_buckets WHERE key LIKE ${`%${run}%`} OR key LIKE ${`%${hashToken(`slide-${run}@test`)}%`}`;
  await closeDatabase();
  await rm(uploadDir, { recursive: true, force: true });
});

function member(id: number): Uploader {
  return { user: { id, email: `u${id}@test`, username: null, isAdmin: false, emailVerified: true, hasPassword: true, sessionId: "x" }, visitorKey: null };
}

describe("rate limits", () => {
  it("keeps its windows in an unlogged table: a counted request waits for no WAL flush (decision 0171)", async () => {
    const [table] = await sql()<{ persistence: string }[]>`SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'rate_limit_buckets'`;
    expect(table.persistence).toBe("u");
  });

  it("lets exactly the limit through when many requests arrive at once", async () => {
    // join:account allows 3 an hour: 40 simultaneous attempts on 4 connections, 3 allowed.
    const waits = await Promise.all(Array.from({ length: 40 }, () => hit("join:account", `race-${run}@test`)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
    expect(waits.filter((wait) => wait > 0).every((wait) => wait <= 3600)).toBe(true);
  });

  it("slides: the last window's attempts count for the part of it still inside the limit's span", async () => {
    const email = `slide-${run}@test`;
    const key = `log-in:account:${hashToken(email)}`;
    // log-in:account allows 10 per 15 minutes.
    for (let i = 0; i < 10; i++) expect(await hit("log-in:account", email)).toBe(0);
    expect(await hit("log-in:account", email)).toBeGreaterThan(0);
    // One window later, the 11 attempts still weigh almost fully: refused.
    await sql()`UPDATE rate_limit_buckets SET window_started_at = now() - interval '15 minutes 10 seconds' WHERE key = ${key}`;
    expect(await hit("log-in:account", email)).toBeGreaterThan(0);
    // Halfway through the next window, half of the last window's 11 count: 5.5 + 2 ≤ 10, allowed.
    await sql()`UPDATE rate_limit_buckets SET window_started_at = now() - interval '7 minutes 30 seconds', hits = 1, previous_hits = 11 WHERE key = ${key}`;
    expect(await hit("log-in:account", email)).toBe(0);
    // Two windows later, everything is forgotten.
    await sql()`UPDATE rate_limit_buckets SET window_started_at = now() - interval '31 minutes', hits = 50, previous_hits = 50 WHERE key = ${key}`;
    expect(await hit("log-in:account", email)).toBe(0);
  });

  it("answers over the limit with a 429 that carries Retry-After and the form's message", async () => {
    const subject = `ip-${run}`;
    const error = await (async () => {
      for (let i = 0; i < 30; i++) await enforceRateLimits(["join:ip", subject]);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    if (!(error instanceof AppError)) return;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.message).toMatch(/^Too many attempts\. Please wait (a minute|\d+ minutes) and try again\.$/);
  });
});

// The JSON API's limit counts in memory and adds to the shared window once a second (decision 0204).
// A flush interval no test reaches: each test flushes when it means to.
describe("the JSON API's limit, counted in each process and shared through the database", () => {
  const { max } = RATE_LIMITS["api:ip"];
  const never = 1e9;

  it("one process alone is exact: the limit's requests pass and the next is refused, before any flush", () => {
    const limit = new BatchedLimit("api:ip", never);
    const subject = `alone-${run}`;
    for (let i = 0; i < max; i++) expect(limit.hit(subject)).toBe(0);
    expect(limit.hit(subject)).toBeGreaterThan(0);
    expect(limit.hit(`other-${run}`)).toBe(0);
  });

  it("processes share the window once each has flushed: the hits add up in one row", async () => {
    const a = new BatchedLimit("api:ip", never);
    const b = new BatchedLimit("api:ip", never);
    const subject = `shared-${run}`;
    for (let i = 0; i < 400; i++) expect(a.hit(subject)).toBe(0);
    await a.flush();
    // B has not heard from A's hits yet: its own 300 pass (the second's slack the decision accepts).
    for (let i = 0; i < 300; i++) expect(b.hit(subject)).toBe(0);
    await b.flush();
    const [row] = await sql()<{ hits: number }[]>`SELECT hits FROM rate_limit_buckets WHERE key = ${`api:ip:${subject}`}`;
    expect(row.hits).toBe(700);
    // B now knows the shared 700: over the limit. A does not until its next flush, then it does too.
    expect(b.hit(subject)).toBeGreaterThan(0);
    expect(a.hit(subject)).toBe(0);
    await a.flush();
    expect(a.hit(subject)).toBeGreaterThan(0);
  });

  it("a flush started while another is in flight waits for it, so the process keeps counting both batches", async () => {
    const limit = new BatchedLimit("api:ip", never);
    const subject = `overlap-${run}`;
    for (let i = 0; i < max - 1; i++) limit.hit(subject);
    const first = limit.flush();
    expect(limit.hit(subject)).toBe(0);
    const second = limit.flush();
    // The limit's requests are all counted (max - 1 on their way, one waiting): the next is one too many.
    expect(limit.hit(subject)).toBeGreaterThan(0);
    await Promise.all([first, second]);
    const [row] = await sql()<{ hits: number }[]>`SELECT hits FROM rate_limit_buckets WHERE key = ${`api:ip:${subject}`}`;
    expect(row.hits).toBe(max + 1);
  });

  it("slides on the process's clock between flushes, as the database slides the window", async () => {
    const limit = new BatchedLimit("api:ip", never);
    const subject = `slide-${run}`;
    for (let i = 0; i < max; i++) limit.hit(subject);
    await limit.flush();
    const now = Date.now();
    expect(limit.hit(subject, now + 1_000)).toBeGreaterThan(0);
    // A window and a second later the last window's hits count for 59/60: 590 + 2 ≤ 600.
    expect(limit.hit(subject, now + 61_000)).toBe(0);
    // Two windows later, nothing is remembered.
    expect(limit.hit(subject, now + 125_000)).toBe(0);
  });
});

describe("uploads", () => {
  it("refuses an upload past the member's daily size budget", async () => {
    await sql()`INSERT INTO uploaded_files (id, user_id, source_format, width, height, bytes, versions)
      VALUES (${`b${run}`.replace(/\D/g, "").padEnd(24, "0").slice(0, 24)}, ${users[0]}, 'jpeg', 1, 1, ${UPLOAD_BYTES_PER_DAY - 1000}, '{}')`;
    const error = await createUpload(member(users[0]), readFileSync(path.resolve("tests/fixtures/images/with-gps.jpg"))).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error instanceof AppError && [error.status, error.message]).toEqual([429, FILE_MESSAGES.tooMuch]);
    await sql()`DELETE FROM uploaded_files WHERE user_id = ${users[0]}`;
  });

  it("removes uploads never attached after 24 hours, and keeps recent and attached ones", async () => {
    const image = readFileSync(path.resolve("tests/fixtures/images/with-gps.jpg"));
    const old = await createUpload(member(users[0]), image);
    const recent = await createUpload(member(users[0]), image);
    const attached = await createUpload(member(users[0]), image);
    await sql()`UPDATE uploaded_files SET created_at = now() - interval '25 hours' WHERE id IN (${old.id}, ${attached.id})`;
    await sql()`UPDATE uploaded_files SET attached_at = now() WHERE id = ${attached.id}`;

    expect(await deleteAbandonedUploads()).toBeGreaterThanOrEqual(1);
    const left = await sql()<{ id: string }[]>`SELECT id FROM uploaded_files WHERE user_id = ${users[0]} ORDER BY id`;
    expect(left.map((row) => row.id).sort()).toEqual([recent.id, attached.id].sort());
    const stored = (await Promise.all((await readdir(uploadDir)).map(async (prefix) => readdir(path.join(uploadDir, prefix))))).flat();
    expect(stored).not.toContain(old.id);
    expect(stored).toEqual(expect.arrayContaining([recent.id, attached.id]));
  });
});
