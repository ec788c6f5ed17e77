// The card gateway: the stripe SDK, pointed at Stripe with a key, or at the local stand-in without one
// (docs/decisions/0121-local-payment-stand-ins.md). The app's code path is the same either way.
// The SDK is imported on first use, not with the server (decision 0214): a worker that answers
// searches and pages never loads its few hundred modules.
import type Stripe from "stripe";
import { getEnv } from "../env.server";
import { localWebhookSecrets } from "./local/secrets.server";

// The local stand-in's webhook secret is made per installation (local/secrets.server.ts, decision 0241).
export const LOCAL_KEYS = { secret: "sk_local_pawroute", publishable: "pk_local_pawroute" } as const;
/** Where the local Stripe.js stand-in is served (public/local/stripe.js) and the API it talks to (a same-origin proxy). */
export const LOCAL_STRIPE_JS_URL = "/local/stripe.js";

export interface StripeConfig {
  local: boolean;
  secretKey: string;
  publishableKey: string;
  /** Read only when a webhook arrives: the local stand-in's is made per installation. */
  readonly webhookSecret: string;
  /** The API the SDK calls; null means Stripe itself. */
  apiUrl: string | null;
  jsUrl: string;
}

export function stripeConfig(): StripeConfig {
  const env = getEnv();
  const local = !env.STRIPE_SECRET_KEY;
  // Read at call time: the server entry starts the local stand-in and publishes its address after the environment was parsed.
  const apiUrl = process.env.STRIPE_API_URL || env.STRIPE_API_URL || null;
  return {
    local,
    secretKey: env.STRIPE_SECRET_KEY ?? LOCAL_KEYS.secret,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? LOCAL_KEYS.publishable,
    get webhookSecret() {
      return env.STRIPE_WEBHOOK_SECRET ?? localWebhookSecrets().stripe;
    },
    apiUrl,
    jsUrl: env.STRIPE_JS_URL ?? (local ? LOCAL_STRIPE_JS_URL : "https://js.stripe.com/v3/"),
  };
}

// On globalThis, with the SDK's module: the server entry and the app's build each bundle this module,
// and a client one copy made raises errors the other copy's cardErrorOf must recognise.
const KEY = Symbol.for("pawroute.stripe");
type Holder = { [KEY]?: { id: string; client: Stripe; sdk: typeof Stripe } };

/** The SDK client for the current configuration (one per process). */
export async function stripe(): Promise<Stripe> {
  const config = stripeConfig();
  if (config.local && !config.apiUrl) throw new Error("The local Stripe stand-in is not running: start the app with server.ts, or set STRIPE_API_URL.");
  const id = `${config.secretKey}@${config.apiUrl ?? "stripe"}`;
  const holder = globalThis as Holder;
  if (holder[KEY]?.id !== id) {
    const api = config.apiUrl ? new URL(config.apiUrl) : null;
    const sdk = holder[KEY]?.sdk ?? (await import("stripe")).default;
    const client = new sdk(config.secretKey, {
      maxNetworkRetries: 1,
      telemetry: false,
      ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol === "https:" ? "https" : "http" } : {}),
    });
    holder[KEY] = { id, client, sdk };
  }
  return holder[KEY].client;
}

/** The card error a provider call raised (decline, expired, authentication needed), else null. */
export function cardErrorOf(error: unknown): { type: string; code?: string; decline_code?: string; message: string; paymentIntentId?: string } | null {
  // Only the SDK raises its errors: before a client was made, no error is one of them.
  const sdk = (globalThis as Holder)[KEY]?.sdk;
  if (!sdk || !(error instanceof sdk.errors.StripeError)) return null;
  // A payment method the provider no longer knows (removed, or demo data) fails like a card would.
  if (error.type === "StripeInvalidRequestError" && error.code === "resource_missing") return { type: "card_error", code: "payment_method_unavailable", message: error.message };
  if (error.type !== "StripeCardError") return null;
  const raw = error.raw as { payment_intent?: { id?: string } };
  return { type: "card_error", code: error.code, decline_code: error.decline_code, message: error.message, paymentIntentId: raw.payment_intent?.id };
}

/** A request Stripe refused as invalid (e.g. a refund of more than is left), else null. */
export function refusalOf(error: unknown): { code: string; message: string } | null {
  const sdk = (globalThis as Holder)[KEY]?.sdk;
  if (!sdk || !(error instanceof sdk.errors.StripeError) || error.type !== "StripeInvalidRequestError") return null;
  return { code: error.code ?? "invalid_request", message: error.message };
}
