import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The one HMAC helper (docs/decisions/0160-one-way-to-do-each-thing.md): keys per purpose, signed values, constant-time comparison.
const SECRET = "a-test-session-secret-of-at-least-32-characters";
const saved = { SESSION_SECRET: process.env.SESSION_SECRET, DATABASE_URL: process.env.DATABASE_URL };
let derivedKey: typeof import("../../app/auth/secrets.server").derivedKey;
let readSignedValue: typeof import("../../app/auth/secrets.server").readSignedValue;
let sameSecret: typeof import("../../app/auth/secrets.server").sameSecret;
let signValue: typeof import("../../app/auth/secrets.server").signValue;
let readReferralToken: typeof import("../../app/members/referral.server").readReferralToken;
let referralToken: typeof import("../../app/members/referral.server").referralToken;
// The unit files share one module cache (decision 0332): the app's environment, read once, is read again with this secret.
beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:55432/pawroute_test";
  vi.resetModules();
  ({ derivedKey, readSignedValue, sameSecret, signValue } = await import("../../app/auth/secrets.server"));
  ({ readReferralToken, referralToken } = await import("../../app/members/referral.server"));
});
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.resetModules();
});

describe("secrets", () => {
  it("derives a different key per purpose, from SESSION_SECRET", () => {
    expect(derivedKey("captcha:key").equals(createHmac("sha256", SECRET).update("captcha:key").digest())).toBe(true);
    expect(derivedKey("captcha:key").equals(derivedKey("captcha:signature"))).toBe(false);
  });

  it("reads back a signed value and refuses a changed value, signature or purpose", () => {
    const token = signValue("referral", "42");
    expect(readSignedValue("referral", token, /^\d+$/)).toBe("42");
    expect(readSignedValue("referral", token.replace(/^42/, "43"), /^\d+$/)).toBeNull();
    expect(readSignedValue("referral", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, /^\d+$/)).toBeNull();
    expect(readSignedValue("other", token, /^\d+$/)).toBeNull();
    expect(readSignedValue("referral", token, /^[a-z]+$/)).toBeNull();
    for (const bad of [null, undefined, "", ".", "42", "42.", `42.${"a".repeat(200)}`]) expect(readSignedValue("referral", bad, /^\d+$/)).toBeNull();
  });

  it("keeps the referral links already mailed valid (same signature as before the helper)", () => {
    const before = `7.${createHmac("sha256", SECRET).update("referral:7").digest("base64url").slice(0, 32)}`;
    expect(referralToken(7)).toBe(before);
    expect(readReferralToken(before)).toBe(7);
    expect(readReferralToken("1234567890.x")).toBeNull();
  });

  it("compares secrets of any length without throwing", () => {
    expect(sameSecret("token", "token")).toBe(true);
    expect(sameSecret("token", "tokens")).toBe(false);
    expect(sameSecret("", "token")).toBe(false);
  });
});
