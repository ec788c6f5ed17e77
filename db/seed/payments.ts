// Demo payments (issue 15): the demo member is a Monthly subscriber who renewed once (two receipts), with
// a saved demo card; four demo contributors subscribed over the last months (so the back office's revenue
// per month is not empty, one of them expired); three friendly discount links (WOOF10, PAWS25, and
// SUMMER20 which has expired; the shareable link is /subscriptions?discount=CODE); a refund and a won
// dispute from the providers (decision 0240), on the back office's dashboard. Idempotent.
import type { SqlClient } from "../client";

const PLAN = {
  monthly: { name: "Monthly", pricePence: 499, months: 1 },
  annual: { name: "Annual", pricePence: 3999, months: 12 },
  "pack-leader": { name: "Pack Leader", pricePence: 5999, months: 12 },
} as const;

interface DemoSubscription {
  email: string;
  plan: keyof typeof PLAN;
  /** How long ago the subscription started. */
  startedDaysAgo: number;
  /** Payments taken: the first, then one renewal per further period. */
  payments: number;
  autoRenew: boolean;
  /** A friendly discount code used for the first payment. */
  discountCode?: string;
}

const DEMO_SUBSCRIPTIONS: DemoSubscription[] = [
  { email: "member@pawroute.test", plan: "monthly", startedDaysAgo: 40, payments: 2, autoRenew: true },
  { email: "trail_tess@pawroute.test", plan: "annual", startedDaysAgo: 150, payments: 1, autoRenew: true, discountCode: "WOOF10" },
  { email: "muddy_paws@pawroute.test", plan: "monthly", startedDaysAgo: 130, payments: 3, autoRenew: false },
  { email: "coastal_collie@pawroute.test", plan: "pack-leader", startedDaysAgo: 55, payments: 1, autoRenew: true },
  { email: "biscuit_run@pawroute.test", plan: "monthly", startedDaysAgo: 100, payments: 4, autoRenew: true, discountCode: "PAWS25" },
];

async function ensureDemoSubscription(sql: SqlClient, demo: DemoSubscription): Promise<void> {
  const [user] = await sql<{ id: number }[]>`SELECT id FROM users WHERE lower(email) = ${demo.email}`;
  if (!user) return;
  const [existing] = await sql`SELECT 1 FROM subscriptions WHERE user_id = ${user.id}`;
  if (existing) return;
  const plan = PLAN[demo.plan];
  const [link] = demo.discountCode ? await sql<{ id: number; discount_percent: number }[]>`SELECT id, discount_percent FROM affiliate_links WHERE code = ${demo.discountCode}` : [];
  const started = `${demo.startedDaysAgo} days`;
  const [method] = await sql<{ id: number }[]>`
    INSERT INTO payment_methods (user_id, method, provider_ref, brand, last4) VALUES (${user.id}, 2, 'pm_demo_visa', 'visa', '4242')
    ON CONFLICT (user_id, provider_ref) DO UPDATE SET brand = 'visa' RETURNING id`;
  const [subscription] = await sql<{ id: number }[]>`
    INSERT INTO subscriptions (user_id, plan, started_at, expires_at, auto_renew, cancelled_at, payment_method_id, affiliate_link_id)
    VALUES (${user.id}, ${demo.plan}, now() - ${started}::interval, now() - ${started}::interval + ${`${demo.payments * plan.months} months`}::interval,
            ${demo.autoRenew}, ${demo.autoRenew ? null : sql`now() - interval '20 days'`}, ${method.id}, ${link?.id ?? null})
    RETURNING id`;
  await sql`INSERT INTO subscription_events (subscription_id, kind, detail, at) VALUES (${subscription.id}, 'created', ${demo.plan}, now() - ${started}::interval)`;
  for (let period = 0; period < demo.payments; period++) {
    const purpose = period === 0 ? "subscribe" : "renew";
    const discountPence = period === 0 && link ? Math.floor((plan.pricePence * link.discount_percent) / 100) : 0;
    const amountPence = plan.pricePence - discountPence;
    const at = sql`now() - ${started}::interval + ${`${period * plan.months} months`}::interval`;
    if (period > 0) await sql`INSERT INTO subscription_events (subscription_id, kind, at) VALUES (${subscription.id}, 'renewed', ${at})`;
    const [charge] = await sql<{ id: number }[]>`
      INSERT INTO charges (user_id, idempotency_key, purpose, plan, subscription_id, payment_method_id, affiliate_link_id, amount_pence, discount_pence, status, provider_ref, created_at, succeeded_at)
      VALUES (${user.id}, ${`demo:${user.id}:${purpose}:${period}`}, ${purpose}, ${demo.plan}, ${subscription.id}, ${method.id}, ${period === 0 ? (link?.id ?? null) : null},
              ${amountPence}, ${discountPence}, 'succeeded', ${`pi_demo_${user.id}_${period}`}, ${at}, ${at})
      RETURNING id`;
    await sql`
      INSERT INTO receipts (charge_id, user_id, number, description, amount_pence, discount_pence, payment_description, period_start, period_end, issued_at)
      VALUES (${charge.id}, ${user.id}, ${`PR-DEMO-${String(charge.id).padStart(6, "0")}`}, ${`${plan.name} subscription${period === 0 ? "" : " (renewal)"}`}, ${amountPence}, ${discountPence},
              'Visa card ending 4242', ${at}, ${at} + ${`${plan.months} months`}::interval, ${at})`;
  }
}

export async function ensureDemoPayments(sql: SqlClient): Promise<void> {
  await sql`
    INSERT INTO affiliate_links (code, name, discount_percent, expires_at) VALUES
      ('WOOF10', 'Demo friendly discount', 10, NULL),
      ('PAWS25', 'Dog show stand, spring', 25, now() + interval '180 days'),
      ('SUMMER20', 'Summer newsletter (ended)', 20, now() - interval '30 days')
    ON CONFLICT DO NOTHING`;
  for (const demo of DEMO_SUBSCRIPTIONS) await ensureDemoSubscription(sql, demo);
  await ensureDemoMoneyBack(sql);
}

/**
 * Money that went back, as the webhooks record it: muddy_paws's last month refunded in full as a goodwill
 * gesture (their subscription had already run out, so no access changes); biscuit_run's first payment
 * disputed with the bank and the dispute won.
 */
async function ensureDemoMoneyBack(sql: SqlClient): Promise<void> {
  const steps = [
    { email: "muddy_paws@pawroute.test", payment: "last", events: [{ kind: "refund", reason: "requested_by_customer", daysAgo: 12 }] },
    {
      email: "biscuit_run@pawroute.test",
      payment: "first",
      events: [
        { kind: "dispute-opened", reason: "fraudulent", daysAgo: 60 },
        { kind: "dispute-won", reason: "fraudulent", daysAgo: 45 },
      ],
    },
  ] as const;
  for (const step of steps) {
    const [charge] = await sql<{ id: number; user_id: number; amount_pence: number }[]>`
      SELECT c.id, c.user_id, c.amount_pence FROM charges c JOIN users u ON u.id = c.user_id
      WHERE lower(u.email) = ${step.email} AND c.status = 'succeeded' AND c.idempotency_key LIKE 'demo:%'
      ORDER BY c.id ${step.payment === "first" ? sql`ASC` : sql`DESC`} LIMIT 1`;
    if (!charge) continue;
    const [done] = await sql`SELECT 1 FROM charge_adjustments WHERE charge_id = ${charge.id}`;
    if (done) continue;
    for (const [index, event] of step.events.entries()) {
      await sql`
        INSERT INTO charge_adjustments (charge_id, user_id, provider, event_id, kind, amount_pence, reason, at)
        VALUES (${charge.id}, ${charge.user_id}, 'stripe', ${`evt_demo_${charge.id}_${index}`}, ${event.kind}, ${charge.amount_pence}, ${event.reason}, now() - ${`${event.daysAgo} days`}::interval)`;
    }
    const refunded = step.events.some((event) => event.kind === "refund");
    await sql`UPDATE charges SET refunded_pence = ${refunded ? charge.amount_pence : 0}, dispute_status = ${refunded ? null : "won"} WHERE id = ${charge.id}`;
  }
}
