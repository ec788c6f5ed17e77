// The one way to use SESSION_SECRET beyond cookies (those are signedCookie's, ./cookies.server.ts):
// a key derived per purpose (HMAC-SHA-256), a short signature carried in a link, and comparing
// secrets in constant time. Changing SESSION_SECRET invalidates all of them at once.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "../env.server";

/** A 32-byte key for one purpose, derived from SESSION_SECRET (never the secret itself). */
export function derivedKey(purpose: string): Buffer {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(purpose).digest();
}

/** True when both strings are the same secret; compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const SIGNATURE_LENGTH = 32;

function signatureOf(purpose: string, value: string): string {
  return derivedKey(`${purpose}:${value}`).toString("base64url").slice(0, SIGNATURE_LENGTH);
}

/** `value.signature`: a value a link may carry and the server trusts back (it is signed, not hidden). */
export function signValue(purpose: string, value: string): string {
  return `${value}.${signatureOf(purpose, value)}`;
}

/** The value of a token made by signValue for this purpose, or null when it is malformed or its signature is wrong. */
export function readSignedValue(purpose: string, token: string | null | undefined, valuePattern: RegExp): string | null {
  const dot = (token ?? "").lastIndexOf(".");
  if (dot < 0 || !token) return null;
  const value = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  if (!valuePattern.test(value) || signature.length !== SIGNATURE_LENGTH) return null;
  return sameSecret(signature, signatureOf(purpose, value)) ? value : null;
}
