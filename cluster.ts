// The production entry: one server.ts worker per core (WEB_CONCURRENCY), graceful shutdown on
// SIGTERM/SIGINT. `npm start` runs this; `npm run serve` and the end-to-end tests run one process.
import cluster from "node:cluster";
import { runCluster } from "./app/http/cluster.server";
import { startLocalPayPal } from "./app/payments/local/paypal-api.server";
import { ensureLocalSecret } from "./app/payments/local/secrets.server";
import { startLocalStripe } from "./app/payments/local/stripe-api.server";

// The stand-ins' webhook secret (decision 0241): made before the workers start, so they inherit it.
ensureLocalSecret();
const webhookUrl = (provider: string) => `http://127.0.0.1:${process.env.PORT || 3000}/api/webhooks/${provider}`;

// Without Stripe keys, one local Stripe stand-in for all workers (its state is in memory): the workers inherit its address.
if (cluster.isPrimary && !process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_API_URL) {
  process.env.STRIPE_API_URL = (await startLocalStripe(Number(process.env.STRIPE_LOCAL_PORT || 0), { url: webhookUrl("stripe") })).url;
}

// The same for PayPal without PAYPAL_CLIENT_SECRET.
if (cluster.isPrimary && !process.env.PAYPAL_CLIENT_SECRET && !process.env.PAYPAL_API_URL) {
  process.env.PAYPAL_API_URL = (await startLocalPayPal(Number(process.env.PAYPAL_LOCAL_PORT || 0), { url: webhookUrl("paypal") })).url;
}

await runCluster(() => import("./server"));
