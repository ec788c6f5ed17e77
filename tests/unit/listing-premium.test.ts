import { beforeAll, describe, expect, it } from "vitest";
import { FREE_PREMIUM_VIEWS_PER_MONTH, limitSeenAt, premiumGate } from "../../app/listings/premium.server";

// The premium rule (docs/decisions/0032, 0126): three premium listings a month for everyone but subscribers.
beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:55432/pawroute_test";
});

function request(cookies: string[]): Request {
  return new Request("http://localhost/dog-walk/x", { headers: { Cookie: cookies.join("; ") } });
}

function cookiePart(setCookie: string | null): string {
  return (setCookie ?? "").split(";")[0];
}

const now = new Date("2026-11-21T12:00:00Z");

describe("premiumGate", () => {
  it("never limits free listings or subscribers", async () => {
    expect((await premiumGate(request([]), { id: 1, free: true }, false, now)).gate).toMatchObject({ premium: false, locked: false });
    expect((await premiumGate(request([]), { id: 1, free: false }, true, now)).gate).toMatchObject({ premium: true, locked: false });
  });

  it("lets a visitor see three different premium listings a month, then locks and shows the modal", async () => {
    let cookie = "";
    for (let id = 1; id <= FREE_PREMIUM_VIEWS_PER_MONTH; id++) {
      const { gate, setCookie } = await premiumGate(request([cookie]), { id, free: false }, false, now);
      expect(gate.locked).toBe(false);
      cookie = cookiePart(setCookie);
    }
    const again = await premiumGate(request([cookie]), { id: 2, free: false }, false, now);
    expect(again.gate.locked).toBe(false);
    const fourth = await premiumGate(request([cookie]), { id: 4, free: false }, false, now);
    expect(fourth.gate).toMatchObject({ locked: true, showModal: true, viewsLeft: 0 });

    const closed = `pawroute_limit_seen=${encodeURIComponent("2026-11-21T11:00:00.000Z")}`;
    expect((await premiumGate(request([cookie, closed]), { id: 4, free: false }, false, now)).gate).toMatchObject({ locked: true, showModal: false });
    const longAgo = `pawroute_limit_seen=${encodeURIComponent("2026-11-19T11:00:00.000Z")}`;
    expect((await premiumGate(request([cookie, longAgo]), { id: 4, free: false }, false, now)).gate.showModal).toBe(true);

    const nextMonth = await premiumGate(request([cookie]), { id: 4, free: false }, false, new Date("2026-12-01T00:00:01Z"));
    expect(nextMonth.gate.locked).toBe(false);
  });

  it("reads the seen cookie's UTC timestamp", () => {
    expect(limitSeenAt(`a=b; pawroute_limit_seen=${encodeURIComponent("2026-11-21T11:00:00.000Z")}`)?.toISOString()).toBe("2026-11-21T11:00:00.000Z");
    expect(limitSeenAt("pawroute_limit_seen=nonsense")).toBeNull();
  });
});
