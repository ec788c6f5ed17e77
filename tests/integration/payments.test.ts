import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { errorResponse } from "../../app/error-response.server";
import { localWebhookSecrets } from "../../app/payments/local/secrets.server";
import { startLocalStripe, type LocalStripe } from "../../app/payments/local/stripe-api.server";
import { findPlan } from "../../app/payments/plans";
import { runRenewals } from "../../app/payments/renewals.server";
import { LOCAL_KEYS } from "../../app/payments/stripe.server";
import { registerPaymentMethod } from "../../app/payments/payment-method.server";
import { payingTreats, payWithTreat } from "../../app/payments/prize.server";
import { addMonths, cancelAutoRenew, checkout, createSetupIntent, enableAutoRenew, prorate, renew, renewalCard, switchPlan, type PaymentResult } from "../../app/payments/subscriptions.server";
import { receiveStripeEvent } from "../../app/payments/webhooks.server";
import { paymentMembers, queueSchema, confirmCard, renewingSubscription } from "./payment-members";
import { appErrorOf } from "../support/app-error";

// Money safety against the real database and the local Stripe API stand-in (the stripe SDK speaks to it
// over HTTP): doubled and retried requests, replayed webhooks, extra authentication, declines, renewals.
const members = paymentMembers("payments");
const { tag, member } = members;
let local: LocalStripe;

beforeAll(async () => {
  local = await startLocalStripe(0);
  process.env.STRIPE_API_URL = local.url;
});

afterAll(async () => {
  await members.remove();
  await sql()`DELETE FROM treat_options WHERE slug LIKE ${`pay-${tag}-%`}`;
  await closeDatabase();
  await local.close();
});

/** What Stripe.js does in the browser: confirm the SetupIntent with the card's details. */
const setUpCard = (user: SessionUser, number: string) => confirmCard(local.url, user, number);

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
    SELECT count(*)::int AS count FROM ${sql()(queueSchema())}._private_jobs j JOIN ${sql()(queueSchema())}._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${email}`;
  return row.count;
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
    expect((await appErrorOf(checkout(user, { ...input, key: randomUUID() }))).status).toBe(409);
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
    const error = await appErrorOf(checkout(user, { option: "monthly", paymentMethod, key: randomUUID() }));
    expect(error.message).toBe("Sorry, your card has insufficient funds. Please try again with a different card.");
    expect(error.status).toBe(402);
    // The one error path answers it as a 402 with the message word for word.
    const response = errorResponse(error);
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ message: "Sorry, your card has insufficient funds. Please try again with a different card.", code: "insufficient_funds" });
    expect(await money(user.id)).toEqual({ charges: 0, receipts: 0, subscriptions: 0, total: 0 });
  });

  it("a card set up by another member is refused", async () => {
    const owner = await member();
    const other = await member();
    const paymentMethod = await setUpCard(owner, "4242424242424242");
    expect((await appErrorOf(checkout(other, { option: "monthly", paymentMethod, key: randomUUID() }))).status).toBe(404);
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
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: localWebhookSecrets().stripe });
    await expect(receiveStripeEvent(payload, header)).resolves.toEqual({ received: true, duplicate: false });
    await expect(receiveStripeEvent(payload, header)).resolves.toEqual({ received: true, duplicate: true });
    expect((await appErrorOf(receiveStripeEvent(payload, header.replace(/v1=\w+/, "v1=00")))).status).toBe(400);
    // The member's retry after authentication finds the payment already applied.
    expect(await checkout(user, { ...input, paymentIntent })).toMatchObject({ status: "succeeded" });
    expect(await money(user.id)).toEqual({ charges: 1, receipts: 1, subscriptions: 1, total: 499 });
  });

  it("a renew page submitted twice, at once or one after the other, charges one period; cancel and enable auto-renew answer the expiry", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4242424242424242");
    const bought = await checkout(user, { option: "monthly", paymentMethod, key: randomUUID() });
    if (bought.status !== "succeeded") throw new Error("not bought");
    const page = randomUUID();
    const [a, b] = await Promise.all([renew(user, { key: page }), renew(user, { key: page })]);
    expect(a).toEqual(b);
    if (a.status !== "succeeded") throw new Error("not renewed");
    expect(new Date(a.expiryDate).getTime()).toBe(addMonths(new Date(bought.expiryDate), 1).getTime());
    // The same page's submit arriving after the renewal went through (a doubled click without
    // JavaScript, a resent POST) answers that renewal: it does not pay for the month after.
    expect(await renew(user, { key: page })).toEqual(a);
    expect(await money(user.id)).toMatchObject({ charges: 2, receipts: 2, subscriptions: 1, total: 998 });
    expect(await cancelAutoRenew(user.id)).toEqual({ expiryDate: a.expiryDate });
    expect(await enableAutoRenew(user.id)).toMatchObject({ expiryDate: a.expiryDate });
    // A new renew page renews the month after.
    const again = await renew(user, { key: randomUUID() });
    if (again.status !== "succeeded") throw new Error("not renewed again");
    expect(new Date(again.expiryDate).getTime()).toBe(addMonths(new Date(bought.expiryDate), 2).getTime());
    expect(await money(user.id)).toMatchObject({ charges: 3, receipts: 3, subscriptions: 1, total: 1497 });
  });

  it("a failed renewal leaves the subscription as it was and mails the member once", async () => {
    const user = await member();
    const paymentMethod = await setUpCard(user, "4000000000000341");
    // The card authorises nothing: seed the subscription the member paid for earlier.
    const { expiresAt } = await renewingSubscription(user.id, paymentMethod, "0341");
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
    const { expiresAt } = await renewingSubscription(user.id, paymentMethod, "4242");
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
    expect(a).toMatchObject({ status: "succeeded", from: "annual" });
    // The same page sent again after the switch went through answers that switch, from the plan it
    // replaced: it is neither refused as the plan the member now has nor charged again (decision 0200).
    expect(await switchPlan(user, { option: "pack-leader", key })).toEqual(a);
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

/** A Treat option that pays (type 1) and one awarded Treat of it for the member. */
async function awardPayingTreat(userId: number, data: Record<string, unknown> = { discount: 100, interval: 1, period: "month" }, filterValue = "monthly"): Promise<number> {
  const slug = `pay-${tag}-${Math.random().toString(36).slice(2, 8)}`;
  const [option] = await sql()<{ id: number }[]>`
    INSERT INTO treat_options (name, slug, type, weight, data, subscription_filter, subscription_filter_value)
    VALUES ('A free month', ${slug}, 1, 0, ${JSON.stringify(data)}::text::jsonb, 'option', ${filterValue}) RETURNING id`;
  const [treat] = await sql()<{ id: number }[]>`INSERT INTO awarded_treats (user_id, option_id, source, expires_at) VALUES (${userId}, ${option.id}, 'award', now() + interval '30 days') RETURNING id`;
  return treat.id;
}

async function treatUsed(id: number): Promise<boolean> {
  const [row] = await sql()<{ used: boolean }[]>`SELECT redeemed_at IS NOT NULL AS used FROM awarded_treats WHERE id = ${id}`;
  return row.used;
}

describe("paying with a Treat (method 3), wallets and changing the card", () => {
  it("a doubled and a retried Treat payment start one subscription and use the Treat once, with a receipt", async () => {
    const user = await member();
    const treatId = await awardPayingTreat(user.id);
    const monthly = findPlan("monthly");
    if (!monthly) throw new Error("plans");
    expect((await payingTreats(user.id, monthly)).map((treat) => treat.name)).toEqual(["A free month"]);
    const [a, b] = await Promise.all([payWithTreat(user, { option: "monthly", treatId }), payWithTreat(user, { option: "monthly", treatId })]);
    expect(a).toMatchObject({ status: "succeeded" });
    expect(b).toEqual(a);
    expect(await payWithTreat(user, { option: "monthly", treatId })).toEqual(a);
    expect(await money(user.id)).toEqual({ charges: 1, receipts: 1, subscriptions: 1, total: 0 });
    expect(await treatUsed(treatId)).toBe(true);
    expect(await payingTreats(user.id, monthly)).toEqual([]);
    const [subscription] = await sql()<{ plan: string; auto_renew: boolean; payment_method_id: number | null; expires_at: string }[]>`SELECT plan, auto_renew, payment_method_id, expires_at FROM subscriptions WHERE user_id = ${user.id}`;
    expect(subscription).toMatchObject({ plan: "monthly", auto_renew: false, payment_method_id: null });
    expect(Math.abs(new Date(subscription.expires_at).getTime() - addMonths(new Date(), 1).getTime())).toBeLessThan(60_000);
    const [receipt] = await sql()<{ payment_description: string }[]>`SELECT payment_description FROM receipts WHERE user_id = ${user.id}`;
    expect(receipt.payment_description).toBe("Treat: A free month");
  });

  it("a Treat for another plan, a part-paying Treat and another member's Treat are refused and stay unused", async () => {
    const user = await member();
    const treatId = await awardPayingTreat(user.id);
    const wrongPlan = await appErrorOf(payWithTreat(user, { option: "annual", treatId }));
    expect({ status: wrongPlan.status, message: wrongPlan.message }).toEqual({ status: 422, message: "This Treat cannot pay for the Annual plan." });
    const half = await awardPayingTreat(user.id, { discount: 50, interval: 1, period: "month" });
    expect((await appErrorOf(payWithTreat(user, { option: "monthly", treatId: half }))).status).toBe(422);
    const other = await member();
    expect((await appErrorOf(payWithTreat(other, { option: "monthly", treatId }))).status).toBe(404);
    expect(await treatUsed(treatId)).toBe(false);
    expect(await treatUsed(half)).toBe(false);
    expect(await money(user.id)).toEqual({ charges: 0, receipts: 0, subscriptions: 0, total: 0 });
    // A subscriber's Treat is not refused: it lengthens the subscription (tests/integration/payments-treats.test.ts).
  });

  it("the spec's POST users/me/paymentMethod: method 3 pays with a Treat, method 2 without a plan changes the renewal card", async () => {
    const user = await member();
    const treatId = await awardPayingTreat(user.id);
    const paid = await registerPaymentMethod(user, { method: 3, paymentMethod: treatId.toString(16), option: "monthly" });
    expect(paid).toMatchObject({ status: "succeeded" });
    expect(await renewalCard(user.id)).toMatchObject({ card: null, subscription: { planName: "Monthly", autoRenew: false } });
    const card = await setUpCard(user, "5555555555554444");
    expect(await registerPaymentMethod(user, { method: 2, paymentMethod: card })).toEqual(paid);
    expect((await renewalCard(user.id)).card).toEqual({ method: 2, brand: "mastercard", last4: "4444", expiry: "12/34" });
    // Another member's card is refused; a bad body is a 400, never a 500.
    const other = await member();
    const otherCard = await setUpCard(other, "4242424242424242");
    expect((await appErrorOf(registerPaymentMethod(user, { method: 2, paymentMethod: otherCard }))).status).toBe(404);
    await expect(registerPaymentMethod(user, { method: 3, paymentMethod: "\u0000", option: "monthly" })).rejects.toMatchObject({ name: "ZodError" });
    expect((await renewalCard(user.id)).card?.last4).toBe("4444");
  });

  it("a wallet's payment method (made in the browser, then attached by a SetupIntent) pays through the card path", async () => {
    const user = await member();
    const made = await fetch(`${local.url}/v1/payment_methods`, {
      method: "POST",
      headers: { Authorization: `Bearer ${LOCAL_KEYS.publishable}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ type: "card", "card[number]": "4242424242424242", "card[exp_month]": "12", "card[exp_year]": "2034" }),
    });
    const walletMethod = ((await made.json()) as { id: string }).id;
    const { clientSecret } = await createSetupIntent(user);
    const attached = await fetch(`${local.url}/v1/setup_intents/${clientSecret.split("_secret_")[0]}/confirm`, {
      method: "POST",
      headers: { Authorization: `Bearer ${LOCAL_KEYS.publishable}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_secret: clientSecret, payment_method: walletMethod }),
    });
    expect(((await attached.json()) as { payment_method: string }).payment_method).toBe(walletMethod);
    expect(await checkout(user, { option: "monthly", paymentMethod: walletMethod, key: randomUUID() })).toMatchObject({ status: "succeeded" });
    expect(await money(user.id)).toEqual({ charges: 1, receipts: 1, subscriptions: 1, total: 499 });
  });
});
