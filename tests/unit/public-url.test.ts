import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// PUBLIC_URL and its default (docs/decisions/0046): page links follow the request's origin, mail links
// only when that origin is this machine, and a configured PUBLIC_URL wins for both.

async function links(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  return import("../../app/mail/links.server");
}

describe("absolute links", () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
    process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:55432/pawroute_test";
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it("use the request's own origin for pages when PUBLIC_URL is unset", async () => {
    const { pageUrl, withRequestOrigin } = await links({ PUBLIC_URL: undefined, APP_URL: undefined, PORT: "3000" });
    expect(withRequestOrigin("http://127.0.0.1:3000", () => pageUrl("/dog-walk/a-walk"))).toBe("http://127.0.0.1:3000/dog-walk/a-walk");
    expect(withRequestOrigin("https://dogs.example.org", () => pageUrl("/dog-walk/a-walk"))).toBe("https://dogs.example.org/dog-walk/a-walk");
    expect(pageUrl("/x")).toBe("http://localhost:3000/x");
  });

  it("never put a forged host into mail links without PUBLIC_URL", async () => {
    const { absoluteUrl, withRequestOrigin } = await links({ PUBLIC_URL: undefined, APP_URL: undefined, PORT: "3000" });
    expect(withRequestOrigin("http://127.0.0.1:3000", () => absoluteUrl("/account/verify", { token: "t" }))).toBe("http://127.0.0.1:3000/account/verify?token=t");
    expect(withRequestOrigin("https://evil.example", () => absoluteUrl("/account/login/reset", { token: "t" }))).toBe("http://localhost:3000/account/login/reset?token=t");
  });

  it("use PUBLIC_URL (or the older APP_URL) for both when set", async () => {
    const configured = await links({ PUBLIC_URL: "https://www.pawroute.example/", APP_URL: undefined });
    expect(configured.withRequestOrigin("http://127.0.0.1:3000", () => configured.pageUrl("/vet/a"))).toBe("https://www.pawroute.example/vet/a");
    expect(configured.withRequestOrigin("http://127.0.0.1:3000", () => configured.absoluteUrl("/account"))).toBe("https://www.pawroute.example/account");
    const older = await links({ PUBLIC_URL: undefined, APP_URL: "https://old.pawroute.example" });
    expect(older.pageUrl("/vet/a")).toBe("https://old.pawroute.example/vet/a");
  });

  it("refuse a PUBLIC_URL that is not http(s)", async () => {
    const { pageUrl } = await links({ PUBLIC_URL: "ftp://files.example", APP_URL: undefined });
    expect(() => pageUrl("/")).toThrow(/PUBLIC_URL/);
  });
});
