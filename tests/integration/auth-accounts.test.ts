// Accounts on the real test database: passwords, sessions, the Treat Points ledger, single-use links,
// rate limits and the captcha. Every test makes its own members with unique emails.
import { randomUUID } from "node:crypto";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { consumeToken, issueToken, tokenState } from "../../app/auth/account-tokens.server";
import { AppError } from "../../core/errors";
import { hashPassword, verifyPassword } from "../../app/auth/password.server";
import { awardPoints, pointsSummary, verifyEmailAndAwardPending } from "../../app/auth/points.server";
import { hit, RATE_LIMITS } from "../../app/auth/rate-limit.server";
import { endAllSessions, endSession, listSessions, lookupSession, startSession } from "../../app/auth/session.server";
import { CAPTCHA_MESSAGES, checkCaptcha, createCaptchaChallenge, createFallbackQuestion, type CaptchaForm } from "../../app/captcha/captcha.server";
import { answerQuestion } from "../support/captcha-answer";
import { closeDatabase, db } from "../../app/db.server";

const client = { ip: "192.0.2.10", userAgent: "vitest" };

async function member(verified = true) {
  const [row] = await db()
    .insert(users)
    .values({ email: `vitest-${randomUUID()}@e2e.pawroute.test`, emailVerified: verified, passwordHash: null })
    .returning({ id: users.id, email: users.email });
  return row;
}

afterAll(async () => {
  await closeDatabase();
});

describe("passwords", () => {
  it("are hashed with argon2id and checked in one unicode form", async () => {
    const hash = await hashPassword("Cafe\u0301 🐕");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "Café 🐕")).toBe(true);
    expect(await verifyPassword(hash, "Cafe 🐕")).toBe(false);
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });
});

describe("sessions", () => {
  it("are rows found by the cookie's token, never by the row id", async () => {
    const user = await member();
    const token = await startSession(user.id, client);
    const found = await lookupSession(token);
    expect(found).toMatchObject({ id: user.id, email: user.email, emailVerified: true, hasPassword: false });
    expect(found?.sessionId).not.toBe(token);
    expect(found?.sessionId).toMatch(/^[0-9a-f]{64}$/);
    expect(await lookupSession(found?.sessionId ?? "")).toBeNull();
  });

  it("touch last_used_at at most once a minute, and end after 30 idle days", async () => {
    const user = await member();
    const token = await startSession(user.id, client);
    const id = (await lookupSession(token))?.sessionId ?? "";
    await db().update(sessions).set({ lastUsedAt: sql`now() - interval '10 minutes'` }).where(eq(sessions.id, id));
    await lookupSession(token);
    const [touched] = await db().select({ fresh: sql<boolean>`last_used_at > now() - interval '1 minute'` }).from(sessions).where(eq(sessions.id, id));
    expect(touched.fresh).toBe(true);
    await db().update(sessions).set({ lastUsedAt: sql`now() - interval '31 days'` }).where(eq(sessions.id, id));
    expect(await lookupSession(token)).toBeNull();
  });

  it("can be ended one at a time by their owner only, or all at once", async () => {
    const alice = await member();
    const bob = await member();
    const aliceToken = await startSession(alice.id, client);
    const aliceOther = await startSession(alice.id, client);
    const bobToken = await startSession(bob.id, client);
    const aliceId = (await lookupSession(aliceToken))?.sessionId ?? "";
    const aliceOtherId = (await lookupSession(aliceOther))?.sessionId ?? "";
    const bobId = (await lookupSession(bobToken))?.sessionId ?? "";

    expect(await endSession(alice.id, bobId)).toBe(false);
    expect(await lookupSession(bobToken)).not.toBeNull();
    expect((await listSessions(alice.id, aliceId)).map((s) => [s.id, s.current])).toEqual(expect.arrayContaining([[aliceId, true], [aliceOtherId, false]]));
    expect(await endSession(alice.id, aliceOtherId)).toBe(true);
    expect(await lookupSession(aliceOther)).toBeNull();

    await endAllSessions(alice.id);
    expect(await lookupSession(aliceToken)).toBeNull();
    expect(await lookupSession(bobToken)).not.toBeNull();
  });
});

describe("awardPoints, the Treat Points ledger", () => {
  it("awards at once to a verified member", async () => {
    const user = await member(true);
    expect(await awardPoints(user.id, 10, "Review")).toEqual({ status: "awarded", total: 10 });
    expect(await awardPoints(user.id, 5, "Bio")).toEqual({ status: "awarded", total: 15 });
    const summary = await pointsSummary(user.id);
    expect(summary).toMatchObject({ awarded: 15, pending: 0 });
    expect(summary.entries.map((entry) => entry.reason)).toEqual(["Bio", "Review"]);
  });

  it("keeps points pending until the member verifies their email, then awards them", async () => {
    const user = await member(false);
    expect(await awardPoints(user.id, 20, "Listing")).toEqual({ status: "pending", total: 0 });
    expect(await pointsSummary(user.id)).toMatchObject({ awarded: 0, pending: 20 });
    const added = await db().transaction((tx) => verifyEmailAndAwardPending(tx, user.id));
    expect(added).toBe(20);
    expect(await pointsSummary(user.id)).toMatchObject({ awarded: 20, pending: 0 });
    expect(await awardPoints(user.id, 1, "Walk")).toEqual({ status: "awarded", total: 21 });
  });

  it("refuses nonsense", async () => {
    const user = await member();
    await expect(awardPoints(user.id, 0, "Nothing")).rejects.toThrow(RangeError);
    await expect(awardPoints(user.id, 1.5, "Half")).rejects.toThrow(RangeError);
    await expect(awardPoints(user.id, 1, "  ")).rejects.toThrow(RangeError);
    await expect(awardPoints(-1, 1, "Nobody")).rejects.toThrow(RangeError);
    // A member id that no row has: the ledger's 404 becomes the same RangeError.
    await expect(awardPoints(2_000_000_000, 1, "Nobody")).rejects.toThrow(`No member ${2_000_000_000}`);
  });
});

describe("mailed links", () => {
  it("work once and only for their purpose; only the hash is stored", async () => {
    const user = await member();
    const token = await db().transaction((tx) => issueToken(tx, user.id, "reset-password", user.email));
    const [stored] = await db().execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM account_tokens WHERE token_hash = ${token}`);
    expect(stored.count).toBe(0);
    expect((await tokenState(token, ["verify-email"])).state).toBe("unknown");
    expect((await tokenState(token, ["reset-password"])).state).toBe("valid");
    expect(await consumeToken(db(), token, "verify-email")).toBeNull();
    expect(await consumeToken(db(), token, "reset-password")).toMatchObject({ userId: user.id });
    expect(await consumeToken(db(), token, "reset-password")).toBeNull();
    expect((await tokenState(token, ["reset-password"])).state).toBe("used");
  });

  it("expire", async () => {
    const user = await member();
    const token = await db().transaction((tx) => issueToken(tx, user.id, "verify-email", user.email));
    await db().execute(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`);
    expect((await tokenState(token, ["verify-email"])).state).toBe("expired");
    expect(await consumeToken(db(), token, "verify-email")).toBeNull();
  });
});

describe("rate limits", () => {
  it("count attempts per subject in a window and say how long to wait", async () => {
    const subject = `192.0.2.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    const { max } = RATE_LIMITS["forgotten:ip"];
    for (let attempt = 0; attempt < max; attempt++) expect(await hit("forgotten:ip", subject)).toBe(0);
    const wait = await hit("forgotten:ip", subject);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RATE_LIMITS["forgotten:ip"].windowSeconds);
    await db().execute(sql`UPDATE rate_limit_buckets SET window_started_at = now() - interval '1 hour' WHERE key = ${`forgotten:ip:${subject}`}`);
    expect(await hit("forgotten:ip", subject)).toBe(0);
  });
});

describe("the captcha", () => {
  async function formWith(entries: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(entries)) form.set(key, value);
    return form;
  }

  async function expectFormError(promise: Promise<void>, message: string) {
    await expect(promise).rejects.toSatisfy((error: unknown) => error instanceof AppError && error.message === message && error.status === 400);
  }

  const IP = "203.0.113.7";

  async function solved(form: CaptchaForm, ip = IP) {
    const challenge = await createCaptchaChallenge(form, ip);
    const solution = await solveChallenge({ challenge, deriveKey });
    return { challenge, solution, payload: Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64") };
  }

  it("accepts a solved ALTCHA challenge once, on its own form, from its own client", async () => {
    const { payload } = await solved("forgotten");
    await expectFormError(checkCaptcha(await formWith({ altcha: payload }), "contact", IP), CAPTCHA_MESSAGES.invalid);
    await expectFormError(checkCaptcha(await formWith({ altcha: payload }), "forgotten", "198.51.100.1"), CAPTCHA_MESSAGES.invalid);
    await checkCaptcha(await formWith({ altcha: payload }), "forgotten", IP);
    await expectFormError(checkCaptcha(await formWith({ altcha: payload }), "forgotten", IP), CAPTCHA_MESSAGES.replayed);
  });

  it("refuses tampered, test-mode and missing solutions", async () => {
    const { challenge, solution } = await solved("contact");
    const tampered = { ...challenge.parameters, cost: 1 };
    const forged = Buffer.from(JSON.stringify({ challenge: { parameters: tampered, signature: challenge.signature }, solution })).toString("base64");
    await expectFormError(checkCaptcha(await formWith({ altcha: forged }), "contact", IP), CAPTCHA_MESSAGES.invalid);
    // Moving the challenge to another form by editing its data breaks its signature.
    const moved = { ...challenge.parameters, data: { ...challenge.parameters.data, form: "forgotten" } };
    const rebound = Buffer.from(JSON.stringify({ challenge: { parameters: moved, signature: challenge.signature }, solution })).toString("base64");
    await expectFormError(checkCaptcha(await formWith({ altcha: rebound }), "forgotten", IP), CAPTCHA_MESSAGES.invalid);
    const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString("base64");
    await expectFormError(checkCaptcha(await formWith({ altcha: testMode }), "contact", IP), CAPTCHA_MESSAGES.invalid);
    await expectFormError(checkCaptcha(await formWith({ altcha: "%%%" }), "contact", IP), CAPTCHA_MESSAGES.invalid);
    await expectFormError(checkCaptcha(await formWith({}), "contact", IP), CAPTCHA_MESSAGES.missing);
  });

  it("checks the no-JavaScript question's encrypted answer, once, right or wrong, on its own form and client", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    // A wrong guess uses the question up: the right answer afterwards is refused too.
    const guessed = createFallbackQuestion("review", ip);
    await expectFormError(checkCaptcha(await formWith({ captchaToken: guessed.token, captchaAnswer: "99" }), "review", ip), CAPTCHA_MESSAGES.wrongAnswer);
    await expectFormError(checkCaptcha(await formWith({ captchaToken: guessed.token, captchaAnswer: answerQuestion(guessed.question) }), "review", ip), CAPTCHA_MESSAGES.replayed);

    const { question, token } = createFallbackQuestion("contact", ip);
    const answer = answerQuestion(question);
    await expectFormError(checkCaptcha(await formWith({ captchaToken: `${token.split(".")[0]}.forged`, captchaAnswer: answer }), "contact", ip), CAPTCHA_MESSAGES.invalid);
    // Right, but on another form or from another address: refused without using the question up.
    await expectFormError(checkCaptcha(await formWith({ captchaToken: token, captchaAnswer: answer }), "forgotten", ip), CAPTCHA_MESSAGES.invalid);
    await expectFormError(checkCaptcha(await formWith({ captchaToken: token, captchaAnswer: answer }), "contact", "192.0.2.9"), CAPTCHA_MESSAGES.invalid);
    await checkCaptcha(await formWith({ captchaToken: token, captchaAnswer: answer }), "contact", ip);
    await expectFormError(checkCaptcha(await formWith({ captchaToken: token, captchaAnswer: answer }), "contact", ip), CAPTCHA_MESSAGES.replayed);
  });

  it("asks questions of several kinds, none of which carries its answer in digits", () => {
    const questions = Array.from({ length: 200 }, () => createFallbackQuestion("contact", IP).question);
    const kinds = new Set(questions.map((q) => q.split(" ").slice(0, 2).join(" ")));
    expect(kinds.size).toBeGreaterThanOrEqual(6);
    for (const q of questions) expect(q).not.toMatch(/\d/);
  });

  it("gives an address ten answers a quarter hour, right, wrong or forged", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    await db().execute(sql`DELETE FROM rate_limit_buckets WHERE key = ${`captcha-fallback:ip:${ip}`}`);
    for (let i = 0; i < 10; i++) await expectFormError(checkCaptcha(await formWith({ captchaToken: "v3.forged", captchaAnswer: "1" }), "contact", ip), CAPTCHA_MESSAGES.invalid);
    const { question, token } = createFallbackQuestion("contact", ip);
    await expect(checkCaptcha(await formWith({ captchaToken: token, captchaAnswer: answerQuestion(question) }), "contact", ip)).rejects.toSatisfy(
      (error: unknown) => error instanceof AppError && error.status === 429,
    );
    // The proof of work is not counted: its cost is the work.
    await checkCaptcha(await formWith({ altcha: (await solved("contact", ip)).payload }), "contact", ip);
  });
});
