// ALTCHA: a self-hosted proof-of-work captcha. The browser solves a signed challenge; the server
// checks the solution and records it, so each solution is accepted once. Without JavaScript the
// form shows a small question instead, whose answer travels encrypted (AES-256-GCM) in the token:
// the token gives nothing away, and each one is checked once, right or wrong. Challenges and
// questions are bound to the form they were made for and to the client (its address), and each
// address gets a few fallback answers per quarter hour (docs/decisions/0012-captcha.md,
// 0063-captcha-fallback.md, 0255-captcha-threat-model.md).
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from "node:crypto";
import { createChallenge, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt, sql as rawSql } from "drizzle-orm";
import { z } from "zod";
import { captchaSpent } from "../../db/schema";
import { enforceRateLimits } from "../auth/rate-limit.server";
import { derivedKey, sameSecret } from "../auth/secrets.server";
import { db } from "../db.server";
import { AppError } from "../../core/errors";

export const CAPTCHA_FIELD = "altcha";
export const FALLBACK_TOKEN_FIELD = "captchaToken";
export const FALLBACK_ANSWER_FIELD = "captchaAnswer";
const ALGORITHM = "PBKDF2/SHA-256";
/**
 * PBKDF2 iterations per guess. The solver tries counters from 0 up to the one drawn below, so a solve
 * costs on average (COUNTER_MIN + COUNTER_MAX) / 2 × COST iterations (measured by tests/bench/
 * captcha-pow.ts, decision 0255); making and checking a challenge cost one derivation each.
 */
export const COST = 1_000;
export const COUNTER_MIN = 2_000;
export const COUNTER_MAX = 4_000;
const LIFETIME_MINUTES = 20;

/** The forms that ask for a captcha: a challenge or question made for one is refused on the others. */
export const CAPTCHA_FORMS = ["contact", "story", "newsletter", "listing", "review", "change-email", "forgotten", "reset", "refer-a-friend"] as const;
export type CaptchaForm = (typeof CAPTCHA_FORMS)[number];

export function isCaptchaForm(value: unknown): value is CaptchaForm {
  return typeof value === "string" && (CAPTCHA_FORMS as readonly string[]).includes(value);
}

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

/**
 * Who a token was made for: an HMAC of the client's address (IPv6 by its /64, which a device keeps
 * while its privacy addresses rotate), so tokens name no address in the clear.
 */
export function clientTag(ip: string): string {
  const v6 = ip.includes(":") ? ip.split(":").slice(0, 4).join(":") : ip;
  return derivedKey(`captcha:client:${v6.toLowerCase()}`).toString("base64url").slice(0, 22);
}

/** A challenge for the ALTCHA widget on `form`, for the client at `ip`: both are signed into its data. */
export async function createCaptchaChallenge(form: CaptchaForm, ip: string): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MIN, COUNTER_MAX + 1),
    data: { form, client: clientTag(ip) },
    deriveKey,
    expiresAt: new Date(Date.now() + LIFETIME_MINUTES * 60_000),
    hmacSignatureSecret: secret("signature"),
    hmacKeySignatureSecret: secret("key"),
  });
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"];

export interface CaptchaFallback {
  /** The form the question was made for (the widget asks for a challenge for the same form). */
  form: CaptchaForm;
  question: string;
  token: string;
}

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)];
}

function between(min: number, max: number): number {
  return randomInt(min, max + 1);
}

/**
 * The questions: several kinds in several wordings, numbers in words, so no one pattern reads them all.
 * A script written for these kinds still answers them; decision 0255 says why that is accepted.
 */
const QUESTION_KINDS: (() => { question: string; answer: number })[] = [
  () => {
    const a = between(1, 9);
    const b = between(1, 9);
    return { question: pick([`What is ${NUMBER_WORDS[a]} plus ${NUMBER_WORDS[b]}?`, `Add ${NUMBER_WORDS[a]} and ${NUMBER_WORDS[b]}: what do you get?`]), answer: a + b };
  },
  () => {
    const a = between(6, 20);
    const b = between(1, 5);
    return { question: pick([`What is ${NUMBER_WORDS[a]} take away ${NUMBER_WORDS[b]}?`, `Take ${NUMBER_WORDS[b]} from ${NUMBER_WORDS[a]}: what is left?`]), answer: a - b };
  },
  () => {
    const dogs = between(2, 5);
    return { question: pick([`How many legs do ${NUMBER_WORDS[dogs]} dogs have between them?`, `${NUMBER_WORDS[dogs][0].toUpperCase()}${NUMBER_WORDS[dogs].slice(1)} dogs go for a walk. How many paws is that?`]), answer: dogs * 4 };
  },
  () => {
    const n = between(3, 19);
    return pick([
      { question: `Which number comes after ${NUMBER_WORDS[n]}?`, answer: n + 1 },
      { question: `Which number comes just before ${NUMBER_WORDS[n]}?`, answer: n - 1 },
    ]);
  },
  () => {
    const numbers = new Set<number>();
    while (numbers.size < 3) numbers.add(between(1, 20));
    const [a, b, c] = [...numbers];
    return { question: `Which is the largest of ${NUMBER_WORDS[a]}, ${NUMBER_WORDS[b]} and ${NUMBER_WORDS[c]}?`, answer: Math.max(a, b, c) };
  },
];

const TOKEN_VERSION = "v3";

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

/** A question for browsers without JavaScript, for `form` and the client at `ip`: its answer travels encrypted inside the token. */
export function createFallbackQuestion(form: CaptchaForm, ip: string): CaptchaFallback {
  const { question, answer } = pick(QUESTION_KINDS)();
  const token = seal({ answer, form, client: clientTag(ip), exp: Date.now() + LIFETIME_MINUTES * 60_000, nonce: randomBytes(12).toString("hex") });
  return { form, question: `${question} Answer in digits.`, token };
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

const fallbackSchema = z.object({ answer: z.number().int(), form: z.string(), client: z.string(), exp: z.number(), nonce: z.string().min(1) });

function fail(message: string): never {
  throw new AppError(400, message, { fieldErrors: { captcha: message } });
}

/** Records a solution as used; a second use of the same one is refused. */
async function spend(id: string, expiresAt: Date): Promise<void> {
  const inserted = await db().insert(captchaSpent).values({ signature: id, expiresAt }).onConflictDoNothing().returning({ id: captchaSpent.signature });
  if (inserted.length === 0) fail(CAPTCHA_MESSAGES.replayed);
}

/** Whether a challenge or question made for `made.form` and `made.client` may be used on `form` by the client at `ip`. */
function boundTo(made: { form?: unknown; client?: unknown } | undefined, form: CaptchaForm, ip: string): boolean {
  return made?.form === form && typeof made.client === "string" && sameSecret(made.client, clientTag(ip));
}

async function checkProofOfWork(encoded: string, form: CaptchaForm, ip: string): Promise<void> {
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
  // The data is covered by the signature just verified: a challenge for another form or client is refused.
  if (!boundTo(challenge.parameters.data, form, ip)) fail(CAPTCHA_MESSAGES.invalid);
  await spend(`pow:${challenge.signature}`, new Date(challenge.parameters.expiresAt * 1000));
}

async function checkFallback(token: string, answer: string, form: CaptchaForm, ip: string): Promise<void> {
  // Every answer counts against the address, right, wrong or forged: a script gets a few tries a quarter hour.
  await enforceRateLimits(["captcha-fallback:ip", ip]);
  const question = fallbackSchema.safeParse(unseal(token));
  if (!question.success || !boundTo(question.data, form, ip)) fail(CAPTCHA_MESSAGES.invalid);
  if (question.data.exp < Date.now()) fail(CAPTCHA_MESSAGES.expired);
  // Spent before the answer is compared: one guess per question, so trying every answer gets nowhere.
  await spend(`question:${question.data.nonce}`, new Date(question.data.exp));
  if (answer.trim() !== String(question.data.answer)) fail(CAPTCHA_MESSAGES.wrongAnswer);
}

/**
 * The server check every captcha form calls before doing anything, with the form's name and the
 * client's address: throws an AppError (400, or 429 past the fallback's limit) when it fails.
 */
export async function checkCaptcha(body: FormData, form: CaptchaForm, ip: string): Promise<void> {
  const solution = body.get(CAPTCHA_FIELD);
  if (typeof solution === "string" && solution.length > 0) {
    if (solution.length > 4000) fail(CAPTCHA_MESSAGES.invalid);
    return checkProofOfWork(solution, form, ip);
  }
  const token = body.get(FALLBACK_TOKEN_FIELD);
  const answer = body.get(FALLBACK_ANSWER_FIELD);
  if (typeof token === "string" && token && typeof answer === "string") {
    if (!answer.trim()) fail(CAPTCHA_MESSAGES.missing);
    if (token.length > 1000 || answer.length > 20) fail(CAPTCHA_MESSAGES.invalid);
    return checkFallback(token, answer, form, ip);
  }
  fail(CAPTCHA_MESSAGES.missing);
}

/** Forgets used solutions whose challenge has expired anyway (hourly clean-up job). */
export async function deleteExpiredCaptchas(): Promise<void> {
  await db()
    .delete(captchaSpent)
    .where(lt(captchaSpent.expiresAt, rawSql`now()`));
}
