import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { AppError } from "../../core/errors";
import { startLocalPayPal, type LocalPayPal } from "../../app/payments/local/paypal-api.server";
import { startLocalStripe, type LocalStripe } from "../../app/payments/local/stripe-api.server";
import { createSetupToken } from "../../app/payments/paypal.server";
import { payWithTreat } from "../../app/payments/prize.server";
import { LOCAL_KEYS } from "../../app/payments/stripe.server";
import { checkout, renew, switchPlan } from "../../app/payments/subscriptions.server";
import { paymentMembers, confirmCard } from "./payment-members";

// Exactly once per member intent (issue 48): one member paying from 2, 5 or 10 tabs at once, with the
// money read back from the database and from the providers' stand-ins. Every tab is a page of its own
// (its own page key); only one may charge, none may answer a 5xx, and no charge may be left pending.
const members = paymentMembers("once");
const { tag, member } = members;
let stripeApi: LocalStripe;
let paypalApi: LocalPayPal;
let provider: Stripe;
const table: string[] = [];

beforeAll(async () => {
  stripeApi = await startLocalStripe(0);
  paypalApi = await startLocalPayPal(0);
  process.env.STRIPE_API_URL = stripeApi.url;
  process.env.PAYPAL_API_URL = paypalApi.url;
  provider = new Stripe(LOCAL_KEYS.secret, { host: "127.0.0.1", port: stripeApi.port, protocol: "http" });
});

afterAll(async () => {
  console.log(["scenario | tabs | provider charges | subscriptions | receipts | 5xx | pending", ...table].join("\n"));
  await members.remove();
  await sql()`DELETE FROM treat_options WHERE slug LIKE ${`once-${tag}-%`}`;
  await closeDatabase();
  await stripeApi.close();
  await paypalApi.close();
});

const setUpCard = (user: SessionUser, number?: string) => confirmCard(stripeApi.url, user, number);

/** A card saved on an earlier visit: the "Pay with a saved card" buttons post `saved:{id}`. */
async function savedCard(user: SessionUser): Promise<string> {
  const pm = await setUpCard(user);
  const [row] = await sql()<{ id: number }[]>`INSERT INTO payment_methods (user_id, method, provider_ref, brand, last4) VALUES (${user.id}, 2, ${pm}, 'visa', '4242') RETURNING id`;
  return `saved:${row.id}`;
}

async function approvePayPal(user: SessionUser): Promise<string> {
  const { id } = await createSetupToken(user.id, randomUUID());
  const answer = await fetch(`${paypalApi.url}/v3/vault/setup-tokens/${id}/approve`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "buyer@paypal.test" }) });
  expect(answer.status).toBe(200);
  return id;
}

async function awardTreat(userId: number): Promise<number> {
  const slug = `once-${tag}-${Math.random().toString(36).slice(2, 8)}`;
  const [option] = await sql()<{ id: number }[]>`
    INSERT INTO treat_options (name, slug, type, weight, data, subscription_filter) VALUES ('A free month', ${slug}, 1, 0, ${JSON.stringify({ discount: 100, interval: 1, period: "month" })}::text::jsonb, 'none') RETURNING id`;
  const [treat] = await sql()<{ id: number }[]>`INSERT INTO awarded_treats (user_id, option_id, source, expires_at) VALUES (${userId}, ${option.id}, 'award', now() + interval '30 days') RETURNING id`;
  return treat.id;
}

/** Runs the tabs at once: how many answered, were refused (4xx) or failed (anything else: a 5xx). */
async function race(calls: (() => Promise<unknown>)[]): Promise<{ answered: number; refused: number; failed: number; errors: string[] }> {
  const settled = await Promise.allSettled(calls.map((call) => call()));
  const errors = settled.flatMap((result) => (result.status === "rejected" ? [result.reason instanceof AppError ? `${result.reason.status} ${result.reason.message}` : String(result.reason)] : []));
  return {
    answered: settled.filter((result) => result.status === "fulfilled").length,
    refused: settled.filter((result) => result.status === "rejected" && result.reason instanceof AppError && result.reason.status < 500).length,
    failed: settled.filter((result) => result.status === "rejected" && !(result.reason instanceof AppError && result.reason.status < 500)).length,
    errors,
  };
}

/** What the member was charged, read back from the provider (Stripe's list of PaymentIntents, PayPal's orders) and the database. */
async function tally(user: SessionUser, paypalOrdersBefore: number) {
  const [customer] = await sql()<{ stripe_customer_id: string }[]>`SELECT stripe_customer_id FROM payment_customers WHERE user_id = ${user.id}`;
  const intents = customer ? (await provider.paymentIntents.list({ customer: customer.stripe_customer_id })).data : [];
  const [row] = await sql()<{ subscriptions: number; receipts: number; pending: number; succeeded: number; paid: number }[]>`
    SELECT (SELECT count(*)::int FROM subscriptions WHERE user_id = ${user.id}) AS subscriptions,
           (SELECT count(*)::int FROM receipts WHERE user_id = ${user.id}) AS receipts,
           (SELECT count(*)::int FROM charges WHERE user_id = ${user.id} AND status IN ('pending', 'requires_action')) AS pending,
           (SELECT count(*)::int FROM charges WHERE user_id = ${user.id} AND status = 'succeeded') AS succeeded,
           (SELECT coalesce(sum(amount_pence), 0)::int FROM receipts WHERE user_id = ${user.id}) AS paid`;
  return { providerCharges: intents.filter((intent) => intent.status === "succeeded").length + (paypalApi.orders() - paypalOrdersBefore), providerPence: intents.filter((intent) => intent.status === "succeeded").reduce((sum, intent) => sum + intent.amount, 0), ...row };
}

function record(scenario: string, tabs: number, counts: Awaited<ReturnType<typeof tally>>, outcome: Awaited<ReturnType<typeof race>>) {
  table.push(`${scenario} | ${tabs} | ${counts.providerCharges} | ${counts.subscriptions} | ${counts.receipts} | ${outcome.failed} | ${counts.pending}`);
}

const JUST = /^409 You have just/;

describe("one checkout per member, however many tabs pay at once", () => {
  const scenarios: Record<string, (user: SessionUser, tabs: number) => Promise<(() => Promise<unknown>)[]>> = {
    "same new card": async (user, tabs) => {
      const pm = await setUpCard(user);
      return Array.from({ length: tabs }, () => () => checkout(user, { option: "monthly", paymentMethod: pm, key: randomUUID() }));
    },
    "saved card": async (user, tabs) => {
      const saved = await savedCard(user);
      return Array.from({ length: tabs }, () => () => checkout(user, { option: "monthly", paymentMethod: saved, key: randomUUID() }));
    },
    "two cards": async (user, tabs) => {
      const cards = [await setUpCard(user), await setUpCard(user, "5555555555554444")];
      return Array.from({ length: tabs }, (_, i) => () => checkout(user, { option: "monthly", paymentMethod: cards[i % 2], key: randomUUID() }));
    },
    PayPal: async (user, tabs) => {
      const nonces = await Promise.all(Array.from({ length: tabs }, () => approvePayPal(user)));
      return nonces.map((nonce) => () => checkout(user, { option: "monthly", nonce, key: randomUUID() }));
    },
    Treat: async (user, tabs) => {
      const treatId = await awardTreat(user.id);
      return Array.from({ length: tabs }, () => () => payWithTreat(user, { option: "monthly", treatId }));
    },
  };
  for (const [scenario, tabsOf] of Object.entries(scenarios)) {
    for (const tabs of [2, 5, 10]) {
      it(`${scenario}, ${tabs} tabs: ${scenario === "Treat" ? "no" : "one"} provider charge, one subscription, one receipt, no 5xx, nothing pending`, async () => {
        const user = await member();
        const calls = await tabsOf(user, tabs);
        const before = paypalApi.orders();
        const outcome = await race(calls);
        const counts = await tally(user, before);
        record(scenario, tabs, counts, outcome);
        expect(outcome.failed, outcome.errors.join("\n")).toBe(0);
        expect(counts).toMatchObject({ providerCharges: scenario === "Treat" ? 0 : 1, subscriptions: 1, receipts: 1, pending: 0, succeeded: 1 });
        expect(counts.providerPence).toBe(scenario === "Treat" || scenario === "PayPal" ? 0 : 499);
        // The other tabs are told the member has just subscribed (a Treat's doubled use answers its subscription).
        if (scenario !== "Treat") expect(outcome.errors.every((error) => JUST.test(error)), outcome.errors.join("\n")).toBe(true);
      });
    }
  }
});

describe("one switch and one renewal per member, from two tabs at once", () => {
  async function subscribed(option: string) {
    const user = await member();
    const bought = await checkout(user, { option, paymentMethod: await setUpCard(user), key: randomUUID() });
    if (bought.status !== "succeeded") throw new Error("not bought");
    const [row] = await sql()<{ id: number; expires_at: string }[]>`SELECT id, expires_at FROM subscriptions WHERE user_id = ${user.id} AND ended_at IS NULL`;
    return { user, subscription: row };
  }

  it("two tabs switching to the same plan: one switch charged", async () => {
    const { user, subscription } = await subscribed("annual");
    const before = paypalApi.orders();
    const outcome = await race([0, 1].map(() => () => switchPlan(user, { option: "pack-leader", key: randomUUID(), subscription: subscription.id })));
    const counts = await tally(user, before);
    record("switch, same plan", 2, counts, outcome);
    expect(outcome.failed, outcome.errors.join("\n")).toBe(0);
    expect(counts).toMatchObject({ providerCharges: 2, subscriptions: 2, receipts: 2, pending: 0 });
  });

  it("two tabs switching to two plans: the second is told the plan has just changed, and is not charged", async () => {
    const { user, subscription } = await subscribed("annual");
    const before = paypalApi.orders();
    const outcome = await race(["pack-leader", "monthly"].map((option) => () => switchPlan(user, { option, key: randomUUID(), subscription: subscription.id })));
    const counts = await tally(user, before);
    record("switch, two plans", 2, counts, outcome);
    expect(outcome.failed, outcome.errors.join("\n")).toBe(0);
    expect(outcome.answered).toBe(1);
    expect(counts).toMatchObject({ subscriptions: 2, receipts: 2, pending: 0 });
  });

  it("two renew pages at once: one period renewed", async () => {
    const { user, subscription } = await subscribed("monthly");
    const before = paypalApi.orders();
    const outcome = await race([0, 1].map(() => () => renew(user, { key: randomUUID(), period: new Date(subscription.expires_at).toISOString() })));
    const counts = await tally(user, before);
    record("renew", 2, counts, outcome);
    expect(outcome.failed, outcome.errors.join("\n")).toBe(0);
    expect(counts).toMatchObject({ providerCharges: 2, subscriptions: 1, receipts: 2, pending: 0, paid: 998 });
    expect(outcome.errors.every((error) => JUST.test(error)), outcome.errors.join("\n")).toBe(true);
  });
});
