import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { AppError } from "../../app/errors";
import { startLocalStripe, type LocalStripe } from "../../app/payments/local/stripe-api.server";
import { findPlan } from "../../app/payments/plans";
import { runRenewals } from "../../app/payments/renewals.server";
import { LOCAL_KEYS } from "../../app/payments/stripe.server";
import { addMonths, cancelAutoRenew, checkout, createSetupIntent, enableAutoRenew, prorate, renew, switchPlan, type PaymentResult } from "../../app/payments/subscriptions.server";
import { receiveStripeEvent } from "../../app/payments/webhooks.server";

// Money safety against the real database and the local Stripe API stand-in (the stripe SDK speaks to it
// over HTTP): doubled and retried requests, replayed webhooks, extra authentication, declines, renewals.
const QUEUE = process.env.JOB_QUEUE_SCHEMA ?? "graphile_worker";
const created: number[] = [];
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let local: LocalStripe;

beforeAll(async () => {
  local = await startLocalStripe(0);
  process.env.STRIPE_API_URL = local.url;
});

afterAll(async () => {
  await sql()`DELETE FROM ${sql()(QUEUE)}._private_jobs j USING ${sql()(QUEUE)}._private_tasks t WHERE t.id = j.task_id AND t.identifier = 'send-mail' AND j.payload->>'to' LIKE ${`payments-${tag}-%`}`;
  if (created.length) await sql()`DELETE FROM users WHERE id = ANY(${created}::int[])`;
  await closeDatabase();
  await local.close();
});

async function member(): Promise<SessionUser> {
  const email = `payments-${tag}-${created.length}@test.pawroute`;
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, email_verified, username) VALUES (${email}, true, ${`p${tag}${created.length}`.slice(0, 15)}) RETURNING id`;
  created.push(row.id);
  return { id: row.id, email, username: null, emailVerified: true, isAdmin: false, hasPassword: true, sessionId: "test" };
}

/** What Stripe.js does in the browser: confirm the SetupIntent with the card's details. */
async function setUpCard(user: SessionUser, number: string): Promise<string> {
  const { clientSecret } = await createSetupIntent(user);
  const answer = await fetch(`${local.url}/v1/setup_intents/${clientSecret.split("_secret_")[0]}/confirm`, {
    method: "POST",
    headers: { Authorization: `Bearer ${LOCAL_KEYS.publishable}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_secret: clientSecret, "payment_method_data[card][number]": number, "payment_method_data[card][exp_month]": "12", "payment_method_data[card][exp_year]": "2034", "payment_method_data[card][cvc]": "123" }),
  });
  const body = (await answer.json()) as { payment_method: string };
  expect(answer.status).toBe(200);
  return body.payment_method;
}

/** The pretend bank's page: one round of extra authentication. */
async function authenticate(result: PaymentResult): Promise<string> {
  if (result.status !== "requires_action") throw new Error(`expected requires_action, got ${result.status}`);
  const answer = await fetch(`${local.url}/v1/payment_intents/${result.paymentIntent}/authenticate`, {
    method: "POST",
    headers: { Authorization: `Bearer ${LOCAL_KEYS.publishable}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_secret: result.clientSecret, outcome: "complete" }),
  });
  expect(answer.status).toBe(200);
  return result.paymentIntent;
}

async function money(userId: number) {
  const [row] = await sql()<{ charges: number; receipts: number; subscriptions: number; total: number }[]>`
    SELECT (SELECT count(*)::int FROM charges WHERE user_id = ${userId} AND status = 'succeeded') AS charges,
           (SELECT count(*)::int FROM receipts WHERE user_id = ${userId}) AS receipts,
           (SELECT count(*)::int FROM subscriptions WHERE user_id = ${userId}) AS subscriptions,
           (SELECT coalesce(sum(amount_pence), 0)::int FROM receipts WHERE user_id = ${userId}) AS total`;
  return row;
}

async function mailsTo(email: string): Promise<number> {
  const [row] = await sql()<{ count: number }[]>`
    SELECT count(*)::int AS count FROM ${sql()(QUEUE)}._private_jobs j JOIN ${sql()(QUEUE)}._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${email}`;
  return row.count;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("subscriptions and payments", () => {
  it("a double-clicked pay button and a retried request make one charge, one receipt and one subscription", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4242424242424242");
    const input = { option: "annual", paymentMethod, key: randomUUID() };
    const [first, second] = await Promise.all([checkout(user, input), checkout(user, input)]);
    const retried = await checkout(user, input);
    expect(first).toMatchObject({ status: "succeeded" });
    expect(second).toEqual(first);
    expect(retried).toEqual(first);
    expect(await money(user.id)).toEqual({ charges: 1, receipts: 1, subscriptions: 1, total: 3999 });
    const [subscription] = await sql()<{ expires_at: string; auto_renew: boolean }[]>`SELECT expires_at, auto_renew FROM subscriptions WHERE user_id = ${user.id}`;
    expect(subscription.auto_renew).toBe(true);
    expect(Math.abs(new Date(subscription.expires_at).getTime() - addMonths(new Date(), 12).getTime())).toBeLessThan(60_000);
    // A second checkout with a new page's key is refused: one subscription at a time.
    expect((await failure(checkout(user, { ...input, key: randomUUID() }))).status).toBe(409);
  });

  it("extra authentication in two rounds: the retry with payment_intent is asked again, then succeeds once", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4000000000003220");
    const input = { option: "monthly", paymentMethod, key: randomUUID() };
    const first = await checkout(user, input);
    expect(first.status).toBe("requires_action");
    const second = await checkout(user, { ...input, paymentIntent: await authenticate(first) });
    expect(second.status).toBe("requires_action");
    const third = await checkout(user, { ...input, paymentIntent: await authenticate(second) });
    expect(third.status).toBe("succeeded");
    expect(await checkout(user, { ...input, paymentIntent: await Promise.resolve(first.status === "requires_action" ? first.paymentIntent : "") })).toEqual(third);
    expect(await money(user.id)).toEqual({ charges: 1, receipts: 1, subscriptions: 1, total: 499 });
  });

  it("a declined payment answers the spec's message and leaves no subscription or receipt", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4000000000009995");
    const error = await failure(checkout(user, { option: "monthly", paymentMethod, key: randomUUID() }));
    expect(error.message).toBe("Sorry, your card has insufficient funds. Please try again with a different card.");
    expect(await money(user.id)).toEqual({ charges: 0, receipts: 0, subscriptions: 0, total: 0 });
  });

  it("a card set up by another member is refused", async () => {
    const owner = await member();
    const other = await member();
    const paymentMethod = await setUpCard(owner, "4242424242424242");
    expect((await failure(checkout(other, { option: "monthly", paymentMethod, key: randomUUID() }))).status).toBe(404);
  });

  it("a webhook applies a payment once: a replayed event changes nothing, a bad signature is refused", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4000002500003155");
    const input = { option: "monthly", paymentMethod, key: randomUUID() };
    const pending = await checkout(user, input);
    const paymentIntent = await authenticate(pending);
    const confirmed = await new Stripe(LOCAL_KEYS.secret, { host: "127.0.0.1", port: local.port, protocol: "http" }).paymentIntents.confirm(paymentIntent);
    expect(confirmed.status).toBe("succeeded");
    const payload = JSON.stringify({ id: `evt_${tag}`, object: "event", type: "payment_intent.succeeded", data: { object: confirmed } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_KEYS.webhook });
    await expect(receiveStripeEvent(payload, header)).resolves.toEqual({ received: true, duplicate: false });
    await expect(receiveStripeEvent(payload, header)).resolves.toEqual({ received: true, duplicate: true });
    expect((await failure(receiveStripeEvent(payload, header.replace(/v1=\w+/, "v1=00")))).status).toBe(400);
    // The member's retry after authentication finds the payment already applied.
    expect(await checkout(user, { ...input, paymentIntent })).toMatchObject({ status: "succeeded" });
    expect(await money(user.id)).toEqual({ charges: 1, receipts: 1, subscriptions: 1, total: 499 });
  });

  it("renew twice at once charges one period; cancel and enable auto-renew answer the expiry", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4242424242424242");
    const bought = await checkout(user, { option: "monthly", paymentMethod, key: randomUUID() });
    if (bought.status !== "succeeded") throw new Error("not bought");
    const [a, b] = await Promise.all([renew(user, {}), renew(user, {})]);
    expect(a).toEqual(b);
    if (a.status !== "succeeded") throw new Error("not renewed");
    expect(new Date(a.expiryDate).getTime()).toBe(addMonths(new Date(bought.expiryDate), 1).getTime());
    expect(await money(user.id)).toMatchObject({ charges: 2, receipts: 2, subscriptions: 1, total: 998 });
    expect(await cancelAutoRenew(user.id)).toEqual({ expiryDate: a.expiryDate });
    expect(await enableAutoRenew(user.id)).toEqual({ expiryDate: a.expiryDate });
  });

  it("a failed renewal leaves the subscription as it was and mails the member once", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4000000000000341");
    // The card authorises nothing: seed the subscription the member paid for earlier.
    const [method] = await sql()<{ id: number }[]>`INSERT INTO payment_methods (user_id, method, provider_ref, brand, last4) VALUES (${user.id}, 2, ${paymentMethod}, 'visa', '0341') RETURNING id`;
    const expiresAt = new Date(Date.now() + 86_400_000);
    await sql()`INSERT INTO subscriptions (user_id, plan, expires_at, auto_renew, payment_method_id) VALUES (${user.id}, 'monthly', ${expiresAt.toISOString()}::timestamptz, true, ${method.id})`;
    await runRenewals();
    await runRenewals();
    const [subscription] = await sql()<{ expires_at: string; auto_renew: boolean }[]>`SELECT expires_at, auto_renew FROM subscriptions WHERE user_id = ${user.id}`;
    expect(new Date(subscription.expires_at).getTime()).toBe(expiresAt.getTime());
    expect(subscription.auto_renew).toBe(true);
    expect(await money(user.id)).toMatchObject({ charges: 0, receipts: 0 });
    expect(await mailsTo(user.email)).toBe(1);
    const [event] = await sql()<{ kind: string }[]>`SELECT kind FROM subscription_events e JOIN subscriptions s ON s.id = e.subscription_id WHERE s.user_id = ${user.id}`;
    expect(event.kind).toBe("renewal-failed");
  });

  it("the renewal job renews a due subscription once, however often it runs", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4242424242424242");
    const [method] = await sql()<{ id: number }[]>`INSERT INTO payment_methods (user_id, method, provider_ref, brand, last4) VALUES (${user.id}, 2, ${paymentMethod}, 'visa', '4242') RETURNING id`;
    const expiresAt = new Date(Date.now() + 86_400_000);
    await sql()`INSERT INTO subscriptions (user_id, plan, expires_at, auto_renew, payment_method_id) VALUES (${user.id}, 'monthly', ${expiresAt.toISOString()}::timestamptz, true, ${method.id})`;
    await Promise.all([runRenewals(), runRenewals()]);
    await runRenewals();
    const [subscription] = await sql()<{ expires_at: string }[]>`SELECT expires_at FROM subscriptions WHERE user_id = ${user.id}`;
    expect(new Date(subscription.expires_at).getTime()).toBe(addMonths(expiresAt, 1).getTime());
    expect(await money(user.id)).toMatchObject({ charges: 1, receipts: 1 });
  });

  it("switching plan charges the new price less the unused part of the old one, once", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4242424242424242");
    await checkout(user, { option: "annual", paymentMethod, key: randomUUID() });
    const key = randomUUID();
    const [a, b] = await Promise.all([switchPlan(user, { option: "pack-leader", key }), switchPlan(user, { option: "pack-leader", key })]);
    expect(a).toEqual(b);
    const [charge] = await sql()<{ amount_pence: number }[]>`SELECT amount_pence FROM charges WHERE user_id = ${user.id} AND purpose = 'switch'`;
    // Almost the whole annual period is unused: 5999 − (just under 3999).
    expect(charge.amount_pence).toBeGreaterThanOrEqual(2000);
    expect(charge.amount_pence).toBeLessThanOrEqual(2001);
    const current = await sql()<{ plan: string }[]>`SELECT plan FROM subscriptions WHERE user_id = ${user.id} AND ended_at IS NULL`;
    expect(current).toEqual([{ plan: "pack-leader" }]);
    expect(await money(user.id)).toMatchObject({ charges: 2, receipts: 2, subscriptions: 2 });
  });

  it("the proration rule: a credit larger than the new price lengthens the new period", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const annual = findPlan("pack-leader");
    const monthly = findPlan("monthly");
    if (!annual || !monthly) throw new Error("plans");
    const down = prorate({ pricePence: annual.pricePence, periodMonths: 12, expiresAt: addMonths(now, 12) }, monthly, now);
    expect(down.amountPence).toBe(0);
    expect(down.creditPence).toBe(5999);
    expect(down.expiresAt.getTime()).toBeGreaterThan(addMonths(now, 12).getTime());
    const up = prorate({ pricePence: monthly.pricePence, periodMonths: 1, expiresAt: now }, annual, now);
    expect(up).toEqual({ amountPence: 5999, creditPence: 0, expiresAt: addMonths(now, 12) });
  });
});
