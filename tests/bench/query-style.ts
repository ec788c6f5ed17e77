// npx tsx tests/bench/query-style.ts — the three statements every request can run (session lookup, rate
// limit hit, content version), each sent as a postgres.js template (the style before decision 0318) and as
// drizzle (builder, prepared builder, `sql` through db().execute): wall time per call in one process,
// database round trip included, and the process CPU per call. Figures are printed, never asserted.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { machineLine } from "./server";

process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:55432/pawroute";
process.env.SESSION_SECRET ??= "bench-only-session-secret-0123456789abcdef";

const { and, eq, gt, sql } = await import("drizzle-orm");
const { rateLimitBuckets, sessions, users } = await import("../../db/schema");
const { closeDatabase, db, sql: pool } = await import("../../app/db.server");
const { hashToken, newToken } = await import("../../app/auth/tokens.server");

const N = Number(process.env.BENCH_CALLS ?? 3_000);
const ROUNDS = 3;

async function measure(name: string, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await fn(i); // warm up (JIT, prepared statements)
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  console.log(`  ${name.padEnd(46)} p50 ${at(50).toFixed(3)} ms  p95 ${at(95).toFixed(3)} ms  cpu ${(((used.user + used.system) / N)).toFixed(1).padStart(6)} µs/call`);
}

const [member] = await db().insert(users).values({ email: `bench-${randomUUID()}@bench.pawroute.test`, username: null, emailVerified: true }).returning({ id: users.id });
const { token } = newToken();
const id = hashToken(token);
await db().insert(sessions).values({ id, userId: member.id });

const lookupColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  isAdmin: users.isAdmin,
  emailVerified: users.emailVerified,
  hasPassword: sql<boolean>`${users.passwordHash} IS NOT NULL`,
  stale: sql<boolean>`${sessions.lastUsedAt} < now() - make_interval(secs => 60)`,
};
const lookupBuilt = (sessionId: string | ReturnType<typeof sql.placeholder>) =>
  db()
    .select(lookupColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.lastUsedAt, sql`now() - make_interval(days => 30)`)));
const lookupPrepared = lookupBuilt(sql.placeholder("id")).prepare("bench_lookup_session");

const since = (seconds: number | ReturnType<typeof sql.placeholder>, times = 1) => sql`${rateLimitBuckets.windowStartedAt} <= now() - ${times} * make_interval(secs => ${seconds})`;
const WINDOW_SECONDS = sql.placeholder("windowSeconds");
const addHitsPrepared = db()
  .insert(rateLimitBuckets)
  .select(
    db()
      .select({ key: sql<string>`u.key`.as("key"), windowStartedAt: sql`now()`.as("window_started_at"), hits: sql<number>`u.n`.as("hits"), previousHits: sql<number>`0`.as("previous_hits") })
      .from(sql`unnest(${sql.placeholder("keys")}::text[], ${sql.placeholder("counts")}::int[]) AS u(key, n)`),
  )
  .onConflictDoUpdate({
    target: rateLimitBuckets.key,
    set: {
      previousHits: sql`CASE WHEN ${since(WINDOW_SECONDS, 2)} THEN 0 WHEN ${since(WINDOW_SECONDS)} THEN ${rateLimitBuckets.hits} ELSE ${rateLimitBuckets.previousHits} END`,
      hits: sql`CASE WHEN ${since(WINDOW_SECONDS)} THEN excluded.hits ELSE ${rateLimitBuckets.hits} + excluded.hits END`,
      windowStartedAt: sql`CASE WHEN ${since(WINDOW_SECONDS, 2)} THEN now() WHEN ${since(WINDOW_SECONDS)} THEN ${rateLimitBuckets.windowStartedAt} + make_interval(secs => ${WINDOW_SECONDS}) ELSE ${rateLimitBuckets.windowStartedAt} END`,
    },
  })
  .returning({ key: rateLimitBuckets.key, hits: rateLimitBuckets.hits, previous_hits: rateLimitBuckets.previousHits, elapsed: sql<number>`extract(epoch FROM now() - ${rateLimitBuckets.windowStartedAt})::float8` })
  .prepare("bench_add_hits");
const versionPrepared = db().select({ version: sql<string>`(CASE WHEN is_called THEN last_value ELSE 0 END)::text` }).from(sql`content_version`).prepare("bench_content_version");

const keys = Array.from({ length: 50 }, () => `bench:${randomUUID()}`);
const WINDOW = 900;

try {
  console.log(`Database: ${new URL(process.env.DATABASE_URL ?? "").pathname.slice(1)}; ${N} calls each, ${ROUNDS} rounds`);
  console.log(`${machineLine("at the start")}\n`);
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}`);
    await measure("session lookup: postgres.js template", () => pool()`
      SELECT u.id, u.email, u.username, u.is_admin AS "isAdmin", u.email_verified AS "emailVerified",
             u.password_hash IS NOT NULL AS "hasPassword", s.last_used_at < now() - make_interval(secs => ${60}) AS stale
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${id} AND s.last_used_at > now() - make_interval(days => ${30})`);
    await measure("session lookup: drizzle builder", () => lookupBuilt(id));
    await measure("session lookup: drizzle builder, prepared", () => lookupPrepared.execute({ id }));
    await measure("session lookup: drizzle sql, db().execute", () => db().execute(sql`
      SELECT u.id, u.email, u.username, u.is_admin AS "isAdmin", u.email_verified AS "emailVerified",
             u.password_hash IS NOT NULL AS "hasPassword", s.last_used_at < now() - make_interval(secs => ${60}) AS stale
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${id} AND s.last_used_at > now() - make_interval(days => ${30})`));
    await measure("rate-limit hit: postgres.js template", (i) => pool()`
      INSERT INTO rate_limit_buckets AS b (key, window_started_at, hits, previous_hits)
      SELECT u.key, now(), u.n, 0 FROM unnest(${[keys[i % keys.length]]}::text[], ${[1]}::int[]) AS u(key, n)
      ON CONFLICT (key) DO UPDATE SET
        previous_hits = CASE WHEN b.window_started_at <= now() - 2 * make_interval(secs => ${WINDOW}) THEN 0
                             WHEN b.window_started_at <= now() - make_interval(secs => ${WINDOW}) THEN b.hits ELSE b.previous_hits END,
        hits = CASE WHEN b.window_started_at <= now() - make_interval(secs => ${WINDOW}) THEN EXCLUDED.hits ELSE b.hits + EXCLUDED.hits END,
        window_started_at = CASE WHEN b.window_started_at <= now() - 2 * make_interval(secs => ${WINDOW}) THEN now()
                                 WHEN b.window_started_at <= now() - make_interval(secs => ${WINDOW}) THEN b.window_started_at + make_interval(secs => ${WINDOW})
                                 ELSE b.window_started_at END
      RETURNING b.key, b.hits, b.previous_hits, extract(epoch FROM now() - b.window_started_at)::float8 AS elapsed`);
    await measure("rate-limit hit: drizzle sql, db().execute", (i) => db().execute(sql`
      INSERT INTO rate_limit_buckets AS b (key, window_started_at, hits, previous_hits)
      SELECT u.key, now(), u.n, 0 FROM unnest(${sql.param([keys[i % keys.length]])}::text[], ${sql.param([1])}::int[]) AS u(key, n)
      ON CONFLICT (key) DO UPDATE SET
        previous_hits = CASE WHEN b.window_started_at <= now() - 2 * make_interval(secs => ${WINDOW}) THEN 0
                             WHEN b.window_started_at <= now() - make_interval(secs => ${WINDOW}) THEN b.hits ELSE b.previous_hits END,
        hits = CASE WHEN b.window_started_at <= now() - make_interval(secs => ${WINDOW}) THEN EXCLUDED.hits ELSE b.hits + EXCLUDED.hits END,
        window_started_at = CASE WHEN b.window_started_at <= now() - 2 * make_interval(secs => ${WINDOW}) THEN now()
                                 WHEN b.window_started_at <= now() - make_interval(secs => ${WINDOW}) THEN b.window_started_at + make_interval(secs => ${WINDOW})
                                 ELSE b.window_started_at END
      RETURNING b.key, b.hits, b.previous_hits, extract(epoch FROM now() - b.window_started_at)::float8 AS elapsed`));
    await measure("rate-limit hit: drizzle builder, prepared", (i) => addHitsPrepared.execute({ keys: [keys[i % keys.length]], counts: [1], windowSeconds: WINDOW }));
    await measure("content version: postgres.js template", () => pool()`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS version FROM content_version`);
    const version = sql`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS version FROM content_version`;
    await measure("content version: drizzle sql, db().execute", () => db().execute(version));
    await measure("content version: drizzle builder, prepared", () => versionPrepared.execute());
    console.log();
  }
  console.log(machineLine("at the end"));
} finally {
  await pool()`DELETE FROM rate_limit_buckets WHERE key = ANY(${keys}::text[])`;
  await db().delete(users).where(eq(users.id, member.id));
  await closeDatabase();
}
