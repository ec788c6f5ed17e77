// npm run bench:auth — how fast accounts stay: password hashing, the whole log-in (rate limits, user
// lookup, argon2id check, new session row) and the session lookup every page view makes (signed
// cookie + one indexed read). Figures are printed, never asserted: this is a benchmark, not a test.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { machineLine } from "./server";

process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:55432/pawroute";
process.env.SESSION_SECRET ??= "bench-only-session-secret-0123456789abcdef";

const { inArray } = await import("drizzle-orm");
const { users } = await import("../../db/schema");
const { getSessionUser, sessionCookieHeader } = await import("../../app/auth/guards.server");
const { logIn } = await import("../../app/auth/login.server");
const { hashPassword, verifyPassword } = await import("../../app/auth/password.server");
const { closeDatabase, db } = await import("../../app/db.server");

const LOGINS = Number(process.env.BENCH_LOGINS ?? 100);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 2_000);
const PASSWORD = "bench password, not a real one";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name: string, budget: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, n); i++) await fn(n + i); // warm up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
  console.log(`  ${name.padEnd(40)} p50 ${p50.toFixed(2).padStart(8)} ms  p95 ${p95.toFixed(2).padStart(8)} ms  p99 ${p99.toFixed(2).padStart(8)} ms  (budget ${budget})`);
  return { p50, p95, p99 };
}

function loginRequest(email: string, ip: number) {
  const request = new Request("http://localhost/account/login/", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "bench" },
    body: new URLSearchParams({ email, password: PASSWORD }),
  });
  return { request, context: { clientIp: `198.18.${Math.floor(ip / 250)}.${ip % 250}` } };
}

async function main() {
  console.log(`Database: ${new URL(process.env.DATABASE_URL ?? "").pathname.slice(1)}; ${LOGINS} log-ins, ${LOOKUPS} session lookups`);
  // Other work on the machine shows up in the tail: the load average says how busy it was.
  console.log(`${machineLine("at the start")}\n`);
  const passwordHash = await hashPassword(PASSWORD);
  // One member per log-in (each from its own address), so no rate limit is reached.
  const members = await db()
    .insert(users)
    .values(Array.from({ length: LOGINS + 10 }, () => ({ email: `bench-${randomUUID()}@bench.pawroute.test`, passwordHash, username: null, emailVerified: true })))
    .returning({ id: users.id, email: users.email });
  const cookies: string[] = [];
  try {
    await measure("argon2id hash (19 MiB, t=2)", "p95 ≤ 150 ms", 20, () => hashPassword(PASSWORD));
    await measure("argon2id verify", "p95 ≤ 150 ms", 20, () => verifyPassword(passwordHash, PASSWORD));
    const login = await measure("log-in (form → session cookie)", "p95 ≤ 200 ms", LOGINS, async (i) => {
      const member = members[i % members.length];
      const { request, context } = loginRequest(member.email, i);
      const response = await logIn(request, context, { email: member.email, password: PASSWORD });
      const cookie = response.headers.get("Set-Cookie");
      if (response.status !== 302 || !cookie) throw new Error(`log-in failed: ${response.status}`);
      cookies.push(cookie.split(";")[0]);
    });
    const lookup = await measure("session lookup (cookie → member)", "p95 ≤ 2 ms", LOOKUPS, async (i) => {
      const request = new Request("http://localhost/account", { headers: { Cookie: cookies[i % cookies.length] } });
      if (!(await getSessionUser(request))) throw new Error("session not found");
    });
    await measure("no session (visitor)", "p95 ≤ 1 ms", LOOKUPS, () => getSessionUser(new Request("http://localhost/")));
    const unsigned = await sessionCookieHeader("not-a-session");
    await measure("unknown session token", "p95 ≤ 2 ms", LOOKUPS, () => getSessionUser(new Request("http://localhost/", { headers: { Cookie: unsigned.split(";")[0] } })));
    console.log(`\nlog-in p95: ${login.p95.toFixed(1)} ms`);
    console.log(`session-lookup p95: ${lookup.p95.toFixed(2)} ms (budget 2 ms: ${lookup.p95 <= 2 ? "within" : "OVER"})`);
  } finally {
    await db()
      .delete(users)
      .where(
        inArray(
          users.id,
          members.map((member) => member.id),
        ),
      );
    await closeDatabase();
  }
}

await main();
