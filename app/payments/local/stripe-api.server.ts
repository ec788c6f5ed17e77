// A local stand-in for the Stripe API (docs/decisions/0121-local-payment-stand-ins.md): the endpoints
// the stripe SDK and the local Stripe.js stand-in call, with form-encoded bodies, Idempotency-Key and
// Stripe's error shapes. It runs when no STRIPE_SECRET_KEY is configured (npm start, tests), so no
// request leaves the machine. State is in memory: one instance per deployment (cluster.ts starts it
// in the primary process).
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import { deliveryOf, listenLocally, readBody, type LocalServer, type SentEvent, type WebhookTarget } from "./http.server";
import { localWebhookSecrets } from "./secrets.server";

/** Test cards and what they do here (README, "Paying in development"). */
export const LOCAL_TEST_CARDS: Record<string, { brand: string; setupError?: StripeErrorBody; paymentError?: StripeErrorBody; authRounds?: number }> = {
  "4242424242424242": { brand: "visa" },
  "5555555555554444": { brand: "mastercard" },
  "378282246310005": { brand: "amex" },
  "6759649826438453": { brand: "maestro" },
  "4000002500003155": { brand: "visa", authRounds: 1 },
  "4000000000003220": { brand: "visa", authRounds: 2 },
  "4000000000000002": { brand: "visa", setupError: declined("card_declined", "generic_decline") },
  "4000000000009987": { brand: "visa", setupError: declined("card_declined", "call_issuer") },
  "4000000000000044": { brand: "visa", setupError: declined("card_declined", "testmode_decline") },
  "4000000000000069": { brand: "visa", setupError: { type: "card_error", code: "expired_card", message: "Your card has expired." } },
  "4000000000000127": { brand: "visa", setupError: { type: "card_error", code: "incorrect_cvc", message: "Your card's security code is incorrect." } },
  "4000000000000119": { brand: "visa", setupError: { type: "card_error", code: "processing_error", message: "An error occurred while processing your card." } },
  "4000000000009995": { brand: "visa", paymentError: declined("insufficient_funds", "insufficient_funds") },
  "4000000000000341": { brand: "visa", paymentError: declined("card_declined", "generic_decline") },
};

interface StripeErrorBody {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: Record<string, unknown>;
}

function declined(code: string, declineCode: string): StripeErrorBody {
  return { type: "card_error", code, decline_code: declineCode, message: code === "insufficient_funds" ? "Your card has insufficient funds." : "Your card was declined." };
}

interface Card {
  number: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

interface State {
  customers: Map<string, { id: string; email: string | null }>;
  setupIntents: Map<string, { id: string; client_secret: string; customer: string | null; status: string; payment_method: string | null }>;
  paymentMethods: Map<string, { id: string; customer: string | null; card: Card }>;
  paymentIntents: Map<
    string,
    {
      id: string;
      client_secret: string;
      amount: number;
      currency: string;
      customer: string | null;
      payment_method: string | null;
      status: string;
      authRoundsLeft: number;
      latest_charge: string | null;
      metadata: Record<string, string>;
      off_session: boolean;
      refunds: { id: string; amount: number; reason: string | null; created: number }[];
    }
  >;
  disputes: Map<string, { id: string; payment_intent: string; amount: number; reason: string; status: string }>;
  idempotent: Map<string, { status: number; body: unknown }>;
  /** Events made by the last call, sent to the app after it is answered (decision 0240). */
  outbox: { type: string; object: unknown }[];
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

class StripeFailure {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {}
}

function missing(kind: string, value: string): StripeFailure {
  return new StripeFailure(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${value}'`, param: "id" });
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function paymentIntentView(pi: State["paymentIntents"] extends Map<string, infer V> ? V : never) {
  return {
    id: pi.id,
    object: "payment_intent",
    amount: pi.amount,
    currency: pi.currency,
    customer: pi.customer,
    payment_method: pi.payment_method,
    status: pi.status,
    client_secret: pi.client_secret,
    latest_charge: pi.latest_charge,
    metadata: pi.metadata,
    next_action: pi.status === "requires_action" ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } } : null,
    livemode: false,
  };
}

function paymentMethodView(pm: State["paymentMethods"] extends Map<string, infer V> ? V : never) {
  return { id: pm.id, object: "payment_method", type: "card", customer: pm.customer, card: { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year }, livemode: false };
}

/** Runs the payment on a PaymentIntent: authentication first, then the card's outcome. */
function attemptPayment(state: State, pi: State["paymentIntents"] extends Map<string, infer V> ? V : never): void {
  const pm = pi.payment_method ? state.paymentMethods.get(pi.payment_method) : undefined;
  if (!pm) throw new StripeFailure(400, { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "You cannot confirm this PaymentIntent because it's missing a payment method." });
  const behaviour = LOCAL_TEST_CARDS[pm.card.number] ?? { brand: pm.card.brand };
  if (pi.authRoundsLeft > 0) {
    if (pi.off_session) {
      pi.status = "requires_payment_method";
      throw new StripeFailure(402, { type: "card_error", code: "authentication_required", decline_code: "authentication_required", message: "Your card was declined. This transaction requires authentication.", payment_intent: paymentIntentView(pi) });
    }
    pi.status = "requires_action";
    return;
  }
  if (behaviour.paymentError) {
    pi.status = "requires_payment_method";
    throw new StripeFailure(402, { ...behaviour.paymentError, payment_intent: paymentIntentView(pi) });
  }
  pi.status = "succeeded";
  pi.latest_charge = id("ch");
}

type Params = URLSearchParams;

function route(state: State, method: string, path: string, params: Params): unknown {
  let match: RegExpExecArray | null;
  if (method === "POST" && path === "/v1/customers") {
    const customer = { id: id("cus"), email: params.get("email") };
    state.customers.set(customer.id, customer);
    return { ...customer, object: "customer" };
  }
  if (method === "POST" && path === "/v1/setup_intents") {
    const seti = id("seti");
    const intent = { id: seti, client_secret: `${seti}_secret_${randomBytes(8).toString("hex")}`, customer: params.get("customer"), status: "requires_payment_method", payment_method: null };
    state.setupIntents.set(seti, intent);
    return { ...intent, object: "setup_intent", usage: params.get("usage") ?? "off_session" };
  }
  if (method === "POST" && (match = /^\/v1\/setup_intents\/([\w]+)\/confirm$/.exec(path))) {
    const intent = state.setupIntents.get(match[1]);
    if (!intent || params.get("client_secret") !== intent.client_secret) throw missing("setupintent", match[1]);
    const existing = params.get("payment_method");
    if (existing) {
      // A payment method made earlier (a wallet's): attached to the SetupIntent's customer.
      const pm = state.paymentMethods.get(existing);
      if (!pm) throw missing("payment_method", existing);
      if (pm.customer && pm.customer !== intent.customer) throw new StripeFailure(400, { type: "invalid_request_error", code: "payment_method_unexpected_state", message: "The payment method belongs to another customer." });
      pm.customer = intent.customer;
      intent.status = "succeeded";
      intent.payment_method = pm.id;
      return { ...intent, object: "setup_intent" };
    }
    const number = (params.get("payment_method_data[card][number]") ?? "").replace(/\s/g, "");
    if (!luhn(number)) throw new StripeFailure(402, { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect.", param: "number" });
    const behaviour = LOCAL_TEST_CARDS[number] ?? { brand: number.startsWith("4") ? "visa" : number.startsWith("5") ? "mastercard" : "unknown" };
    if (behaviour.setupError) throw new StripeFailure(402, behaviour.setupError);
    const card: Card = { number, brand: behaviour.brand, last4: number.slice(-4), exp_month: Number(params.get("payment_method_data[card][exp_month]")), exp_year: Number(params.get("payment_method_data[card][exp_year]")) };
    const pm = { id: id("pm"), customer: intent.customer, card };
    state.paymentMethods.set(pm.id, pm);
    intent.status = "succeeded";
    intent.payment_method = pm.id;
    return { ...intent, object: "setup_intent" };
  }
  // What a wallet (paymentRequest) makes in the browser: a card payment method of no customer yet.
  if (method === "POST" && path === "/v1/payment_methods") {
    const number = (params.get("card[number]") ?? "").replace(/\s/g, "");
    if (!luhn(number) || number.length < 12) throw new StripeFailure(402, { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect.", param: "number" });
    const brand = LOCAL_TEST_CARDS[number]?.brand ?? (number.startsWith("4") ? "visa" : "mastercard");
    const pm = { id: id("pm"), customer: null, card: { number, brand, last4: number.slice(-4), exp_month: Number(params.get("card[exp_month]")), exp_year: Number(params.get("card[exp_year]")) } };
    state.paymentMethods.set(pm.id, pm);
    return paymentMethodView(pm);
  }
  if (method === "GET" && (match = /^\/v1\/payment_methods\/([\w]+)$/.exec(path))) {
    const pm = state.paymentMethods.get(match[1]);
    if (!pm) throw missing("payment_method", match[1]);
    return paymentMethodView(pm);
  }
  // Stripe's list call (customer filter only): how tests read back what a member was really charged.
  if (method === "GET" && path === "/v1/payment_intents") {
    const customer = params.get("customer");
    const data = [...state.paymentIntents.values()].filter((pi) => !customer || pi.customer === customer).map(paymentIntentView);
    return { object: "list", url: "/v1/payment_intents", has_more: false, data };
  }
  if (method === "POST" && path === "/v1/payment_intents") {
    const amount = Number(params.get("amount"));
    if (!Number.isInteger(amount) || amount < 30) throw new StripeFailure(400, { type: "invalid_request_error", code: "amount_too_small", message: "Amount must be at least £0.30 gbp", param: "amount" });
    const pmId = params.get("payment_method");
    const pm = pmId ? state.paymentMethods.get(pmId) : undefined;
    if (pmId && !pm) throw missing("payment_method", pmId);
    const piId = id("pi");
    const metadata: Record<string, string> = {};
    for (const [key, value] of params) {
      const meta = /^metadata\[(\w+)\]$/.exec(key);
      if (meta) metadata[meta[1]] = value;
    }
    const pi = {
      id: piId,
      client_secret: `${piId}_secret_${randomBytes(8).toString("hex")}`,
      amount,
      currency: params.get("currency") ?? "gbp",
      customer: params.get("customer"),
      payment_method: pmId,
      status: "requires_confirmation",
      authRoundsLeft: pm ? (LOCAL_TEST_CARDS[pm.card.number]?.authRounds ?? 0) : 0,
      latest_charge: null,
      metadata,
      off_session: params.get("off_session") === "true",
      refunds: [],
    };
    state.paymentIntents.set(piId, pi);
    if (params.get("confirm") === "true") attemptPayment(state, pi);
    return paymentIntentView(pi);
  }
  if ((match = /^\/v1\/payment_intents\/([\w]+)(\/confirm|\/authenticate|\/cancel)?$/.exec(path))) {
    const pi = state.paymentIntents.get(match[1]);
    if (!pi) throw missing("payment_intent", match[1]);
    if (method === "GET" && !match[2]) return paymentIntentView(pi);
    // A payment not taken yet can be cancelled, so it never can be (a new card replaces it).
    if (method === "POST" && match[2] === "/cancel") {
      if (pi.status === "succeeded" || pi.status === "canceled")
        throw new StripeFailure(400, { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, payment_intent: paymentIntentView(pi) });
      pi.status = "canceled";
      return paymentIntentView(pi);
    }
    if (method === "POST" && match[2] === "/confirm") {
      if (pi.status !== "requires_confirmation" && pi.status !== "requires_payment_method")
        throw new StripeFailure(400, { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: `This PaymentIntent's status is ${pi.status}.`, payment_intent: paymentIntentView(pi) });
      attemptPayment(state, pi);
      return paymentIntentView(pi);
    }
    // The Stripe.js stand-in's "authentication page": one round of extra authentication, completed or failed.
    if (method === "POST" && match[2] === "/authenticate") {
      if (params.get("client_secret") !== pi.client_secret) throw missing("payment_intent", match[1]);
      if (pi.status !== "requires_action") throw new StripeFailure(400, { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "This PaymentIntent does not need authentication." });
      if (params.get("outcome") === "fail") {
        pi.status = "requires_payment_method";
        throw new StripeFailure(402, { type: "card_error", code: "payment_intent_authentication_failure", message: "We are unable to authenticate your payment method. Please choose a different payment method and try again." });
      }
      pi.authRoundsLeft -= 1;
      pi.status = "requires_confirmation";
      return paymentIntentView(pi);
    }
  }
  // Refunds (Stripe's API): a part or the rest of a succeeded payment; the app hears of it by charge.refunded.
  if (method === "POST" && path === "/v1/refunds") {
    const piId = params.get("payment_intent") ?? "";
    const pi = state.paymentIntents.get(piId);
    if (!pi) throw missing("payment_intent", piId);
    if (pi.status !== "succeeded") throw new StripeFailure(400, { type: "invalid_request_error", code: "charge_not_refundable", message: "This PaymentIntent has no succeeded charge to refund." });
    const left = pi.amount - refundedOf(pi);
    const amount = params.has("amount") ? Number(params.get("amount")) : left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      throw new StripeFailure(400, { type: "invalid_request_error", code: left === 0 ? "charge_already_refunded" : "amount_too_large", message: left === 0 ? "Charge has already been refunded." : `Refund amount (£${amount / 100}) is greater than unrefunded amount on charge (£${left / 100})`, param: "amount" });
    const refund = { id: id("re"), amount, reason: params.get("reason"), created: Math.floor(Date.now() / 1000) };
    pi.refunds.push(refund);
    state.outbox.push({ type: "charge.refunded", object: chargeView(pi) });
    return { id: refund.id, object: "refund", amount, currency: pi.currency, payment_intent: pi.id, charge: pi.latest_charge, reason: refund.reason, status: "succeeded", created: refund.created };
  }
  // Stand-in only (Stripe makes these with special test cards): the cardholder's bank opens a dispute, and closes it won or lost.
  if (method === "POST" && path === "/v1/test_helpers/disputes") {
    const piId = params.get("payment_intent") ?? "";
    const pi = state.paymentIntents.get(piId);
    if (!pi || pi.status !== "succeeded") throw missing("payment_intent", piId);
    const dispute = { id: id("dp"), payment_intent: pi.id, amount: pi.amount, reason: params.get("reason") ?? "fraudulent", status: "needs_response" };
    state.disputes.set(dispute.id, dispute);
    state.outbox.push({ type: "charge.dispute.created", object: disputeView(dispute, pi) });
    return disputeView(dispute, pi);
  }
  if (method === "POST" && (match = /^\/v1\/test_helpers\/disputes\/(\w+)\/close$/.exec(path))) {
    const dispute = state.disputes.get(match[1]);
    if (!dispute) throw missing("dispute", match[1]);
    const outcome = params.get("outcome");
    if (outcome !== "won" && outcome !== "lost") throw new StripeFailure(400, { type: "invalid_request_error", message: "outcome must be won or lost", param: "outcome" });
    if (dispute.status === "won" || dispute.status === "lost") throw new StripeFailure(400, { type: "invalid_request_error", message: `This dispute is already ${dispute.status}.` });
    dispute.status = outcome;
    const pi = state.paymentIntents.get(dispute.payment_intent);
    state.outbox.push({ type: "charge.dispute.closed", object: disputeView(dispute, pi) });
    return disputeView(dispute, pi);
  }
  throw new StripeFailure(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
}

type PaymentIntent = State["paymentIntents"] extends Map<string, infer V> ? V : never;

function refundedOf(pi: PaymentIntent): number {
  return pi.refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

/** A Charge as Stripe sends it in charge.refunded: amount_refunded is the running total. */
function chargeView(pi: PaymentIntent) {
  const refunded = refundedOf(pi);
  return {
    id: pi.latest_charge,
    object: "charge",
    amount: pi.amount,
    amount_refunded: refunded,
    refunded: refunded === pi.amount,
    currency: pi.currency,
    customer: pi.customer,
    payment_intent: pi.id,
    metadata: pi.metadata,
    status: "succeeded",
    refunds: { object: "list", data: pi.refunds.map((refund) => ({ id: refund.id, object: "refund", amount: refund.amount, reason: refund.reason, status: "succeeded", created: refund.created })) },
    livemode: false,
  };
}

function disputeView(dispute: State["disputes"] extends Map<string, infer V> ? V : never, pi: PaymentIntent | undefined) {
  return { id: dispute.id, object: "dispute", amount: dispute.amount, currency: pi?.currency ?? "gbp", charge: pi?.latest_charge ?? null, payment_intent: dispute.payment_intent, metadata: pi?.metadata ?? {}, reason: dispute.reason, status: dispute.status, livemode: false };
}

/** Stripe's Stripe-Signature header: t=<seconds>,v1=<HMAC-SHA256 of "t.payload" with the endpoint's secret>. */
export function signLocalStripeEvent(payload: string, secret: string = localWebhookSecrets().stripe): string {
  const timestamp = Math.floor(Date.now() / 1000);
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")}`;
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
  response.end(JSON.stringify(body));
}

export interface LocalStripe extends LocalServer {
  /** Refunds a succeeded payment (all of what is left, or `pence`) and sends charge.refunded; answers the event sent. */
  refund(paymentIntent: string, pence?: number): Promise<SentEvent>;
  /** The cardholder's bank disputes a payment: charge.dispute.created. */
  dispute(paymentIntent: string, reason?: string): Promise<SentEvent & { disputeId: string }>;
  /** The dispute is decided: charge.dispute.closed with status won or lost. */
  closeDispute(disputeId: string, outcome: "won" | "lost"): Promise<SentEvent>;
  /** Sends an event again, as Stripe retries it (same id, a fresh signature). */
  resend(eventId: string): Promise<SentEvent>;
}

/**
 * Starts the stand-in on 127.0.0.1:port (0: a free port). `webhooks` is where it sends its events
 * (refunds, disputes), signed with the installation's secret (local/secrets.server.ts).
 */
export async function startLocalStripe(port = 0, webhooks?: WebhookTarget): Promise<LocalStripe> {
  const state: State = { customers: new Map(), setupIntents: new Map(), paymentMethods: new Map(), paymentIntents: new Map(), disputes: new Map(), idempotent: new Map(), outbox: [] };
  const deliver = deliveryOf(webhooks);
  const sent = new Map<string, SentEvent>();
  async function send(event: SentEvent): Promise<SentEvent> {
    event.status = deliver ? await deliver(event.payload, { "Stripe-Signature": signLocalStripeEvent(event.payload) }) : null;
    sent.set(event.id, event);
    return event;
  }
  /** Sends what the last call put in the outbox, in order. */
  async function flush(): Promise<SentEvent[]> {
    const events = state.outbox.splice(0);
    const done: SentEvent[] = [];
    for (const { type, object } of events) {
      const eventId = id("evt");
      const payload = JSON.stringify({ id: eventId, object: "event", api_version: "2024-06-20", created: Math.floor(Date.now() / 1000), type, livemode: false, data: { object } });
      done.push(await send({ id: eventId, type, payload, status: null }));
    }
    return done;
  }
  /** One call made by the stand-in's own helpers (as the dashboard or the bank would), its events sent before it answers. */
  async function act(path: string, params: Record<string, string>): Promise<{ result: unknown; events: SentEvent[] }> {
    let result: unknown;
    try {
      result = route(state, "POST", path, new URLSearchParams(params));
    } catch (error) {
      state.outbox.length = 0;
      throw new Error(error instanceof StripeFailure ? error.body.message : String(error));
    }
    return { result, events: await flush() };
  }
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request, 100_000);
      const url = new URL(request.url ?? "/", "http://localhost");
      const params = new URLSearchParams(request.method === "GET" ? url.search : body);
      const auth = request.headers.authorization ?? "";
      if (!/^Bearer (sk|pk)_(test|local)_\w+$/.test(auth)) {
        reply(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
        return;
      }
      // Browser (publishable key) calls may only confirm, authenticate and create payment methods, as with Stripe.
      if (auth.startsWith("Bearer pk_") && !/\/(confirm|authenticate)$/.test(url.pathname) && url.pathname !== "/v1/payment_methods") {
        reply(response, 401, { error: { type: "invalid_request_error", message: "This API call cannot be made with a publishable API key." } });
        return;
      }
      const key = request.method === "POST" ? request.headers["idempotency-key"] : undefined;
      const cacheKey = typeof key === "string" ? `${url.pathname}:${key}` : null;
      const cached = cacheKey ? state.idempotent.get(cacheKey) : undefined;
      if (cached) {
        response.setHeader("Idempotent-Replayed", "true");
        reply(response, cached.status, cached.body);
        return;
      }
      let status = 200;
      let result: unknown;
      try {
        result = route(state, request.method ?? "GET", url.pathname, params);
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        status = error.status;
        result = { error: error.body };
      }
      if (cacheKey) state.idempotent.set(cacheKey, { status, body: result });
      reply(response, status, result);
      // Stripe sends its events after it answers the call.
      await flush();
    })().catch((error: unknown) => reply(response, 500, { error: { type: "api_error", message: error instanceof Error ? error.message : "error" } }));
  });
  const local = await listenLocally(server, port);
  return {
    ...local,
    async refund(paymentIntent, pence) {
      const { events } = await act("/v1/refunds", { payment_intent: paymentIntent, ...(pence === undefined ? {} : { amount: String(pence) }) });
      return events[0];
    },
    async dispute(paymentIntent, reason = "fraudulent") {
      const { result, events } = await act("/v1/test_helpers/disputes", { payment_intent: paymentIntent, reason });
      return { ...events[0], disputeId: (result as { id: string }).id };
    },
    async closeDispute(disputeId, outcome) {
      return (await act(`/v1/test_helpers/disputes/${disputeId}/close`, { outcome })).events[0];
    },
    async resend(eventId) {
      const event = sent.get(eventId);
      if (!event) throw new Error(`No such event: ${eventId}`);
      return send({ ...event });
    },
  };
}
