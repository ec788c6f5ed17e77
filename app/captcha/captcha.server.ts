// ALTCHA: a self-hosted proof-of-work captcha. The browser solves a signed challenge; the server
// checks the solution and records it, so each solution is accepted once. Without JavaScript the
// form shows an arithmetic question instead, whose answer travels encrypted (AES-256-GCM) in the token:
// a script that reads the page learns nothing from it, and each token is checked once, right or wrong
// (docs/decisions/0012-captcha.md, 0063-captcha-fallback.md).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt, sql as rawSql } from "drizzle-orm";
import { z } from "zod";
import { captchaSpent } from "../../db/schema";
import { derivedKey } from "../auth/secrets.server";
import { db } from "../db.server";
import { AppError } from "../errors";

export const CAPTCHA_FIELD = "altcha";
export const FALLBACK_TOKEN_FIELD = "captchaToken";
export const FALLBACK_ANSWER_FIELD = "captchaAnswer";
const ALGORITHM = "PBKDF2/SHA-256";
/** About a second of work in a browser; checking takes under a millisecond. */
const COST = 1_000;
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 4_000;
const LIFETIME_MINUTES = 20;

export const CAPTCHA_MESSAGES = {
  missing: "Please confirm that you are not a robot.",
  invalid: "The captcha could not be checked. Please try it again.",
  expired: "The captcha has expired. Please try it again.",
  replayed: "This captcha has already been used. Please complete it again.",
  wrongAnswer: "That is not the right answer to the question. Please try again.",
} as const;

function secret(purpose: string): string {
  return derivedKey(`captcha:${purpose}`).toString("hex");
}

export async function createCaptchaChallenge(): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MIN, COUNTER_MAX),
    deriveKey,
    expiresAt: new Date(Date.now() + LIFETIME_MINUTES * 60_000),
    hmacSignatureSecret: secret("signature"),
    hmacKeySignatureSecret: secret("key"),
  });
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

export interface CaptchaFallback {
  question: string;
  token: string;
}

const TOKEN_VERSION = "v2";

function fallbackKey(): Buffer {
  return derivedKey("captcha:fallback-encryption");
}

/** The question's answer, expiry and nonce, sealed with AES-256-GCM: unreadable and unforgeable without the server's key. */
function seal(question: z.infer<typeof fallbackSchema>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", fallbackKey(), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(question), "utf8"), cipher.final()]);
  return `${TOKEN_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

function unseal(token: string): unknown {
  const [version, body] = token.split(".");
  if (version !== TOKEN_VERSION || !body) return null;
  const raw = Buffer.from(body, "base64url");
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", fallbackKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"));
  } catch {
    return null;
  }
}

/** A question for browsers without JavaScript: its answer travels encrypted inside the token. */
export function createFallbackQuestion(): CaptchaFallback {
  const a = 1 + Math.floor(Math.random() * 9);
  const b = 1 + Math.floor(Math.random() * 9);
  const token = seal({ sum: a + b, exp: Date.now() + LIFETIME_MINUTES * 60_000, nonce: randomBytes(12).toString("hex") });
  return { question: `What is ${NUMBER_WORDS[a]} plus ${NUMBER_WORDS[b]}? Answer in digits.`, token };
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string(), time: z.number().optional() }),
});

const fallbackSchema = z.object({ sum: z.number().int(), exp: z.number(), nonce: z.string().min(1) });

function fail(message: string): never {
  throw new AppError(400, message, { fieldErrors: { captcha: message } });
}

/** Records a solution as used; a second use of the same one is refused. */
async function spend(id: string, expiresAt: Date): Promise<void> {
  const inserted = await db().insert(captchaSpent).values({ signature: id, expiresAt }).onConflictDoNothing().returning({ id: captchaSpent.signature });
  if (inserted.length === 0) fail(CAPTCHA_MESSAGES.replayed);
}

async function checkProofOfWork(encoded: string): Promise<void> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
  } catch {
    fail(CAPTCHA_MESSAGES.invalid);
  }
  const payload = payloadSchema.safeParse(decoded);
  if (!payload.success || payload.data.challenge.parameters.algorithm !== ALGORITHM) fail(CAPTCHA_MESSAGES.invalid);
  const { challenge, solution } = payload.data;
  const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: secret("signature"), hmacKeySignatureSecret: secret("key") });
  if (result.expired) fail(CAPTCHA_MESSAGES.expired);
  if (!result.verified || !challenge.parameters.expiresAt) fail(CAPTCHA_MESSAGES.invalid);
  await spend(`pow:${challenge.signature}`, new Date(challenge.parameters.expiresAt * 1000));
}

async function checkFallback(token: string, answer: string): Promise<void> {
  const question = fallbackSchema.safeParse(unseal(token));
  if (!question.success) fail(CAPTCHA_MESSAGES.invalid);
  if (question.data.exp < Date.now()) fail(CAPTCHA_MESSAGES.expired);
  // Spent before the answer is compared: one guess per question, so trying every sum gets nowhere.
  await spend(`question:${question.data.nonce}`, new Date(question.data.exp));
  if (answer.trim() !== String(question.data.sum)) fail(CAPTCHA_MESSAGES.wrongAnswer);
}

/** The server check every captcha form calls before doing anything: throws an AppError (400) when it fails. */
export async function checkCaptcha(form: FormData): Promise<void> {
  const solution = form.get(CAPTCHA_FIELD);
  if (typeof solution === "string" && solution.length > 0) {
    if (solution.length > 4000) fail(CAPTCHA_MESSAGES.invalid);
    return checkProofOfWork(solution);
  }
  const token = form.get(FALLBACK_TOKEN_FIELD);
  const answer = form.get(FALLBACK_ANSWER_FIELD);
  if (typeof token === "string" && token && typeof answer === "string") {
    if (!answer.trim()) fail(CAPTCHA_MESSAGES.missing);
    if (token.length > 1000 || answer.length > 20) fail(CAPTCHA_MESSAGES.invalid);
    return checkFallback(token, answer);
  }
  fail(CAPTCHA_MESSAGES.missing);
}

/** Forgets used solutions whose challenge has expired anyway (hourly clean-up job). */
export async function deleteExpiredCaptchas(): Promise<void> {
  await db()
    .delete(captchaSpent)
    .where(lt(captchaSpent.expiresAt, rawSql`now()`));
}
