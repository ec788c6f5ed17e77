// The PayPal gateway: PayPal's REST API over fetch (no SDK), pointed at PayPal with keys or at the local
// stand-in without them (docs/decisions/0123-paypal-vault-and-stand-in.md). OAuth2 client-credentials
// token (cached), vault v3 (setup token → payment token), Orders v2 charges on the vaulted token with
// PayPal-Request-Id as the idempotency key, and the webhook signature check. Amounts are pence here and
// PayPal's decimal strings only on the wire, converted exactly (no floating point).
import { getEnv } from "../env.server";
import { AppError } from "../../core/errors";
import { PAYMENT_MESSAGES } from "./messages";
import type { RefundOutcome } from "./port";

export const LOCAL_PAYPAL = { clientId: "local-pawroute-client", secret: "local-pawroute-secret", webhookId: "WH-LOCAL-PAWROUTE" } as const;
/** Where the local PayPal JS SDK stand-in is served (public/local/paypal.js). */
export const LOCAL_PAYPAL_SDK_URL = "/local/paypal.js";
/** The spec's billing agreement description (§9), shown to the payer when they approve the vault. */
export const PAYPAL_AGREEMENT_DESCRIPTION = "A Pawroute premium subscription";
const SANDBOX_API = "https://api-m.sandbox.paypal.com";
const SANDBOX_SDK = "https://www.sandbox.paypal.com/sdk/js";
const TIMEOUT_MS = 20_000;

export interface PayPalConfig {
  enabled: boolean;
  local: boolean;
  clientId: string;
  secret: string;
  webhookId: string;
  /** The REST API base; null while the local stand-in is not running. */
  apiUrl: string | null;
  sdkUrl: string;
}

export function paypalConfig(): PayPalConfig {
  const env = getEnv();
  const local = !env.PAYPAL_CLIENT_SECRET;
  // Read at call time: the server entry starts the local stand-in and publishes its address after the environment was parsed.
  const apiUrl = process.env.PAYPAL_API_URL || env.PAYPAL_API_URL || (local ? null : SANDBOX_API);
  return {
    enabled: env.PAYPAL_ENABLED,
    local,
    clientId: env.PAYPAL_CLIENT_ID ?? LOCAL_PAYPAL.clientId,
    secret: env.PAYPAL_CLIENT_SECRET ?? LOCAL_PAYPAL.secret,
    webhookId: env.PAYPAL_WEBHOOK_ID ?? LOCAL_PAYPAL.webhookId,
    apiUrl,
    sdkUrl: env.PAYPAL_SDK_URL ?? (local ? LOCAL_PAYPAL_SDK_URL : SANDBOX_SDK),
  };
}

/** 1234 → "12.34": PayPal's amount string from pence, exactly. */
export function penceToValue(pence: number): string {
  if (!Number.isSafeInteger(pence) || pence < 0) throw new RangeError(`Not an amount in pence: ${pence}`);
  return `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

/** "12.34" → 1234 (null when it is not a plain non-negative amount with at most two decimals). */
export function valueToPence(value: unknown): number | null {
  const match = typeof value === "string" ? /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

const TOKEN = Symbol.for("pawroute.paypal.token");
type Holder = { [TOKEN]?: { id: string; token: string; expiresAt: number } };

function unavailable(): AppError {
  return new AppError(503, PAYMENT_MESSAGES.paypalFailed, { code: "paypal_unavailable" });
}

function baseUrl(config: PayPalConfig): string {
  if (!config.apiUrl) throw new Error("The local PayPal stand-in is not running: start the app with server.ts, or set PAYPAL_API_URL.");
  return config.apiUrl.replace(/\/$/, "");
}

/** The OAuth2 client-credentials access token, cached until a minute before it expires. */
async function accessToken(config: PayPalConfig, fresh = false): Promise<string> {
  const holder = globalThis as Holder;
  const id = `${config.clientId}@${config.apiUrl}`;
  const cached = holder[TOKEN];
  if (!fresh && cached?.id === id && cached.expiresAt > Date.now()) return cached.token;
  let response: Response;
  try {
    response = await fetch(`${baseUrl(config)}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.secret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw unavailable();
  }
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
  if (!response.ok || !body.access_token) throw unavailable();
  holder[TOKEN] = { id, token: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
  return body.access_token;
}

export interface PayPalAnswer<T> {
  status: number;
  body: T;
}

/** One REST call with the bearer token (renewed once if PayPal says it expired) and an optional PayPal-Request-Id. */
async function call<T>(method: "GET" | "POST", path: string, body?: unknown, requestId?: string): Promise<PayPalAnswer<T>> {
  const config = paypalConfig();
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = await accessToken(config, attempt > 0);
    let response: Response;
    try {
      response = await fetch(`${baseUrl(config)}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          Accept: "application/json",
          Prefer: "return=representation",
          ...(requestId ? { "PayPal-Request-Id": requestId.slice(0, 108) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    if (response.status === 401 && attempt === 0) continue;
    if (response.status >= 500) throw unavailable();
    return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
  }
  throw unavailable();
}

function merchantCustomerId(userId: number): string {
  return `pawroute-${userId}`;
}

/** The setup token the PayPal button approves (createVaultSetupToken): vault flow, no shipping address. */
export async function createSetupToken(userId: number, requestId: string): Promise<{ id: string }> {
  const answer = await call<{ id?: string }>(
    "POST",
    "/v3/vault/setup-tokens",
    {
      customer: { merchant_customer_id: merchantCustomerId(userId) },
      payment_source: {
        paypal: {
          description: PAYPAL_AGREEMENT_DESCRIPTION,
          usage_type: "MERCHANT",
          usage_pattern: "SUBSCRIPTION_PREPAID",
          customer_type: "CONSUMER",
          permit_multiple_payment_tokens: true,
          experience_context: { brand_name: "Pawroute", shipping_preference: "NO_SHIPPING", vault_instruction: "ON_PAYER_APPROVAL" },
        },
      },
    },
    requestId,
  );
  if (answer.status >= 300 || !answer.body.id) throw new AppError(503, PAYMENT_MESSAGES.initFailed, { code: "paypal_setup_failed" });
  return { id: answer.body.id };
}

/**
 * The nonce (an approved setup token) becomes a vaulted payment token. The same nonce always gives the
 * same token (its PayPal-Request-Id names it), and a token vaulted for another member is refused.
 */
export async function vaultPayPal(userId: number, nonce: string): Promise<{ id: string; email: string }> {
  const answer = await call<{ id?: string; customer?: { merchant_customer_id?: string }; payment_source?: { paypal?: { email_address?: string } } }>(
    "POST",
    "/v3/vault/payment-tokens",
    { payment_source: { token: { id: nonce, type: "SETUP_TOKEN" } } },
    `payment-token:${nonce}`,
  );
  if (answer.status >= 300 || !answer.body.id || answer.body.customer?.merchant_customer_id !== merchantCustomerId(userId)) {
    throw new AppError(422, PAYMENT_MESSAGES.paypalFailed, { code: "paypal_vault_failed" });
  }
  return { id: answer.body.id, email: answer.body.payment_source?.paypal?.email_address ?? "" };
}

export type PayPalCharge = { outcome: "succeeded"; orderId: string } | { outcome: "pending"; orderId: string } | { outcome: "failed"; code: string; orderId: string | null };

interface OrderBody {
  id?: string;
  status?: string;
  name?: string;
  debug_id?: string;
  details?: { issue?: string }[];
  purchase_units?: { payments?: { captures?: { id?: string; status?: string; amount?: { currency_code?: string; value?: string } }[] } }[];
}

function chargeOf(answer: PayPalAnswer<OrderBody>, amountPence: number): PayPalCharge {
  const order = answer.body;
  if (answer.status >= 300 || !order.id) return { outcome: "failed", code: order.details?.[0]?.issue ?? order.name ?? "paypal_error", orderId: order.id ?? null };
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (capture?.status === "COMPLETED") {
    // Money must match to the penny, or nothing is applied.
    if (capture.amount?.currency_code !== "GBP" || valueToPence(capture.amount.value) !== amountPence) return { outcome: "failed", code: "amount_mismatch", orderId: order.id };
    return { outcome: "succeeded", orderId: order.id };
  }
  if (capture?.status === "PENDING" || (!capture && order.status !== "VOIDED")) return { outcome: "pending", orderId: order.id };
  return { outcome: "failed", code: capture?.status ?? order.status ?? "DECLINED", orderId: order.id };
}

/** Charges a vaulted PayPal account with Orders v2 (intent CAPTURE); requestId is the idempotency key. */
export async function chargeVaulted(input: { vaultId: string; amountPence: number; requestId: string; chargeId: number; description: string; offSession: boolean }): Promise<PayPalCharge> {
  const answer = await call<OrderBody>(
    "POST",
    "/v2/checkout/orders",
    {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: `charge-${input.chargeId}`,
          custom_id: String(input.chargeId),
          description: input.description.slice(0, 127),
          amount: { currency_code: "GBP", value: penceToValue(input.amountPence) },
        },
      ],
      payment_source: {
        paypal: {
          vault_id: input.vaultId,
          stored_credential: { payment_initiator: input.offSession ? "MERCHANT" : "CUSTOMER", payment_type: "RECURRING", usage: "SUBSEQUENT" },
        },
      },
    },
    input.requestId,
  );
  return chargeOf(answer, input.amountPence);
}

/** An order's state now (a charge left pending, or asked about again). */
export async function orderStatus(orderId: string, amountPence: number): Promise<PayPalCharge> {
  return chargeOf(await call<OrderBody>("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`), amountPence);
}

/**
 * Refunds an order's capture (what is left, or `amountPence`): POST /v2/payments/captures/{id}/refund with
 * `requestId` as PayPal-Request-Id. PayPal answers 422 when nothing, or less than asked, is left.
 */
export async function refundOrder(orderId: string, amountPence: number | undefined, requestId: string): Promise<RefundOutcome> {
  const order = await call<OrderBody>("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  const capture = order.body.purchase_units?.[0]?.payments?.captures?.[0];
  if (order.status !== 200 || !capture?.id || capture.status === "DECLINED") return { status: "refused", code: "capture_not_found", message: "PayPal has no completed capture for this order." };
  const answer = await call<{ id?: string; amount?: { value?: string }; name?: string; message?: string; details?: { issue?: string; description?: string }[] }>(
    "POST",
    `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
    amountPence === undefined ? {} : { amount: { currency_code: "GBP", value: penceToValue(amountPence) } },
    requestId,
  );
  const pence = valueToPence(answer.body.amount?.value);
  if (answer.status >= 300 || !answer.body.id || pence === null) {
    const detail = answer.body.details?.[0];
    return { status: "refused", code: detail?.issue ?? answer.body.name ?? "paypal_refund_refused", message: detail?.description ?? answer.body.message ?? "PayPal refused the refund." };
  }
  return { status: "refunded", ref: answer.body.id, amountPence: pence };
}

const SIGNATURE_HEADERS = ["paypal-auth-algo", "paypal-cert-url", "paypal-transmission-id", "paypal-transmission-sig", "paypal-transmission-time"] as const;

/** PayPal's verify-webhook-signature call: true only when PayPal answers SUCCESS for this webhook id. */
export async function verifyWebhook(headers: Headers, event: unknown): Promise<boolean> {
  const values = SIGNATURE_HEADERS.map((name) => headers.get(name));
  if (values.some((value) => !value || value.length > 2000)) return false;
  const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values as string[];
  const answer = await call<{ verification_status?: string }>("POST", "/v1/notifications/verify-webhook-signature", {
    auth_algo: authAlgo,
    cert_url: certUrl,
    transmission_id: transmissionId,
    transmission_sig: transmissionSig,
    transmission_time: transmissionTime,
    webhook_id: paypalConfig().webhookId,
    webhook_event: event,
  });
  return answer.status === 200 && answer.body.verification_status === "SUCCESS";
}

/**
 * Our charge id and PayPal order of a capture (a refund or reversal notification may name only the capture,
 * in its `up` link): GET /v2/payments/captures/{id}. Null when PayPal does not know it.
 */
export async function captureOwner(captureId: string): Promise<{ customId: string | null; orderId: string | null } | null> {
  if (!/^[\w-]{1,60}$/.test(captureId)) return null;
  const answer = await call<{ custom_id?: string; supplementary_data?: { related_ids?: { order_id?: string } } }>("GET", `/v2/payments/captures/${captureId}`);
  if (answer.status !== 200) return null;
  return { customId: answer.body.custom_id ?? null, orderId: answer.body.supplementary_data?.related_ids?.order_id ?? null };
}
