import { afterAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { AppError } from "../../core/errors";
import { affiliateLinkValidator } from "../../app/payments/affiliate-links";
import { affiliateLink, deleteAffiliateLink, friendlyDiscount, listAffiliateLinks, saveAffiliateLink, shareableUrl } from "../../app/payments/affiliate-links.server";
import { findPlan } from "../../app/payments/plans";
import { revenuePerMonth } from "../../app/payments/revenue.server";

// Friendly discount links in the back office (audit-logged, bounded), the code carried from the shared
// link to checkout, and the dashboard's subscriptions and revenue per month.
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const users: number[] = [];
const links: number[] = [];

afterAll(async () => {
  if (links.length) await sql()`DELETE FROM affiliate_links WHERE id = ANY(${links}::int[])`;
  if (users.length) {
    await sql()`DELETE FROM admin_audit_log WHERE actor_id = ANY(${users}::int[])`;
    await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  }
  await closeDatabase();
});

async function user(isAdmin = false): Promise<SessionUser> {
  const email = `affiliate-${tag.toLowerCase()}-${users.length}@test.pawroute`;
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, email_verified, is_admin) VALUES (${email}, true, ${isAdmin}) RETURNING id`;
  users.push(row.id);
  return { id: row.id, email, username: null, emailVerified: true, isAdmin, hasPassword: true, sessionId: "test" };
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

async function auditActions(recordId: number): Promise<string[]> {
  const rows = await sql()<{ action: string }[]>`SELECT action FROM admin_audit_log WHERE record_type = 'affiliate-link' AND record_id = ${String(recordId)} ORDER BY id`;
  return rows.map((row) => row.action);
}

describe("friendly discount links", () => {
  it("adds, edits and deletes a link, each change audit-logged, the list showing code, discount, expiry, uses and the link", async () => {
    const admin = await user(true);
    const id = await saveAffiliateLink(admin, null, { name: "Vet leaflet", code: `VET-${tag}`, discountPercent: 15, expiresOn: "2099-06-30" });
    links.push(id);
    const listed = (await listAffiliateLinks()).find((link) => link.id === id);
    expect(listed).toMatchObject({ code: `VET-${tag}`, discountPercent: 15, expiresOn: "2099-06-30", expired: false, uses: 0, url: shareableUrl(`VET-${tag}`) });
    expect(listed?.url).toMatch(new RegExp(`/subscriptions\\?discount=VET-${tag}$`));

    await saveAffiliateLink(admin, id, { name: "Vet leaflet", code: `VET-${tag}`, discountPercent: 20 });
    expect(await affiliateLink(id)).toMatchObject({ discountPercent: 20, expiresOn: null });
    await deleteAffiliateLink(admin, id);
    await expect(affiliateLink(id)).rejects.toMatchObject({ status: 404 });
    await expect(deleteAffiliateLink(admin, id)).rejects.toMatchObject({ status: 404 });
    expect(await auditActions(id)).toEqual(["affiliate-link.add", "affiliate-link.update", "affiliate-link.delete"]);
  });

  it("refuses a code another link uses (whatever its case) as a field error", async () => {
    const admin = await user(true);
    const id = await saveAffiliateLink(admin, null, { name: "One", code: `DUP-${tag}`, discountPercent: 5 });
    links.push(id);
    const error = await saveAffiliateLink(admin, null, { name: "Two", code: `dup-${tag}`.toLowerCase(), discountPercent: 5 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fieldErrors).toEqual({ code: "Another discount link already uses this code." });
  });

  it("bounds every value of the form: discount 1 to 90, a real expiry day, a short code", async () => {
    const valid = await affiliateLinkValidator.validate(form({ name: "Ok", code: "ABC-1", discountPercent: "90", expiresOn: "" }));
    expect(valid.error).toBeUndefined();
    expect(valid.data).toMatchObject({ discountPercent: 90, expiresOn: undefined });
    for (const [field, value] of [
      ["discountPercent", "91"],
      ["discountPercent", "0"],
      ["discountPercent", "12345678901234567890"],
      ["discountPercent", "1.5"],
      ["expiresOn", "2027-02-30"],
      ["expiresOn", "1999-12-31"],
      ["code", "A\u0000B"],
      ["code", "x".repeat(41)],
      ["name", ""],
    ] as const) {
      const result = await affiliateLinkValidator.validate(form({ name: "Ok", code: "ABC-1", discountPercent: "10", expiresOn: "2030-01-01", [field]: value }));
      expect(result.error?.fieldErrors[field], `${field}=${value.slice(0, 20)}`).toBeTruthy();
    }
  });

  it("carries a live link's code from the shared link to checkout in a cookie, and ignores an expired link", async () => {
    const admin = await user(true);
    const live = await saveAffiliateLink(admin, null, { name: "Live", code: `LIVE-${tag}`, discountPercent: 25 });
    const expired = await saveAffiliateLink(admin, null, { name: "Ended", code: `OLD-${tag}`, discountPercent: 50, expiresOn: "2020-01-31" });
    links.push(live, expired);
    expect((await affiliateLink(expired)).expired).toBe(true);

    const arrival = await friendlyDiscount(new Request(`http://localhost/subscriptions?discount=LIVE-${tag}`));
    expect(arrival).toMatchObject({ code: `LIVE-${tag}`, discountPercent: 25 });
    const cookie = (arrival?.setCookie ?? "").split(";")[0];
    expect(cookie).toMatch(/^pawroute_discount=/);

    const monthly = findPlan("monthly");
    const atCheckout = await friendlyDiscount(new Request("http://localhost/payment?option=monthly", { headers: { Cookie: cookie } }), monthly);
    expect(atCheckout).toMatchObject({ code: `LIVE-${tag}`, discountPence: 124, amountPence: 375, setCookie: null });

    expect(await friendlyDiscount(new Request(`http://localhost/payment?option=monthly&discount=OLD-${tag}`), monthly)).toBeNull();
    expect(await friendlyDiscount(new Request("http://localhost/payment?option=monthly&discount=%00bad"), monthly)).toBeNull();
  });
});

describe("subscriptions and revenue per month", () => {
  it("counts this month's new subscriptions and renewals and adds their receipts in pence", async () => {
    const before = await revenuePerMonth(3);
    expect(before.months).toHaveLength(3);
    const member = await user();
    const [subscription] = await sql()<{ id: number }[]>`INSERT INTO subscriptions (user_id, plan, expires_at) VALUES (${member.id}, 'monthly', now() + interval '1 month') RETURNING id`;
    for (const [purpose, amount] of [["subscribe", 374], ["renew", 499]] as const) {
      const [charge] = await sql()<{ id: number }[]>`
        INSERT INTO charges (user_id, idempotency_key, purpose, plan, subscription_id, amount_pence, status, succeeded_at)
        VALUES (${member.id}, ${`test:${tag}:${purpose}`}, ${purpose}, 'monthly', ${subscription.id}, ${amount}, 'succeeded', now()) RETURNING id`;
      await sql()`INSERT INTO receipts (charge_id, user_id, number, description, amount_pence, payment_description, period_start, period_end)
                  VALUES (${charge.id}, ${member.id}, ${`PR-T-${tag}-${purpose}`}, 'Monthly subscription', ${amount}, 'test', now(), now() + interval '1 month')`;
    }
    // A failed charge takes no money and has no receipt.
    await sql()`INSERT INTO charges (user_id, idempotency_key, purpose, plan, amount_pence, status) VALUES (${member.id}, ${`test:${tag}:failed`}, 'subscribe', 'monthly', 499, 'failed')`;
    const after = await revenuePerMonth(3);
    const [was, now] = [before.months.at(-1), after.months.at(-1)];
    expect(now?.month).toBe(was?.month);
    expect((now?.newSubscriptions ?? 0) - (was?.newSubscriptions ?? 0)).toBe(1);
    expect((now?.renewals ?? 0) - (was?.renewals ?? 0)).toBe(1);
    expect((now?.revenuePence ?? 0) - (was?.revenuePence ?? 0)).toBe(873);
    expect(after.activeSubscribers - before.activeSubscribers).toBe(1);
    expect(after.months.slice(0, 2)).toEqual(before.months.slice(0, 2));
  });
});
