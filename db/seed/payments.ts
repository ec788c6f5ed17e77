// Demo payments (issue 15): the demo member is a Monthly subscriber who renewed once (two receipts), with
// a saved demo card, and one friendly discount link (?discount=WOOF10 on /payment). Idempotent.
import type { SqlClient } from "../client";

export async function ensureDemoPayments(sql: SqlClient): Promise<void> {
  await sql`INSERT INTO affiliate_links (code, name, discount_percent) VALUES ('WOOF10', 'Demo friendly discount', 10) ON CONFLICT DO NOTHING`;
  const [member] = await sql<{ id: number }[]>`SELECT id FROM users WHERE lower(email) = 'member@pawroute.test'`;
  if (!member) return;
  const [existing] = await sql`SELECT 1 FROM subscriptions WHERE user_id = ${member.id}`;
  if (existing) return;
  const [method] = await sql<{ id: number }[]>`
    INSERT INTO payment_methods (user_id, method, provider_ref, brand, last4) VALUES (${member.id}, 2, 'pm_demo_visa', 'visa', '4242')
    ON CONFLICT (user_id, provider_ref) DO UPDATE SET brand = 'visa' RETURNING id`;
  const [subscription] = await sql<{ id: number }[]>`
    INSERT INTO subscriptions (user_id, plan, started_at, expires_at, auto_renew, payment_method_id)
    VALUES (${member.id}, 'monthly', now() - interval '40 days', now() - interval '40 days' + interval '2 months', true, ${method.id}) RETURNING id`;
  await sql`INSERT INTO subscription_events (subscription_id, kind, detail, at) VALUES (${subscription.id}, 'created', 'monthly', now() - interval '40 days'), (${subscription.id}, 'renewed', '', now() - interval '10 days')`;
  for (const [purpose, ago, start] of [["subscribe", "40 days", 0], ["renew", "10 days", 1]] as const) {
    const [charge] = await sql<{ id: number }[]>`
      INSERT INTO charges (user_id, idempotency_key, purpose, plan, subscription_id, payment_method_id, amount_pence, status, provider_ref, created_at, succeeded_at)
      VALUES (${member.id}, ${`demo:${member.id}:${purpose}`}, ${purpose}, 'monthly', ${subscription.id}, ${method.id}, 499, 'succeeded', ${`pi_demo_${purpose}_${member.id}`}, now() - ${ago}::interval, now() - ${ago}::interval)
      RETURNING id`;
    await sql`
      INSERT INTO receipts (charge_id, user_id, number, description, amount_pence, payment_description, period_start, period_end, issued_at)
      VALUES (${charge.id}, ${member.id}, ${`PR-DEMO-${String(charge.id).padStart(6, "0")}`}, ${purpose === "renew" ? "Monthly subscription (renewal)" : "Monthly subscription"}, 499, 'visa card ending 4242',
              now() - interval '40 days' + ${`${start} months`}::interval, now() - interval '40 days' + ${`${start + 1} months`}::interval, now() - ${ago}::interval)`;
  }
}
