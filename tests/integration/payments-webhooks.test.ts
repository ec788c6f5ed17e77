// Webhooks over the routes' actions, against the real database and the local Stripe and PayPal stand-ins,
// which send their own signed events (decisions 0240, 0241): bodies of every wrong shape answer 400 and
// are logged; signatures made with the old constants are refused; refunds, disputes and reversals change
// the receipt and the subscription once however often they are sent; receipts and refunds are mailed.
import { createHmac, createHash, randomUUID } from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { sql as drizzleSql } from "drizzle-orm";
import { runOnce } from "graphile-worker";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { caughtMail } from "../../db/schema";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, db, sql } from "../../app/db.server";
import { errorResponse } from "../../app/error-response.server";
import { ensureJobQueue, jobLogger } from "../../app/jobs/queue.server";
import { tasks } from "../../app/jobs/worker.server";
import { startMailCatcher, type MailCatcher } from "../../app/mail/catcher.server";
import { closeMailTransport, configureMailTransport } from "../../app/mail/transport.server";
import type { Deliver } from "../../app/payments/local/http.server";
import { signLocalPayPalEvent, startLocalPayPal, type LocalPayPal } from "../../app/payments/local/paypal-api.server";
import { localWebhookSecrets } from "../../app/payments/local/secrets.server";
import { signLocalStripeEvent, startLocalStripe, type LocalStripe } from "../../app/payments/local/stripe-api.server";
import { paypalGateway, stripeGateway } from "../../app/payments/gateways.server";
import { createSetupToken } from "../../app/payments/paypal.server";
import { receiptsOf } from "../../app/payments/receipts.server";
import { recentMoneyBack } from "../../app/payments/refunds.server";
import { runRenewals } from "../../app/payments/renewals.server";
import { LOCAL_KEYS } from "../../app/payments/stripe.server";
import { checkout, renew } from "../../app/payments/subscriptions.server";
import { action as paypalWebhook } from "../../app/routes/api/webhooks-paypal";
import { action as stripeWebhook } from "../../app/routes/api/webhooks-stripe";
import { paymentMembers, confirmCard, renewingSubscription } from "./payment-members";
import { getEnv } from "../../app/env.server";

// Its own job queue, so the mails it reads are its own: the app reads the environment on first use, after this line.
const SCHEMA = `graphile_worker_webhooks_${process.pid}`;
process.env.JOB_QUEUE_SCHEMA = SCHEMA;

const members = paymentMembers("hooks");
const { tag, member } = members;
let stripeLocal: LocalStripe;
let paypalLocal: LocalPayPal;
let catcher: MailCatcher;

/** A webhook POST through the route's action, answered as the server would (errors by the one error path). */
async function post(provider: "stripe" | "paypal", payload: string, headers: Record<string, string>): Promise<Response> {
  const request = new Request(`http://localhost/api/webhooks/${provider}`, { method: "POST", body: payload, headers: { "Content-Type": "application/json", ...headers } });
  const args = { request, params: {}, context: {} } as ActionFunctionArgs;
  try {
    return await (provider === "stripe" ? stripeWebhook(args) : paypalWebhook(args));
  } catch (error) {
    return errorResponse(error);
  }
}

const deliverTo =
  (provider: "stripe" | "paypal"): Deliver =>
  async (payload, headers) =>
    (await post(provider, payload, headers)).status;

beforeAll(async () => {
  stripeLocal = await startLocalStripe(0, { deliver: deliverTo("stripe") });
  paypalLocal = await startLocalPayPal(0, { deliver: deliverTo("paypal") });
  process.env.STRIPE_API_URL = stripeLocal.url;
  process.env.PAYPAL_API_URL = paypalLocal.url;
  catcher = await startMailCatcher(0, { logLinks: false });
  configureMailTransport(`smtp://127.0.0.1:${catcher.port}`, { local: true });
  await ensureJobQueue();
  expect(getEnv().JOB_QUEUE_SCHEMA).toBe(SCHEMA);
});

afterAll(async () => {
  closeMailTransport();
  await catcher.close();
  await db().delete(caughtMail).where(drizzleSql`${caughtMail.rcptTo}[1] LIKE ${`hooks-${tag}-%`}`);
  await members.remove();
  await db().execute(drizzleSql`DROP SCHEMA IF EXISTS ${drizzleSql.identifier(SCHEMA)} CASCADE`);
  await closeDatabase();
  await stripeLocal.close();
  await paypalLocal.close();
});

const setUpCard = (user: SessionUser, number?: string) => confirmCard(stripeLocal.url, user, number);

/** A member subscribed by card; answers the PaymentIntent that paid. */
async function cardSubscriber(option = "monthly") {
  const user = await member();
  const result = await checkout(user, { option, paymentMethod: await setUpCard(user), key: randomUUID() });
  expect(result.status).toBe("succeeded");
  return { user, paymentIntent: await providerRefOf(user.id) };
}

async function paypalSubscriber(option = "monthly") {
  const user = await member();
  const { id } = await createSetupToken(user.id, randomUUID());
  await fetch(`${paypalLocal.url}/v3/vault/setup-tokens/${id}/approve`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "buyer@paypal.test" }) });
  expect((await checkout(user, { option, nonce: id, key: randomUUID() })).status).toBe("succeeded");
  return { user, orderId: await providerRefOf(user.id) };
}

async function providerRefOf(userId: number): Promise<string> {
  const [row] = await sql()<{ provider_ref: string }[]>`SELECT provider_ref FROM charges WHERE user_id = ${userId} AND status = 'succeeded' ORDER BY id DESC LIMIT 1`;
  return row.provider_ref;
}

async function state(userId: number) {
  const [row] = await sql()<{ refunded: number; dispute: string | null; changes: number; expires: string; auto_renew: boolean; active: boolean }[]>`
    SELECT (SELECT sum(refunded_pence)::int FROM charges WHERE user_id = ${userId}) AS refunded,
           (SELECT max(dispute_status) FROM charges WHERE user_id = ${userId}) AS dispute,
           (SELECT count(*)::int FROM charge_adjustments WHERE user_id = ${userId}) AS changes,
           to_json(s.expires_at)#>>'{}' AS expires, s.auto_renew, s.expires_at > now() AS active
    FROM subscriptions s WHERE s.user_id = ${userId} AND s.ended_at IS NULL`;
  return row;
}

async function mailTo(email: string) {
  await runOnce({ connectionString: process.env.DATABASE_URL, schema: SCHEMA, taskList: tasks, logger: jobLogger });
  return db().select({ subject: caughtMail.subject, text: caughtMail.text }).from(caughtMail).where(drizzleSql`${email} = ANY(${caughtMail.rcptTo})`).orderBy(caughtMail.id);
}

async function storedEvents(ids: string[]): Promise<number> {
  const [row] = await sql()<{ count: number }[]>`SELECT count(*)::int AS count FROM payment_events WHERE event_id = ANY(${ids})`;
  return row.count;
}

describe("webhook bodies that are signed but not what the handler needs", () => {
  it("Stripe: each wrong shape answers 400, is logged, and stores nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const id = (n: number) => `evt_shape_${tag}_${n}`;
    const shapes: unknown[] = [
      { id: id(1), type: "payment_intent.succeeded", data: null },
      { id: id(2), type: "payment_intent.succeeded", data: { object: null } },
      { type: "payment_intent.succeeded", data: { object: { id: "pi_x", amount: 499 } } },
      [{ id: id(4), type: "payment_intent.succeeded", data: { object: { id: "pi_x", amount: 499 } } }],
      { id: id(5), type: "payment_intent.succeeded", data: { object: { id: "pi_x", amount: "499" } } },
      { id: id(6), type: 42, data: { object: {} } },
      { id: id(7), type: "charge.refunded", data: { object: { id: "ch_x", amount: 499, amount_refunded: null, payment_intent: "pi_x" } } },
      { id: id(8), type: "charge.dispute.closed", data: { object: { id: "dp_x", amount: 499, payment_intent: "pi_x", status: "maybe" } } },
      { id: id(9), type: "charge.dispute.created", data: { object: { id: "dp_x", amount: -5, payment_intent: "pi_x", status: "needs_response" } } },
      "just a string",
      null,
    ];
    for (const shape of shapes) {
      const payload = JSON.stringify(shape);
      const response = await post("stripe", payload, { "Stripe-Signature": signLocalStripeEvent(payload) });
      expect({ shape, status: response.status }).toEqual({ shape, status: 400 });
      expect(await response.json()).toMatchObject({ message: "The webhook body could not be read." });
    }
    expect(warn).toHaveBeenCalledTimes(shapes.length);
    expect(String(warn.mock.calls[0][0])).toMatch(/\[webhooks stripe\].*data/);
    warn.mockRestore();
    expect(await storedEvents(Array.from({ length: 9 }, (_, n) => id(n + 1)))).toBe(0);
    // A body that is not JSON at all is refused by the signature check's parse, still 400.
    expect((await post("stripe", "{not json", { "Stripe-Signature": signLocalStripeEvent("{not json") })).status).toBe(400);
  });

  it("PayPal: each wrong shape answers 400, is logged, and stores nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const id = (n: number) => `WH-SHAPE-${tag}-${n}`;
    const shapes: unknown[] = [
      { id: id(1), event_type: "PAYMENT.CAPTURE.COMPLETED", resource: null },
      { event_type: "PAYMENT.CAPTURE.COMPLETED", resource: {} },
      { id: id(3), event_type: "PAYMENT.CAPTURE.REFUNDED", resource: { id: "R1", custom_id: "1", amount: { currency_code: "GBP", value: 4.99 } } },
      { id: id(4), event_type: "PAYMENT.CAPTURE.REFUNDED", resource: { id: "R1", custom_id: "1" } },
      { id: id(5), event_type: "PAYMENT.CAPTURE.REFUNDED", resource: { id: "R1", custom_id: "1", amount: { currency_code: "GBP", value: "lots" } } },
      { id: id(6), event_type: ["PAYMENT.CAPTURE.REVERSED"], resource: {} },
      { id: 7, event_type: "PAYMENT.CAPTURE.REVERSED", resource: {} },
    ];
    for (const shape of shapes) {
      const response = await post("paypal", JSON.stringify(shape), signLocalPayPalEvent(shape));
      expect({ shape, status: response.status }).toEqual({ shape, status: 400 });
    }
    expect(warn).toHaveBeenCalledTimes(shapes.length);
    warn.mockRestore();
    // An array or a bare value is not an event: refused before PayPal is asked.
    for (const shape of [[{ id: id(8) }], "text", 12]) expect((await post("paypal", JSON.stringify(shape), signLocalPayPalEvent(shape))).status).toBe(400);
    expect(await storedEvents(Array.from({ length: 8 }, (_, n) => id(n + 1)))).toBe(0);
  });
});

describe("the stand-ins' webhook secrets are the installation's", () => {
  it("a Stripe event signed with the old constant secret, or any other, is refused; the installation's is accepted", async () => {
    const payload = JSON.stringify({ id: `evt_old_${tag}`, object: "event", type: "customer.created", data: { object: { id: "cus_x" } } });
    for (const secret of ["whsec_local_pawroute", "whsec_someone_else"]) {
      const response = await post("stripe", payload, { "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) });
      expect(response.status).toBe(400);
    }
    expect(localWebhookSecrets().stripe).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect((await post("stripe", payload, { "Stripe-Signature": signLocalStripeEvent(payload) })).status).toBe(200);
  });

  it("a PayPal event signed with the old constant is refused", async () => {
    const event = { id: `WH-OLD-${tag}`, event_type: "PAYMENT.CAPTURE.PENDING", resource: { id: "R", custom_id: "0", amount: { currency_code: "GBP", value: "4.99" } } };
    const headers = signLocalPayPalEvent(event);
    const digest = createHash("sha256").update(JSON.stringify(event)).digest("hex");
    const old = createHmac("sha256", "local-pawroute-paypal-signing")
      .update(`${headers["paypal-transmission-id"]}|${headers["paypal-transmission-time"]}|WH-LOCAL-PAWROUTE|${digest}`)
      .digest("base64");
    expect((await post("paypal", JSON.stringify(event), { ...headers, "paypal-transmission-sig": old })).status).toBe(400);
    expect((await post("paypal", JSON.stringify(event), headers)).status).toBe(200);
  });
});

describe("refunds, disputes and reversals (decision 0240)", () => {
  it("Stripe: a partial refund keeps access; the rest ends it; each event sent again changes nothing; the member is mailed", async () => {
    const { user, paymentIntent } = await cardSubscriber("annual");
    const before = await state(user.id);
    const partial = await stripeLocal.refund(paymentIntent, 1000);
    expect(partial.status).toBe(200);
    expect(await state(user.id)).toMatchObject({ refunded: 1000, changes: 1, active: true, auto_renew: true, expires: before.expires });
    expect((await stripeLocal.resend(partial.id)).status).toBe(200);
    const rest = await stripeLocal.refund(paymentIntent);
    expect(rest.status).toBe(200);
    expect((await stripeLocal.resend(rest.id)).status).toBe(200);
    expect((await stripeLocal.resend(partial.id)).status).toBe(200);
    const after = await state(user.id);
    expect(after).toMatchObject({ refunded: 3999, changes: 2, active: false, auto_renew: false });
    const [receipt] = await receiptsOf(user.id);
    expect(receipt).toMatchObject({ amountPence: 3999, refundedPence: 3999 });
    expect(receipt.moneyBack.map((step) => [step.kind, step.amountPence])).toEqual([
      ["refund", 1000],
      ["refund", 2999],
    ]);
    const mail = await mailTo(user.email);
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your Pawroute receipt \(PR-/), "Your Pawroute refund of £10.00", "Your Pawroute refund of £29.99"]);
    expect(mail[2].text).toContain("the premium time it paid for has ended and automatic renewal is off");
    // The administrator's list names the member and the receipt.
    expect((await recentMoneyBack({ userId: user.id, limit: 10 })).map((row) => [row.kind, row.email, row.receiptNumber])).toEqual([
      ["refund", user.email, receipt.number],
      ["refund", user.email, receipt.number],
    ]);
  });

  it("Stripe: a dispute takes the period off, a replay changes nothing, a won dispute gives it back; a lost one keeps it off", async () => {
    const won = await cardSubscriber();
    const original = (await state(won.user.id)).expires;
    const opened = await stripeLocal.dispute(won.paymentIntent);
    expect(opened.status).toBe(200);
    expect((await stripeLocal.resend(opened.id)).status).toBe(200);
    expect(await state(won.user.id)).toMatchObject({ dispute: "open", changes: 1, active: false, auto_renew: false });
    const closed = await stripeLocal.closeDispute(opened.disputeId, "won");
    expect((await stripeLocal.resend(closed.id)).status).toBe(200);
    expect((await stripeLocal.resend(opened.id)).status).toBe(200);
    const restored = await state(won.user.id);
    expect(restored).toMatchObject({ dispute: "won", changes: 2, active: true, auto_renew: false });
    expect(new Date(restored.expires).getTime()).toBe(new Date(original).getTime());

    const lost = await cardSubscriber();
    const dispute = await stripeLocal.dispute(lost.paymentIntent, "product_not_received");
    await stripeLocal.closeDispute(dispute.disputeId, "lost");
    expect(await state(lost.user.id)).toMatchObject({ dispute: "lost", changes: 2, active: false });
    const [receipt] = await receiptsOf(lost.user.id);
    expect(receipt.disputeStatus).toBe("lost");
    expect(receipt.moneyBack.map((step) => step.kind)).toEqual(["dispute-opened", "dispute-lost"]);
  });

  it("Stripe: refunding a renewal takes back only the renewed period", async () => {
    const { user } = await cardSubscriber();
    const bought = (await state(user.id)).expires;
    expect((await renew(user, { key: randomUUID() })).status).toBe("succeeded");
    const renewal = await providerRefOf(user.id);
    expect((await stripeLocal.refund(renewal)).status).toBe(200);
    const after = await state(user.id);
    expect(after).toMatchObject({ refunded: 499, active: true, auto_renew: false });
    expect(new Date(after.expires).getTime()).toBe(new Date(bought).getTime());
    const subjects = (await mailTo(user.email)).map((m) => m.subject);
    expect(subjects).toEqual([expect.stringMatching(/^Your Pawroute receipt/), expect.stringMatching(/^Your Pawroute subscription has been renewed/), "Your Pawroute refund of £4.99"]);
  });

  it("PayPal: a refund and a reversal, each sent twice, change the charge once", async () => {
    const refunded = await paypalSubscriber();
    const event = await paypalLocal.refund(refunded.orderId);
    expect(event.status).toBe(200);
    expect((await paypalLocal.resend(event.id)).status).toBe(200);
    expect(await state(refunded.user.id)).toMatchObject({ refunded: 499, changes: 1, active: false, auto_renew: false });
    expect((await receiptsOf(refunded.user.id))[0]).toMatchObject({ refundedPence: 499 });

    const reversed = await paypalSubscriber("annual");
    const partial = await paypalLocal.refund(reversed.orderId, 500);
    expect(await state(reversed.user.id)).toMatchObject({ refunded: 500, active: true });
    const reversal = await paypalLocal.reverse(reversed.orderId);
    expect(reversal.status).toBe(200);
    expect((await paypalLocal.resend(reversal.id)).status).toBe(200);
    expect((await paypalLocal.resend(partial.id)).status).toBe(200);
    expect(await state(reversed.user.id)).toMatchObject({ refunded: 3999, changes: 2, active: false, auto_renew: false });
    const steps = (await receiptsOf(reversed.user.id))[0].moneyBack.map((step) => [step.kind, step.amountPence]);
    expect(steps).toEqual([
      ["refund", 500],
      ["reversal", 3499],
    ]);
  });

  it("a refund made through the payments port, on either gateway, reaches the webhook and is applied once; a replayed key refunds nothing more; more than is left is refused", async () => {
    const card = await cardSubscriber();
    const key = randomUUID();
    const first = await stripeGateway.refundCharge({ ref: card.paymentIntent, amountPence: 200, idempotencyKey: key });
    expect(first).toMatchObject({ status: "refunded", amountPence: 200, ref: expect.stringMatching(/^re_/) });
    expect(await stripeGateway.refundCharge({ ref: card.paymentIntent, amountPence: 200, idempotencyKey: key })).toEqual(first);
    // The stand-in, like Stripe, sends charge.refunded after it answers.
    await vi.waitFor(async () => expect(await state(card.user.id)).toMatchObject({ refunded: 200, changes: 1, active: true }), { timeout: 5000 });
    expect(await stripeGateway.refundCharge({ ref: card.paymentIntent, amountPence: 10_000, idempotencyKey: randomUUID() })).toMatchObject({ status: "refused", code: "amount_too_large" });

    const account = await paypalSubscriber();
    const paypalKey = randomUUID();
    const paid = await paypalGateway.refundCharge({ ref: account.orderId, amountPence: 100, idempotencyKey: paypalKey });
    expect(paid).toMatchObject({ status: "refunded", amountPence: 100 });
    expect(await paypalGateway.refundCharge({ ref: account.orderId, amountPence: 100, idempotencyKey: paypalKey })).toEqual(paid);
    await vi.waitFor(async () => expect(await state(account.user.id)).toMatchObject({ refunded: 100, changes: 1, active: true }), { timeout: 5000 });
    expect(await paypalGateway.refundCharge({ ref: account.orderId, idempotencyKey: randomUUID() })).toMatchObject({ status: "refunded", amountPence: 399 });
    await vi.waitFor(async () => expect(await state(account.user.id)).toMatchObject({ refunded: 499, changes: 2, active: false }), { timeout: 5000 });
    expect(await paypalGateway.refundCharge({ ref: account.orderId, idempotencyKey: randomUUID() })).toMatchObject({ status: "refused", code: "CAPTURE_FULLY_REFUNDED" });
    expect(await state(card.user.id)).toMatchObject({ refunded: 200, changes: 1 });
  });

  it("the gateways' signature checks: a body signed for another endpoint, or not signed, is refused with the webhook's messages", async () => {
    const payload = JSON.stringify({ id: `evt_port_${tag}`, object: "event", type: "customer.created", data: { object: { id: "cus_x" } } });
    await expect(stripeGateway.verifyEvent(payload, new Headers())).rejects.toMatchObject({ status: 400, message: "Missing Stripe-Signature header." });
    await expect(stripeGateway.verifyEvent(payload, new Headers({ "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }) }))).rejects.toMatchObject({ status: 400, message: "The webhook signature could not be verified." });
    expect(await stripeGateway.verifyEvent(payload, new Headers({ "Stripe-Signature": signLocalStripeEvent(payload) }))).toMatchObject({ id: `evt_port_${tag}` });
    const event = { id: `WH-PORT-${tag}`, event_type: "PAYMENT.CAPTURE.PENDING", resource: {} };
    await expect(paypalGateway.verifyEvent(JSON.stringify(event), new Headers())).rejects.toMatchObject({ status: 400, message: "The webhook signature could not be verified." });
    await expect(paypalGateway.verifyEvent("{not json", new Headers(signLocalPayPalEvent(event)))).rejects.toMatchObject({ status: 400, message: "The webhook body could not be read." });
    expect(await paypalGateway.verifyEvent(JSON.stringify(event), new Headers(signLocalPayPalEvent(event)))).toEqual(event);
  });

  it("PayPal: a refund that names only its capture (its up link) is matched by asking PayPal whose capture it is", async () => {
    const { user, orderId } = await paypalSubscriber("annual");
    const sent = JSON.parse((await paypalLocal.refund(orderId, 100)).payload) as { resource: { amount: unknown; supplementary_data: { related_ids: { capture_id: string } } } };
    const captureId = sent.resource.supplementary_data.related_ids.capture_id;
    const bare = {
      id: `WH-BARE-${tag}`,
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: { id: `REF${tag}`, status: "COMPLETED", amount: { currency_code: "GBP", value: "2.00" }, links: [{ rel: "up", href: `https://api.paypal.com/v2/payments/captures/${captureId}`, method: "GET" }] },
    };
    expect((await post("paypal", JSON.stringify(bare), signLocalPayPalEvent(bare))).status).toBe(200);
    expect((await post("paypal", JSON.stringify(bare), signLocalPayPalEvent(bare))).status).toBe(200);
    expect(await state(user.id)).toMatchObject({ refunded: 300, changes: 2, active: true });
  });

  it("events for a charge that is not ours are stored and acknowledged, and change nothing", async () => {
    const payload = JSON.stringify({ id: `evt_foreign_${tag}`, type: "charge.refunded", data: { object: { id: "ch_foreign", amount: 499, amount_refunded: 499, payment_intent: "pi_not_ours" } } });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await post("stripe", payload, { "Stripe-Signature": signLocalStripeEvent(payload) })).status).toBe(200);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(await storedEvents([`evt_foreign_${tag}`])).toBe(1);
    const [count] = await db().execute<{ n: number }>(drizzleSql`SELECT count(*)::int AS n FROM charge_adjustments WHERE event_id = ${`evt_foreign_${tag}`}`);
    expect(count.n).toBe(0);
  });
});

describe("receipts mailed (through the job queue)", () => {
  it("a renewal the bank stopped mails the member once, and the retry that pays mails the receipt saying it went through", async () => {
    const user = await member();
    // A card whose bank asks for authentication: the renewal job, off-session, cannot pay with it.
    const card = await setUpCard(user, "4000002500003155");
    await renewingSubscription(user.id, card, "3155");
    await runRenewals();
    await runRenewals();
    // The member renews by hand and confirms with the bank.
    const key = randomUUID();
    const asked = await renew(user, { key });
    if (asked.status !== "requires_action") throw new Error(`expected requires_action, got ${asked.status}`);
    const confirmed = await fetch(`${stripeLocal.url}/v1/payment_intents/${asked.paymentIntent}/authenticate`, {
      method: "POST",
      headers: { Authorization: `Bearer ${LOCAL_KEYS.publishable}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_secret: asked.clientSecret, outcome: "complete" }),
    });
    expect(confirmed.status).toBe(200);
    expect((await renew(user, { key, paymentIntent: asked.paymentIntent })).status).toBe("succeeded");
    const mail = await mailTo(user.email);
    expect(mail.map((m) => m.subject)).toEqual(["Please confirm your Pawroute renewal", expect.stringMatching(/^Your Pawroute renewal went through \(PR-\d{4}-\d{6}\)$/)]);
    expect(mail[1].text).toContain("The earlier attempt to renew was not paid; this payment renewed your subscription.");
    expect(mail[1].text).toContain("£4.99 paid with");
  });
});
