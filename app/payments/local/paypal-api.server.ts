// A local stand-in for PayPal's REST API (docs/decisions/0123-paypal-vault-and-stand-in.md): the calls
// app/payments/paypal.server.ts makes (OAuth2 token, vault setup and payment tokens, Orders v2 with a
// vaulted token, verify-webhook-signature), JSON bodies, PayPal-Request-Id replay and PayPal's error
// shapes. It runs when no PAYPAL_CLIENT_SECRET is configured (npm start, tests), so no request leaves
// the machine. The payer's approval (PayPal's own window) is POST /v3/vault/setup-tokens/{id}/approve,
// which the PayPal JS SDK stand-in (public/local/paypal.js) calls through the app. State is in memory.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import { deliveryOf, listenLocally, readBody, type LocalServer, type SentEvent, type WebhookTarget } from "./http.server";
import { localWebhookSecrets } from "./secrets.server";
import { LOCAL_PAYPAL, penceToValue, valueToPence } from "../paypal.server";

/**
 * Pretend payer accounts (README, "Paying in development"): the email the payer approves with decides
 * what charges do. Anything else pays.
 */
export const LOCAL_PAYPAL_PAYERS = {
  /** Every charge declined (INSTRUMENT_DECLINED). */
  declined: "declined@paypal.test",
  /** The first charge pays; later merchant-initiated ones (renewals) are declined. */
  renewalDeclined: "renewal-declined@paypal.test",
} as const;

interface SetupToken {
  id: string;
  customerId: string;
  merchantCustomerId: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "VAULTED";
  email: string | null;
  description: string;
}

interface PaymentToken {
  id: string;
  customerId: string;
  merchantCustomerId: string;
  email: string;
  charges: number;
}

interface Order {
  id: string;
  status: string;
  customId: string;
  amountPence: number;
  capture: { id: string; status: string } | null;
  refunds: { id: string; amountPence: number }[];
}

interface State {
  tokens: Set<string>;
  setupTokens: Map<string, SetupToken>;
  paymentTokens: Map<string, PaymentToken>;
  orders: Map<string, Order>;
  idempotent: Map<string, { status: number; body: unknown }>;
  /** Events made by the last call, sent to the app after it is answered (decision 0240). */
  outbox: { type: string; resource: unknown }[];
}

function id(length = 17): string {
  return randomBytes(length).toString("hex").toUpperCase().slice(0, length);
}

class PayPalFailure {
  constructor(
    readonly status: number,
    readonly body: { name: string; message: string; details?: { issue: string; description: string; field?: string }[]; debug_id?: string },
  ) {}
}

function notFound(what: string): PayPalFailure {
  return new PayPalFailure(404, { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist.", details: [{ issue: "INVALID_RESOURCE_ID", description: `${what} not found.` }] });
}

function unprocessable(issue: string, description: string): PayPalFailure {
  return new PayPalFailure(422, { name: "UNPROCESSABLE_ENTITY", message: "The requested action could not be performed, semantically incorrect, or failed business validation.", details: [{ issue, description }] });
}

function digest(event: unknown): string {
  return createHash("sha256").update(JSON.stringify(event)).digest("hex");
}

function signature(transmissionId: string, transmissionTime: string, webhookId: string, event: unknown): string {
  // The installation's own secret (decision 0241): a signature made with a constant in the code is refused.
  return createHmac("sha256", localWebhookSecrets().paypal).update(`${transmissionId}|${transmissionTime}|${webhookId}|${digest(event)}`).digest("base64");
}

/** The headers PayPal would send with this event to the webhook with this id (tests and the demo). */
export function signLocalPayPalEvent(event: unknown, webhookId: string = LOCAL_PAYPAL.webhookId): Record<string, string> {
  const transmissionId = randomUUID();
  const transmissionTime = new Date().toISOString();
  return {
    "paypal-auth-algo": "SHA256withRSA",
    "paypal-cert-url": "https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-local",
    "paypal-transmission-id": transmissionId,
    "paypal-transmission-time": transmissionTime,
    "paypal-transmission-sig": signature(transmissionId, transmissionTime, webhookId, event),
  };
}

function orderView(order: Order) {
  return {
    id: order.id,
    status: order.status,
    intent: "CAPTURE",
    purchase_units: [
      {
        custom_id: order.customId,
        amount: { currency_code: "GBP", value: penceToValue(order.amountPence) },
        payments: order.capture ? { captures: [{ id: order.capture.id, status: order.capture.status, amount: { currency_code: "GBP", value: penceToValue(order.amountPence) }, custom_id: order.customId }] } : undefined,
      },
    ],
  };
}

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

function route(state: State, method: string, path: string, body: Json, authorised: boolean): { status: number; body: unknown } {
  let match: RegExpExecArray | null;
  // The payer approving in PayPal's window: no merchant credentials.
  if (method === "POST" && (match = /^\/v3\/vault\/setup-tokens\/(\w+)\/approve$/.exec(path))) {
    const token = state.setupTokens.get(match[1]);
    if (!token) throw notFound("Setup token");
    const email = typeof body.email === "string" && /^[^\s@]{1,64}@[^\s@]{1,120}$/.test(body.email) ? body.email : null;
    if (!email) throw new PayPalFailure(400, { name: "INVALID_REQUEST", message: "Enter the email address of your PayPal account.", details: [{ issue: "MISSING_REQUIRED_PARAMETER", description: "email", field: "email" }] });
    if (token.status !== "PAYER_ACTION_REQUIRED") throw unprocessable("SETUP_TOKEN_ALREADY_APPROVED", "The setup token was already approved.");
    token.status = "APPROVED";
    token.email = email;
    return { status: 200, body: { id: token.id, status: token.status } };
  }
  if (!authorised) throw new PayPalFailure(401, { name: "AUTHENTICATION_FAILURE", message: "Authentication failed due to invalid authentication credentials or a missing Authorization header." });
  if (method === "POST" && path === "/v3/vault/setup-tokens") {
    const customer = object(body.customer);
    const paypal = object(object(body.payment_source).paypal);
    const experience = object(paypal.experience_context);
    if (typeof customer.merchant_customer_id !== "string") throw unprocessable("MISSING_REQUIRED_PARAMETER", "customer.merchant_customer_id");
    if (experience.shipping_preference !== "NO_SHIPPING") throw unprocessable("INVALID_PARAMETER_VALUE", "This stand-in expects shipping_preference NO_SHIPPING.");
    const token: SetupToken = { id: id(), customerId: `CUS-${id(10)}`, merchantCustomerId: customer.merchant_customer_id, status: "PAYER_ACTION_REQUIRED", email: null, description: String(paypal.description ?? "") };
    state.setupTokens.set(token.id, token);
    return {
      status: 201,
      body: {
        id: token.id,
        customer: { id: token.customerId, merchant_customer_id: token.merchantCustomerId },
        status: token.status,
        payment_source: { paypal: { description: token.description, usage_type: "MERCHANT", shipping_preference: "NO_SHIPPING" } },
        links: [{ rel: "approve", href: `local-paypal://approve/${token.id}`, method: "GET" }],
      },
    };
  }
  if (method === "POST" && path === "/v3/vault/payment-tokens") {
    const source = object(object(body.payment_source).token);
    const setup = typeof source.id === "string" ? state.setupTokens.get(source.id) : undefined;
    if (!setup || source.type !== "SETUP_TOKEN") throw notFound("Setup token");
    if (setup.status !== "APPROVED" || !setup.email) throw unprocessable("SETUP_TOKEN_NOT_APPROVED", "The payer has not approved this setup token.");
    setup.status = "VAULTED";
    const token: PaymentToken = { id: id(10), customerId: setup.customerId, merchantCustomerId: setup.merchantCustomerId, email: setup.email, charges: 0 };
    state.paymentTokens.set(token.id, token);
    return { status: 201, body: { id: token.id, customer: { id: token.customerId, merchant_customer_id: token.merchantCustomerId }, payment_source: { paypal: { email_address: token.email, usage_type: "MERCHANT" } } } };
  }
  if (method === "POST" && path === "/v2/checkout/orders") {
    const unit = object(Array.isArray(body.purchase_units) ? body.purchase_units[0] : null);
    const amount = object(unit.amount);
    const pence = valueToPence(amount.value);
    if (body.intent !== "CAPTURE" || amount.currency_code !== "GBP" || pence === null || pence < 1) throw unprocessable("INVALID_PARAMETER_VALUE", "purchase_units[0].amount");
    const paypal = object(object(body.payment_source).paypal);
    const token = typeof paypal.vault_id === "string" ? state.paymentTokens.get(paypal.vault_id) : undefined;
    if (!token) throw notFound("Payment token");
    const merchantInitiated = object(paypal.stored_credential).payment_initiator === "MERCHANT";
    token.charges += 1;
    if (token.email === LOCAL_PAYPAL_PAYERS.declined || (token.email === LOCAL_PAYPAL_PAYERS.renewalDeclined && merchantInitiated)) {
      throw new PayPalFailure(422, { ...unprocessable("INSTRUMENT_DECLINED", "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.").body, debug_id: id(13).toLowerCase() });
    }
    const order: Order = { id: id(), status: "COMPLETED", customId: String(unit.custom_id ?? ""), amountPence: pence, capture: { id: id(), status: "COMPLETED" }, refunds: [] };
    state.orders.set(order.id, order);
    return { status: 201, body: orderView(order) };
  }
  if (method === "GET" && (match = /^\/v2\/checkout\/orders\/(\w+)$/.exec(path))) {
    const order = state.orders.get(match[1]);
    if (!order) throw notFound("Order");
    return { status: 200, body: orderView(order) };
  }
  // Refunds (PayPal's API): a part or the rest of a completed capture; the app hears of it by PAYMENT.CAPTURE.REFUNDED.
  if (method === "POST" && (match = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(path))) {
    const order = orderOfCapture(state, match[1]);
    const left = order.amountPence - order.refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
    const amount = object(body.amount);
    const pence = body.amount === undefined ? left : amount.currency_code === "GBP" ? valueToPence(amount.value) : null;
    if (left === 0) throw unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");
    if (pence === null || pence < 1 || pence > left) throw unprocessable("REFUND_AMOUNT_EXCEEDED", "The refund amount must be less than or equal to the capture amount that has not yet been refunded.");
    const refund = { id: id(), amountPence: pence };
    order.refunds.push(refund);
    const note = typeof body.note_to_payer === "string" ? body.note_to_payer.slice(0, 255) : undefined;
    const view = { id: refund.id, status: "COMPLETED", amount: { currency_code: "GBP", value: penceToValue(pence) }, custom_id: order.customId, note_to_payer: note, supplementary_data: { related_ids: { order_id: order.id, capture_id: order.capture?.id } } };
    state.outbox.push({ type: "PAYMENT.CAPTURE.REFUNDED", resource: view });
    return { status: 201, body: view };
  }
  // Stand-in only (PayPal does it when a buyer's bank or PayPal itself takes the money back): a reversal.
  if (method === "POST" && (match = /^\/v1\/test_helpers\/captures\/(\w+)\/reverse$/.exec(path))) {
    const order = orderOfCapture(state, match[1]);
    if (order.capture?.status === "REVERSED") throw unprocessable("CAPTURE_ALREADY_REVERSED", "The capture has already been reversed.");
    if (order.capture) order.capture.status = "REVERSED";
    const view = { id: order.capture?.id, status: "REVERSED", amount: { currency_code: "GBP", value: penceToValue(order.amountPence) }, custom_id: order.customId, reason_code: typeof body.reason_code === "string" ? body.reason_code.slice(0, 100) : "BUYER_COMPLAINT", supplementary_data: { related_ids: { order_id: order.id } } };
    state.outbox.push({ type: "PAYMENT.CAPTURE.REVERSED", resource: view });
    return { status: 200, body: view };
  }
  if (method === "GET" && (match = /^\/v2\/payments\/captures\/(\w+)$/.exec(path))) {
    const order = orderOfCapture(state, match[1]);
    return { status: 200, body: { id: match[1], status: order.capture?.status, amount: { currency_code: "GBP", value: penceToValue(order.amountPence) }, custom_id: order.customId, supplementary_data: { related_ids: { order_id: order.id } } } };
  }
  if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
    const fields = ["transmission_id", "transmission_time", "transmission_sig", "webhook_id"].map((name) => body[name]);
    if (fields.some((value) => typeof value !== "string")) throw new PayPalFailure(400, { name: "VALIDATION_ERROR", message: "Invalid request - see details." });
    const [transmissionId, transmissionTime, sent, webhookId] = fields as string[];
    const expected = Buffer.from(signature(transmissionId, transmissionTime, webhookId, body.webhook_event));
    const given = Buffer.from(sent);
    const valid = webhookId === LOCAL_PAYPAL.webhookId && expected.length === given.length && timingSafeEqual(expected, given);
    return { status: 200, body: { verification_status: valid ? "SUCCESS" : "FAILURE" } };
  }
  throw notFound(`${method} ${path}`);
}

function orderOfCapture(state: State, captureId: string): Order {
  for (const order of state.orders.values()) if (order.capture?.id === captureId) return order;
  throw notFound("Capture");
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json", "Paypal-Debug-Id": id(13).toLowerCase() });
  response.end(JSON.stringify(body));
}

export interface LocalPayPal extends LocalServer {
  /** Orders (charges) this stand-in has taken, for the money-safety tests. */
  orders(): number;
  /** Refunds an order's capture (what is left, or `pence`) and sends PAYMENT.CAPTURE.REFUNDED; answers the event sent. */
  refund(orderId: string, pence?: number): Promise<SentEvent>;
  /** Reverses an order's capture (the buyer's bank took the money back): PAYMENT.CAPTURE.REVERSED. */
  reverse(orderId: string): Promise<SentEvent>;
  /** Sends an event again, as PayPal retries it (same id, a fresh transmission). */
  resend(eventId: string): Promise<SentEvent>;
}

/**
 * Starts the stand-in on 127.0.0.1:port (0: a free port). `webhooks` is where it sends its events
 * (refunds, reversals), signed with the installation's secret (local/secrets.server.ts).
 */
export async function startLocalPayPal(port = 0, webhooks?: WebhookTarget): Promise<LocalPayPal> {
  const state: State = { tokens: new Set(), setupTokens: new Map(), paymentTokens: new Map(), orders: new Map(), idempotent: new Map(), outbox: [] };
  const deliver = deliveryOf(webhooks);
  const sent = new Map<string, SentEvent>();
  async function transmit(event: SentEvent): Promise<SentEvent> {
    event.status = deliver ? await deliver(event.payload, signLocalPayPalEvent(JSON.parse(event.payload))) : null;
    sent.set(event.id, event);
    return event;
  }
  async function flush(): Promise<SentEvent[]> {
    const done: SentEvent[] = [];
    for (const { type, resource } of state.outbox.splice(0)) {
      const eventId = `WH-${id(8)}-${id(9)}`;
      const payload = JSON.stringify({ id: eventId, event_version: "1.0", create_time: new Date().toISOString(), resource_type: type === "PAYMENT.CAPTURE.REFUNDED" ? "refund" : "capture", event_type: type, summary: type, resource });
      done.push(await transmit({ id: eventId, type, payload, status: null }));
    }
    return done;
  }
  async function act(path: string, body: Json): Promise<SentEvent> {
    try {
      route(state, "POST", path, body, true);
    } catch (error) {
      state.outbox.length = 0;
      throw new Error(error instanceof PayPalFailure ? (error.body.details?.[0]?.description ?? error.body.message) : String(error));
    }
    const [event] = await flush();
    return event;
  }
  function captureOf(orderId: string): string {
    const capture = state.orders.get(orderId)?.capture;
    if (!capture) throw new Error(`No such order: ${orderId}`);
    return capture.id;
  }
  const basic = `Basic ${Buffer.from(`${LOCAL_PAYPAL.clientId}:${LOCAL_PAYPAL.secret}`).toString("base64")}`;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request, 300_000);
      const url = new URL(request.url ?? "/", "http://localhost");
      const auth = request.headers.authorization ?? "";
      if (request.method === "POST" && url.pathname === "/v1/oauth2/token") {
        if (auth !== basic || !/grant_type=client_credentials/.test(text)) {
          send(response, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
          return;
        }
        const token = `A21AA${randomBytes(24).toString("hex")}`;
        state.tokens.add(token);
        send(response, 200, { scope: "https://uri.paypal.com/services/vault/payment-tokens/readwrite", access_token: token, token_type: "Bearer", app_id: "APP-LOCAL", expires_in: 32400, nonce: id() });
        return;
      }
      let body: Json = {};
      try {
        body = text ? object(JSON.parse(text)) : {};
      } catch {
        send(response, 400, { name: "INVALID_REQUEST", message: "Request is not well-formed, syntactically incorrect, or violates schema." });
        return;
      }
      const authorised = auth.startsWith("Bearer ") && state.tokens.has(auth.slice(7));
      const requestId = request.method === "POST" ? request.headers["paypal-request-id"] : undefined;
      const cacheKey = typeof requestId === "string" && authorised ? `${url.pathname}:${requestId}` : null;
      const cached = cacheKey ? state.idempotent.get(cacheKey) : undefined;
      if (cached) {
        send(response, cached.status, cached.body);
        return;
      }
      let answer: { status: number; body: unknown };
      try {
        answer = route(state, request.method ?? "GET", url.pathname, body, authorised);
      } catch (error) {
        if (!(error instanceof PayPalFailure)) throw error;
        answer = { status: error.status, body: error.body };
      }
      if (cacheKey) state.idempotent.set(cacheKey, answer);
      send(response, answer.status, answer.body);
      // PayPal sends its notifications after it answers the call.
      await flush();
    })().catch((error: unknown) => send(response, 500, { name: "INTERNAL_SERVER_ERROR", message: error instanceof Error ? error.message : "error" }));
  });
  const local = await listenLocally(server, port);
  return {
    ...local,
    orders: () => state.orders.size,
    refund: (orderId, pence) => act(`/v2/payments/captures/${captureOf(orderId)}/refund`, pence === undefined ? {} : { amount: { currency_code: "GBP", value: penceToValue(pence) } }),
    reverse: (orderId) => act(`/v1/test_helpers/captures/${captureOf(orderId)}/reverse`, {}),
    async resend(eventId) {
      const event = sent.get(eventId);
      if (!event) throw new Error(`No such event: ${eventId}`);
      return transmit({ ...event });
    },
  };
}
