// Test members for the payment suites: each made with a unique email under `prefix`, and removed at the end
// with the mails queued for them.
import { expect } from "vitest";
import type { SessionUser } from "../../app/auth/guards.server";
import { sql } from "../../app/db.server";
import { getEnv } from "../../app/env.server";
import { LOCAL_KEYS } from "../../app/payments/stripe.server";
import { createSetupIntent } from "../../app/payments/subscriptions.server";

/** The job queue's schema, read when asked: a file may set its own (JOB_QUEUE_SCHEMA) at its top. */
export const queueSchema = (): string => getEnv().JOB_QUEUE_SCHEMA;

export function paymentMembers(prefix: string) {
  const created: number[] = [];
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    tag,
    created,
    async member(): Promise<SessionUser> {
      const email = `${prefix}-${tag}-${created.length}@test.pawroute`;
      const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, email_verified, username) VALUES (${email}, true, ${`${prefix[0]}${tag}${created.length}`.slice(0, 15)}) RETURNING id`;
      created.push(row.id);
      return { id: row.id, email, username: null, emailVerified: true, isAdmin: false, hasPassword: true, sessionId: "test" };
    },
    async remove(): Promise<void> {
      const queue = queueSchema();
      await sql()`DELETE FROM ${sql()(queue)}._private_jobs j USING ${sql()(queue)}._private_tasks t WHERE t.id = j.task_id AND t.identifier = 'send-mail' AND j.payload->>'to' LIKE ${`${prefix}-${tag}-%`}`;
      if (created.length) await sql()`DELETE FROM users WHERE id = ANY(${created}::int[])`;
    },
  };
}

/** Saves a card for `user` as Stripe.js would: a SetupIntent confirmed on the local Stripe stand-in at `stripeUrl`; answers its payment method. */
export async function confirmCard(stripeUrl: string, user: SessionUser, number = "4242424242424242"): Promise<string> {
  const { clientSecret } = await createSetupIntent(user);
  const answer = await fetch(`${stripeUrl}/v1/setup_intents/${clientSecret.split("_secret_")[0]}/confirm`, {
    method: "POST",
    headers: { Authorization: `Bearer ${LOCAL_KEYS.publishable}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_secret: clientSecret, "payment_method_data[card][number]": number, "payment_method_data[card][exp_month]": "12", "payment_method_data[card][exp_year]": "2034", "payment_method_data[card][cvc]": "123" }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { payment_method: string }).payment_method;
}

/** A monthly subscription paid earlier that renews automatically with a saved Visa card (`providerRef`, ending `last4`), due in a day. */
export async function renewingSubscription(userId: number, providerRef: string, last4: string): Promise<{ methodId: number; expiresAt: Date }> {
  const [method] = await sql()<{ id: number }[]>`INSERT INTO payment_methods (user_id, method, provider_ref, brand, last4) VALUES (${userId}, 2, ${providerRef}, 'visa', ${last4}) RETURNING id`;
  const expiresAt = new Date(Date.now() + 86_400_000);
  await sql()`INSERT INTO subscriptions (user_id, plan, expires_at, auto_renew, payment_method_id) VALUES (${userId}, 'monthly', ${expiresAt.toISOString()}::timestamptz, true, ${method.id})`;
  return { methodId: method.id, expiresAt };
}
