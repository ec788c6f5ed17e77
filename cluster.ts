// The production entry: one server.ts worker per core (WEB_CONCURRENCY), graceful shutdown on
// SIGTERM/SIGINT. `npm start` runs this; `npm run serve` and the end-to-end tests run one process.
import cluster from "node:cluster";
import { runCluster } from "./app/http/cluster.server";
import { startLocalPayPal } from "./app/payments/local/paypal-api.server";
import { startLocalStripe } from "./app/payments/local/stripe-api.server";

// Without Stripe keys, one local Stripe stand-in for all workers (its state is in memory): the workers inherit its address.
if (cluster.isPrimary && !process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_API_URL) {
  process.env.STRIPE_API_URL = (await startLocalStripe(Number(process.env.STRIPE_LOCAL_PORT || 0))).url;
}

// The same for PayPal without PAYPAL_CLIENT_SECRET.
if (cluster.isPrimary && !process.env.PAYPAL_CLIENT_SECRET && !process.env.PAYPAL_API_URL) {
  process.env.PAYPAL_API_URL = (await startLocalPayPal(Number(process.env.PAYPAL_LOCAL_PORT || 0))).url;
}

await runCluster(() => import("./server"));
