import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { LOCAL_PAYPAL_PAYERS, signLocalPayPalEvent, startLocalPayPal, type LocalPayPal } from "../../app/payments/local/paypal-api.server";
import { PAYMENT_MESSAGES } from "../../app/payments/messages";
import { createSetupToken, penceToValue, valueToPence } from "../../app/payments/paypal.server";
import { runRenewals } from "../../app/payments/renewals.server";
import { addMonths, checkout } from "../../app/payments/subscriptions.server";
import { receivePayPalEvent } from "../../app/payments/webhooks.server";
import { paymentMembers, queueSchema } from "./payment-members";
import { appErrorOf } from "../support/app-error";

// PayPal money safety against the real database and the local PayPal REST stand-in (the app's fetch
// client speaks to it over HTTP): the vault flow, doubled and retried requests, a failed charge,
// replayed and forged webhooks, renewals charged off-session.
const members = paymentMembers("paypal");
const { tag, member } = members;
let local: LocalPayPal;

beforeAll(async () => {
  local = await startLocalPayPal(0);
  process.env.PAYPAL_API_URL = local.url;
});

afterAll(async () => {
  await members.remove();
  await closeDatabase();
  await local.close();
});

/** What the PayPal button does: a setup token from the server, approved by the payer in PayPal's window; answers the nonce. */
async function approve(user: SessionUser, email = "buyer@paypal.test"): Promise<string> {
  const { id } = await createSetupToken(user.id, randomUUID());
  const answer = await fetch(`${local.url}/v3/vault/setup-tokens/${id}/approve`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email }) });
  expect(answer.status).toBe(200);
  return id;
}

async function money(userId: number) {
  const [row] = await sql()<{ charges: number; receipts: number; subscriptions: number; total: number }[]>`
    SELECT (SELECT count(*)::int FROM charges WHERE user_id = ${userId} AND status = 'succeeded') AS charges,
           (SELECT count(*)::int FROM receipts WHERE user_id = ${userId}) AS receipts,
           (SELECT count(*)::int FROM subscriptions WHERE user_id = ${userId}) AS subscriptions,
           (SELECT coalesce(sum(amount_pence), 0)::int FROM receipts WHERE user_id = ${userId}) AS total`;
  return row;
}

function captureEvent(eventId: string, chargeId: number, value: string) {
  return { id: eventId, event_type: "PAYMENT.CAPTURE.COMPLETED", resource_type: "capture", resource: { id: `CAP${eventId}`, status: "COMPLETED", custom_id: String(chargeId), amount: { currency_code: "GBP", value }, supplementary_data: { related_ids: { order_id: `ORD${eventId}` } } } };
}

function deliver(event: unknown, headers = signLocalPayPalEvent(event)) {
  return receivePayPalEvent(JSON.stringify(event), new Headers(headers));
}

describe("PayPal payments", () => {
  it("amounts in pence become PayPal's decimal strings and back exactly", () => {
    expect([1, 30, 499, 3999, 5999, 100000, 123456789].map(penceToValue)).toEqual(["0.01", "0.30", "4.99", "39.99", "59.99", "1000.00", "1234567.89"]);
    expect(["0.01", "4.99", "4.5", "39.99", "12"].map(valueToPence)).toEqual([1, 499, 450, 3999, 1200]);
    expect(["1.005", "-1.00", "1e3", "", "0x10"].map(valueToPence)).toEqual([null, null, null, null, null]);
    expect(() => penceToValue(4.5)).toThrow(RangeError);
  });

  it("pays by PayPal: the nonce is vaulted and charged once, however often the button's call is doubled or retried", async () => {
    const user = await member();
    const nonce = await approve(user);
    const before = local.orders();
    const input = { option: "annual", nonce, key: randomUUID() };
    const [first, second] = await Promise.all([checkout(user, input), checkout(user, input)]);
    const retried = await checkout(user, input);
    expect(first).toMatchObject({ status: "succeeded" });
    expect(second).toEqual(first);
    expect(retried).toEqual(first);
    expect(local.orders() - before).toBe(1);
    expect(await money(user.id)).toEqual({ charges: 1, receipts: 1, subscriptions: 1, total: 3999 });
    const [receipt] = await sql()<{ payment_description: string }[]>`SELECT payment_description FROM receipts WHERE user_id = ${user.id}`;
    expect(receipt.payment_description).toBe("PayPal account");
    const [method] = await sql()<{ method: number }[]>`SELECT method FROM payment_methods WHERE user_id = ${user.id}`;
    expect(method.method).toBe(1);
  });

  it("a nonce that was never approved, or was approved for another member, is refused with the spec's message", async () => {
    const user = await member();
    const other = await member();
    const { id: unapproved } = await createSetupToken(user.id, randomUUID());
    const refused = await appErrorOf(checkout(user, { option: "monthly", nonce: unapproved, key: randomUUID() }));
    expect(refused.message).toBe(PAYMENT_MESSAGES.paypalFailed);
    const theirs = await approve(other);
    expect((await appErrorOf(checkout(user, { option: "monthly", nonce: theirs, key: randomUUID() }))).message).toBe(PAYMENT_MESSAGES.paypalFailed);
    expect(await money(user.id)).toEqual({ charges: 0, receipts: 0, subscriptions: 0, total: 0 });
  });

  it("a declined charge leaves nothing half-done, and paying again with another account succeeds once", async () => {
    const user = await member();
    const key = randomUUID();
    const error = await appErrorOf(checkout(user, { option: "monthly", nonce: await approve(user, LOCAL_PAYPAL_PAYERS.declined), key }));
    expect(error.status).toBe(402);
    expect(error.message).toBe("Sorry, there was an error processing your payment. Please try again.");
    expect(await money(user.id)).toEqual({ charges: 0, receipts: 0, subscriptions: 0, total: 0 });
    const [charge] = await sql()<{ status: string; failure_code: string }[]>`SELECT status, failure_code FROM charges WHERE user_id = ${user.id}`;
    expect(charge).toEqual({ status: "failed", failure_code: "INSTRUMENT_DECLINED" });
    const retried = await checkout(user, { option: "monthly", nonce: await approve(user), key });
    expect(retried).toMatchObject({ status: "succeeded" });
    expect(await money(user.id)).toEqual({ charges: 1, receipts: 1, subscriptions: 1, total: 499 });
  });

  it("a webhook applies a pending charge once: a replay changes nothing; a forged or wrong-amount event is refused or ignored", async () => {
    const user = await member();
    const [method] = await sql()<{ id: number }[]>`INSERT INTO payment_methods (user_id, method, provider_ref, brand) VALUES (${user.id}, 1, ${`VAULT${tag}`}, 'paypal') RETURNING id`;
    const [charge] = await sql()<{ id: number }[]>`
      INSERT INTO charges (user_id, idempotency_key, purpose, plan, payment_method_id, amount_pence)
      VALUES (${user.id}, ${`subscribe:${user.id}:${randomUUID()}:${method.id}`}, 'subscribe', 'monthly', ${method.id}, 499) RETURNING id`;
    const forged = captureEvent(`WH-${tag}-forged`, charge.id, "4.99");
    expect((await appErrorOf(deliver(forged, { ...signLocalPayPalEvent(forged), "paypal-transmission-sig": "AAAA" }))).status).toBe(400);
    expect((await appErrorOf(deliver(forged, signLocalPayPalEvent(forged, "WH-SOMEONE-ELSE")))).status).toBe(400);
    await expect(deliver(captureEvent(`WH-${tag}-short`, charge.id, "4.98"))).resolves.toEqual({ received: true, duplicate: false });
    expect(await money(user.id)).toEqual({ charges: 0, receipts: 0, subscriptions: 0, total: 0 });
    const event = captureEvent(`WH-${tag}-paid`, charge.id, "4.99");
    await expect(deliver(event)).resolves.toEqual({ received: true, duplicate: false });
    await expect(deliver(event)).resolves.toEqual({ received: true, duplicate: true });
    // The same capture announced under another event id is applied once too.
    await expect(deliver(captureEvent(`WH-${tag}-again`, charge.id, "4.99"))).resolves.toEqual({ received: true, duplicate: false });
    expect(await money(user.id)).toEqual({ charges: 1, receipts: 1, subscriptions: 1, total: 499 });
  });

  it("the renewal job charges a PayPal account off-session once; a declined renewal leaves the subscription as it was and mails the member", async () => {
    const good = await member();
    const bad = await member();
    const expiries: Date[] = [];
    for (const [user, email] of [
      [good, "buyer@paypal.test"],
      [bad, LOCAL_PAYPAL_PAYERS.renewalDeclined],
    ] as const) {
      expect(await checkout(user, { option: "monthly", nonce: await approve(user, email), key: randomUUID() })).toMatchObject({ status: "succeeded" });
      const expiresAt = new Date(Date.now() + 86_400_000);
      await sql()`UPDATE subscriptions SET expires_at = ${expiresAt.toISOString()}::timestamptz WHERE user_id = ${user.id}`;
      expiries.push(expiresAt);
    }
    await Promise.all([runRenewals(), runRenewals()]);
    await runRenewals();
    const [renewed] = await sql()<{ expires_at: string }[]>`SELECT expires_at FROM subscriptions WHERE user_id = ${good.id}`;
    expect(new Date(renewed.expires_at).getTime()).toBe(addMonths(expiries[0], 1).getTime());
    expect(await money(good.id)).toMatchObject({ charges: 2, receipts: 2, total: 998 });
    const [kept] = await sql()<{ expires_at: string; auto_renew: boolean }[]>`SELECT expires_at, auto_renew FROM subscriptions WHERE user_id = ${bad.id}`;
    expect(new Date(kept.expires_at).getTime()).toBe(expiries[1].getTime());
    expect(kept.auto_renew).toBe(true);
    expect(await money(bad.id)).toMatchObject({ charges: 1, receipts: 1, total: 499 });
    const [mails] = await sql()<{ count: number }[]>`
      SELECT count(*)::int AS count FROM ${sql()(queueSchema())}._private_jobs j JOIN ${sql()(queueSchema())}._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${bad.email} AND j.payload->>'subject' = 'We couldn''t renew your Pawroute subscription'`;
    expect(mails.count).toBe(1);
  });
});
