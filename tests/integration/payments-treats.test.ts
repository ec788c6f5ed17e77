import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { LOCAL_PAYPAL_PAYERS, startLocalPayPal, type LocalPayPal } from "../../app/payments/local/paypal-api.server";
import { startLocalStripe, type LocalStripe } from "../../app/payments/local/stripe-api.server";
import { DISCOUNT_MESSAGES } from "../../app/payments/messages";
import { registerPaymentMethod } from "../../app/payments/payment-method.server";
import { createSetupToken } from "../../app/payments/paypal.server";
import { renewWithTreat } from "../../app/payments/prize.server";
import { runRenewals } from "../../app/payments/renewals.server";
import { LOCAL_KEYS } from "../../app/payments/stripe.server";
import { addMonths, checkout, enableAutoRenew, renew, savedCards, switchCharged, switchPlan, type PaymentResult } from "../../app/payments/subscriptions.server";
import { paymentMembers, confirmCard, renewingSubscription } from "./payment-members";
import { appErrorOf } from "../support/app-error";

// Issue 48, the member's side: a subscriber's Treat lengthens the subscription, a renewal is paid with
// the card the member gives (even after one waited for extra authentication), enable-autorenew saves a
// method without charging, a switch credits what was paid, discount codes are never silently dropped.
const members = paymentMembers("treatpay");
const { tag, member } = members;
let stripeApi: LocalStripe;
let paypalApi: LocalPayPal;
let provider: Stripe;

beforeAll(async () => {
  stripeApi = await startLocalStripe(0);
  paypalApi = await startLocalPayPal(0);
  process.env.STRIPE_API_URL = stripeApi.url;
  process.env.PAYPAL_API_URL = paypalApi.url;
  provider = new Stripe(LOCAL_KEYS.secret, { host: "127.0.0.1", port: stripeApi.port, protocol: "http" });
});

afterAll(async () => {
  await members.remove();
  await sql()`DELETE FROM treat_options WHERE slug LIKE ${`tp-${tag}-%`}`;
  await sql()`DELETE FROM affiliate_links WHERE code LIKE ${`TP${tag}%`}`;
  await closeDatabase();
  await stripeApi.close();
  await paypalApi.close();
});

const setUpCard = (user: SessionUser, number?: string) => confirmCard(stripeApi.url, user, number);

async function awardTreat(userId: number, data: Record<string, unknown> = { discount: 100, interval: 1, period: "month" }): Promise<number> {
  const slug = `tp-${tag}-${Math.random().toString(36).slice(2, 8)}`;
  const [option] = await sql()<{ id: number }[]>`
    INSERT INTO treat_options (name, slug, type, weight, data, subscription_filter, subscription_filter_value) VALUES ('A free month of Premium', ${slug}, 1, 0, ${JSON.stringify(data)}::text::jsonb, 'option', 'monthly') RETURNING id`;
  const [treat] = await sql()<{ id: number }[]>`INSERT INTO awarded_treats (user_id, option_id, source, expires_at) VALUES (${userId}, ${option.id}, 'award', now() + interval '30 days') RETURNING id`;
  return treat.id;
}

async function subscription(userId: number) {
  const [row] = await sql()<{ id: number; expires_at: string; auto_renew: boolean; payment_method_id: number | null }[]>`SELECT id, expires_at, auto_renew, payment_method_id FROM subscriptions WHERE user_id = ${userId} AND ended_at IS NULL`;
  return row;
}

async function receipts(userId: number) {
  return sql()<{ amount_pence: number; discount_pence: number; payment_description: string; description: string }[]>`SELECT amount_pence, discount_pence, payment_description, description FROM receipts WHERE user_id = ${userId} ORDER BY id`;
}

async function intents(userId: number) {
  const [customer] = await sql()<{ stripe_customer_id: string }[]>`SELECT stripe_customer_id FROM payment_customers WHERE user_id = ${userId}`;
  return (await provider.paymentIntents.list({ customer: customer.stripe_customer_id })).data;
}

async function treatUsed(id: number): Promise<boolean> {
  const [row] = await sql()<{ used: boolean }[]>`SELECT redeemed_at IS NOT NULL AS used FROM awarded_treats WHERE id = ${id}`;
  return row.used;
}

function succeeded(result: PaymentResult) {
  if (result.status !== "succeeded") throw new Error(`expected succeeded, got ${result.status}`);
  return result;
}

describe("a subscriber's Treat", () => {
  it("adds its month to the subscription, by the payment call and by the renew call, once; the card stays for renewals", async () => {
    const user = await member();
    const bought = succeeded(await checkout(user, { option: "monthly", paymentMethod: await setUpCard(user), key: randomUUID() }));
    const before = await subscription(user.id);
    const first = await awardTreat(user.id);
    const [a, b] = await Promise.all([registerPaymentMethod(user, { method: 3, paymentMethod: first.toString(16), option: "monthly" }), registerPaymentMethod(user, { method: 3, paymentMethod: first.toString(16), option: "monthly" })]);
    expect(b).toEqual(a);
    expect(succeeded(a).expiryDate).toBe(addMonths(new Date(bought.expiryDate), 1).toISOString());
    const second = await awardTreat(user.id);
    const renewed = succeeded(await renewWithTreat(user, second));
    expect(renewed.expiryDate).toBe(addMonths(new Date(bought.expiryDate), 2).toISOString());
    const after = await subscription(user.id);
    expect(after).toMatchObject({ id: before.id, auto_renew: true, payment_method_id: before.payment_method_id });
    expect((await receipts(user.id)).map((receipt) => [receipt.amount_pence, receipt.payment_description])).toEqual([
      [499, "Visa card ending 4242"],
      [0, "Treat: A free month of Premium"],
      [0, "Treat: A free month of Premium"],
    ]);
    // Only the first payment reached the card provider.
    expect((await intents(user.id)).filter((intent) => intent.status === "succeeded")).toHaveLength(1);
  });

  it("a part-paying Treat takes its share off a renewal paid by card, and is used up only when it is paid", async () => {
    const user = await member();
    const bought = succeeded(await checkout(user, { option: "monthly", paymentMethod: await setUpCard(user), key: randomUUID() }));
    const half = await awardTreat(user.id, { discount: 50, interval: 1, period: "month" });
    // On its own it pays nothing: it is used with a card.
    expect((await appErrorOf(renewWithTreat(user, half))).status).toBe(422);
    const declined = await appErrorOf(renew(user, { paymentMethod: await setUpCard(user, "4000000000009995"), key: randomUUID(), period: bought.expiryDate, treat: half }));
    expect(declined.status).toBe(402);
    expect(await treatUsed(half)).toBe(false);
    succeeded(await renew(user, { key: randomUUID(), paymentMethod: await setUpCard(user), period: bought.expiryDate, treat: half }));
    expect(await treatUsed(half)).toBe(true);
    expect((await receipts(user.id)).map((receipt) => [receipt.amount_pence, receipt.discount_pence])).toEqual([
      [499, 0],
      [250, 249],
    ]);
  });
});

describe("a part-paying Treat at checkout", () => {
  it("“A month of Premium at half price” halves the first month paid by card, once", async () => {
    const user = await member();
    const half = await awardTreat(user.id, { discount: 50, interval: 1, period: "month" });
    succeeded(await checkout(user, { option: "monthly", paymentMethod: await setUpCard(user), key: randomUUID(), treat: half }));
    expect(await treatUsed(half)).toBe(true);
    expect((await intents(user.id)).filter((intent) => intent.status === "succeeded").map((intent) => intent.amount)).toEqual([250]);
    // A Treat already used cannot take anything off again.
    const other = await member();
    await sql()`UPDATE awarded_treats SET user_id = ${other.id} WHERE id = ${half}`;
    expect((await appErrorOf(checkout(other, { option: "monthly", paymentMethod: await setUpCard(other), key: randomUUID(), treat: half }))).status).toBe(404);
  });
});

describe("renewals on the card the member gives", () => {
  it("a renewal that waited for extra authentication is paid with the new card typed on the renew page; the old attempt is cancelled", async () => {
    const user = await member();
    const bought = succeeded(await checkout(user, { option: "monthly", paymentMethod: await setUpCard(user), key: randomUUID() }));
    const period = bought.expiryDate;
    const waiting = await renew(user, { paymentMethod: await setUpCard(user, "4000002500003155"), key: randomUUID(), period });
    expect(waiting.status).toBe("requires_action");
    const renewed = succeeded(await renew(user, { paymentMethod: await setUpCard(user, "5555555555554444"), key: randomUUID(), period }));
    expect(renewed.expiryDate).toBe(addMonths(new Date(period), 1).toISOString());
    expect((await receipts(user.id)).map((receipt) => receipt.payment_description)).toEqual(["Visa card ending 4242", "Mastercard card ending 4444"]);
    const statuses = (await intents(user.id)).map((intent) => intent.status).sort();
    expect(statuses).toEqual(["canceled", "succeeded", "succeeded"]);
    const [method] = await sql()<{ last4: string }[]>`SELECT m.last4 FROM subscriptions s JOIN payment_methods m ON m.id = s.payment_method_id WHERE s.user_id = ${user.id} AND s.ended_at IS NULL`;
    expect(method.last4).toBe("4444");
  });

  it("after the card is changed, the hourly job pays the waiting renewal with the new card, not the old payment", async () => {
    const user = await member();
    const old = await setUpCard(user, "4000002500003155");
    const { expiresAt } = await renewingSubscription(user.id, old, "3155");
    // The member starts the renewal on the page; the bank asks for authentication, which is never given.
    expect((await renew(user, { key: randomUUID(), period: expiresAt.toISOString() })).status).toBe("requires_action");
    await registerPaymentMethod(user, { method: 2, paymentMethod: await setUpCard(user, "5555555555554444") });
    await runRenewals();
    expect(new Date((await subscription(user.id)).expires_at).getTime()).toBe(addMonths(expiresAt, 1).getTime());
    expect((await receipts(user.id)).map((receipt) => receipt.payment_description)).toEqual(["Mastercard card ending 4444"]);
    expect((await intents(user.id)).map((intent) => intent.status).sort()).toEqual(["canceled", "succeeded"]);
  });
});

describe("enable-autorenew, switches and discounts", () => {
  it("enable-autorenew with a new card saves it for renewals and charges nothing", async () => {
    const user = await member();
    succeeded(await registerPaymentMethod(user, { method: 3, paymentMethod: (await awardTreat(user.id)).toString(16), option: "monthly" }));
    expect(await subscription(user.id)).toMatchObject({ auto_renew: false, payment_method_id: null });
    const card = await setUpCard(user);
    const { expiryDate } = await enableAutoRenew(user.id, { user, paymentMethod: card });
    expect(await subscription(user.id)).toMatchObject({ auto_renew: true, expires_at: expect.anything() });
    expect(new Date((await subscription(user.id)).expires_at).toISOString()).toBe(expiryDate);
    expect((await subscription(user.id)).payment_method_id).not.toBeNull();
    expect(await intents(user.id)).toEqual([]);
    expect(await receipts(user.id)).toHaveLength(1);
  });

  it("a switch credits what was paid: a month paid by a Treat gives no credit, and the success page can say what was charged", async () => {
    const user = await member();
    succeeded(await registerPaymentMethod(user, { method: 3, paymentMethod: (await awardTreat(user.id)).toString(16), option: "monthly" }));
    await registerPaymentMethod(user, { method: 2, paymentMethod: await setUpCard(user) });
    const current = await subscription(user.id);
    const switched = await switchPlan(user, { option: "annual", key: randomUUID(), subscription: current.id });
    expect(switched).toMatchObject({ status: "succeeded", from: "monthly", amountPence: 3999 });
    expect(await switchCharged(user.id)).toBe(3999);
  });

  it("an unknown or expired discount code is refused with a clear message and nothing is charged; a live one takes its share off a renewal", async () => {
    const user = await member();
    const card = await setUpCard(user);
    const unknown = await appErrorOf(checkout(user, { option: "monthly", paymentMethod: card, key: randomUUID(), affiliateLink: `TP${tag}NOPE` }));
    expect({ status: unknown.status, message: unknown.message }).toEqual({ status: 422, message: DISCOUNT_MESSAGES.unknown(`TP${tag}NOPE`) });
    await sql()`INSERT INTO affiliate_links (code, name, discount_percent, expires_at) VALUES (${`TP${tag}OLD`}, 'Old', 20, now() - interval '1 day'), (${`TP${tag}LIVE`}, 'Live', 25, NULL)`;
    const expired = await appErrorOf(checkout(user, { option: "monthly", paymentMethod: card, key: randomUUID(), affiliateLink: `TP${tag}OLD` }));
    expect({ status: expired.status, message: expired.message }).toEqual({ status: 422, message: DISCOUNT_MESSAGES.expired(`TP${tag}OLD`) });
    expect(await intents(user.id)).toEqual([]);
    const bought = succeeded(await checkout(user, { option: "monthly", paymentMethod: card, key: randomUUID() }));
    succeeded(await renew(user, { key: randomUUID(), period: bought.expiryDate, affiliateLink: `TP${tag}LIVE` }));
    expect((await receipts(user.id)).map((receipt) => [receipt.amount_pence, receipt.discount_pence])).toEqual([
      [499, 0],
      [375, 124],
    ]);
  });

  it("a PayPal account just declined is not offered as a saved method", async () => {
    const user = await member();
    const { id } = await createSetupToken(user.id, randomUUID());
    await fetch(`${paypalApi.url}/v3/vault/setup-tokens/${id}/approve`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: LOCAL_PAYPAL_PAYERS.declined }) });
    expect((await appErrorOf(checkout(user, { option: "monthly", nonce: id, key: randomUUID() }))).status).toBe(402);
    expect(await savedCards(user.id)).toEqual([]);
    const card = await setUpCard(user);
    succeeded(await checkout(user, { option: "monthly", paymentMethod: card, key: randomUUID() }));
    expect((await savedCards(user.id)).map((saved) => saved.label)).toEqual(["Visa card ending 4242"]);
  });
});
