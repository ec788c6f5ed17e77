// Test members made straight in the database, and sessions set as cookies: only the log-in tests go
// through the log-in form (the Epic Stack's habit). Every test makes its own members with unique emails.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { createCookie } from "@remix-run/node";
import type { BrowserContext } from "@playwright/test";
import postgres from "postgres";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute_test";
const SESSION_SECRET = process.env.SESSION_SECRET ?? "e2e-only-session-secret-0123456789abcdef";

let pool: postgres.Sql | undefined;

/** One small pool per Playwright worker. */
export function database(): postgres.Sql {
  pool ??= postgres(DATABASE_URL, { max: 2, onnotice: () => undefined });
  return pool;
}

export interface TestMember {
  id: number;
  email: string;
  password: string;
  username: string | null;
}

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@e2e.pawroute.test`;
}

/**
 * A unique username of `length` characters (the rules allow 5-15): `prefix` and random letters and digits.
 * Tests in both workers and both projects make members at the same moment, and the test database keeps
 * the members of earlier runs: a name from the clock or a few random digits collided on
 * `users_username_lower`. 11 random characters (the default) are 56 bits.
 */
export function uniqueUsername(prefix = "e2e_", length = 15): string {
  const random = length - prefix.length;
  if (length > 15 || random < 4) throw new Error(`uniqueUsername: "${prefix}" leaves ${random} random characters in ${length}`);
  const bytes = randomBytes(random);
  return prefix + Array.from(bytes, (byte) => "abcdefghijklmnopqrstuvwxyz0123456789"[byte % 36]).join("");
}

/** The password of members made without one, hashed once per worker: argon2 costs each hash ~50 ms of CPU. */
let workerPassword: { password: string; hash: Promise<string> } | undefined;
function defaultPassword(): { password: string; hash: Promise<string> } {
  if (!workerPassword) {
    const password = `pw-${randomBytes(6).toString("hex")}`;
    workerPassword = { password, hash: hashPassword(password) };
  }
  return workerPassword;
}

function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function createMember(options: { verified?: boolean; username?: string | null; admin?: boolean; password?: string | null; label?: string } = {}): Promise<TestMember> {
  const email = uniqueEmail(options.label ?? "member");
  // Members made without a password of their own share the worker's (the tests that log in through the
  // form read it from the returned member); a given password is hashed for that member.
  const shared = options.password === undefined ? defaultPassword() : undefined;
  const password = shared ? shared.password : options.password;
  const username = options.username === undefined ? uniqueUsername() : options.username;
  const passwordHash = shared ? await shared.hash : password === null || password === undefined ? null : await hashPassword(password);
  const [row] = await database()<{ id: number }[]>`
    INSERT INTO users (email, password_hash, username, is_admin, email_verified)
    VALUES (${email}, ${passwordHash}, ${username}, ${options.admin ?? false}, ${options.verified ?? true})
    RETURNING id`;
  return { id: row.id, email, password: password ?? "", username };
}

const cookie = createCookie("pawroute_session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [SESSION_SECRET] });

/** Starts a session row for the member and returns the signed cookie value the app expects. */
export async function sessionCookieValue(member: TestMember, userAgent = "Playwright"): Promise<{ value: string; sessionId: string }> {
  const token = randomBytes(32).toString("base64url");
  const sessionId = createHash("sha256").update(token).digest("hex");
  await database()`INSERT INTO sessions (id, user_id, ip, user_agent) VALUES (${sessionId}, ${member.id}, '198.51.100.7', ${userAgent})`;
  const header = await cookie.serialize(token);
  return { value: header.slice(header.indexOf("=") + 1, header.indexOf(";")), sessionId };
}

/** Logs the browser context in as the member without the form. */
export async function logInAs(context: BrowserContext, member: TestMember): Promise<string> {
  const { value, sessionId } = await sessionCookieValue(member);
  await context.addCookies([{ name: "pawroute_session", value, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" }]);
  return sessionId;
}

export async function sessionExists(sessionId: string): Promise<boolean> {
  const rows = await database()`SELECT 1 FROM sessions WHERE id = ${sessionId}`;
  return rows.length > 0;
}

export async function memberRow(id: number) {
  const [row] = await database()<{ email: string; username: string | null; email_verified: boolean; points: number; password_hash: string | null }[]>`
    SELECT email, username, email_verified, points, password_hash FROM users WHERE id = ${id}`;
  return row;
}

export async function memberByEmail(email: string) {
  const [row] = await database()<{ id: number; email_verified: boolean }[]>`SELECT id, email_verified FROM users WHERE lower(email) = lower(${email})`;
  return row ?? null;
}

/** Makes every unused mailed link of the member out of date, for the expired-link tests. */
export async function expireLinks(userId: number): Promise<void> {
  await database()`UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = ${userId} AND used_at IS NULL`;
}

/** An address in a documentation range, different for every call: per-IP rate limits stay per test. */
export function uniqueIp(): string {
  const bytes = randomBytes(2);
  return `10.${bytes[0]}.${bytes[1]}.${1 + (randomBytes(1)[0] % 250)}`;
}
