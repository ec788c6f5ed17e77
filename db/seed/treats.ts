import type { SqlClient } from "../client";

/** One demo Treat of each type, with weights that make the chances 40 / 25 / 20 / 10 / 5 %. */
export const DEMO_TREATS = [
  {
    slug: "pet-shop-voucher",
    name: "15% off at Waggy Tails pet shop",
    type: 3,
    weight: 4000,
    featured: true,
    description: "<p>Fifteen percent off <strong>everything</strong> at Waggy Tails, online or in any of their shops.</p>",
    terms: "<p>One use per member. Not valid with other offers.</p>",
    data: { voucher: "PAWROUTE-15", url: "https://waggytails.example/" },
    expiryDays: 90,
  },
  {
    slug: "free-dog-wash",
    name: "A free dog wash",
    type: 2,
    weight: 2500,
    featured: false,
    description: "<p>A free self-service dog wash at any Muddy Paws station.</p>",
    terms: "<p>Book through the Muddy Paws site.</p>",
    data: { url: "https://muddypaws.example/book" },
    expiryDays: 60,
  },
  {
    slug: "pawroute-bandana",
    name: "A Pawroute bandana, posted to you",
    type: 4,
    weight: 2000,
    featured: false,
    description: "<p>A bright yellow Pawroute bandana, in the post.</p>",
    terms: "<p>UK and France addresses only.</p>",
    data: {},
    expiryDays: 120,
  },
  {
    slug: "premium-month-half-price",
    name: "A month of Premium at half price",
    type: 1,
    weight: 1000,
    featured: false,
    description: "<p>Use this Treat to pay for your first month of Premium at <em>half price</em>.</p>",
    terms: "<p>Monthly Premium plans only.</p>",
    data: { discount: 50, interval: 1, period: "month" },
    expiryDays: 180,
  },
  {
    slug: "leaderboard-shout-out",
    name: "A shout-out on our social media",
    type: 5,
    weight: 500,
    featured: false,
    description: "<p>We will share your best dog walk photo with our followers.</p>",
    terms: "",
    data: {},
    expiryDays: null,
  },
] as const;

/** Adds the demo Treats when the back office has none, and gives the demo member one awarded Treat. */
export async function ensureDemoTreats(sql: SqlClient): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM treat_options`;
  let added = 0;
  if (count === 0) {
    for (const treat of DEMO_TREATS) {
      await sql`
        INSERT INTO treat_options (name, slug, description_html, terms_html, type, weight, data, expiry_days, featured, subscription_filter, subscription_filter_value)
        VALUES (${treat.name}, ${treat.slug}, ${treat.description}, ${treat.terms}, ${treat.type}, ${treat.weight}, ${JSON.stringify(treat.data)}::text::jsonb, ${treat.expiryDays},
                ${treat.featured}, ${treat.type === 1 ? "option" : "none"}, ${treat.type === 1 ? "premium-monthly" : null})`;
      added += 1;
    }
  }
  await sql`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at)
    SELECT u.id, o.id, 'award', now() + interval '90 days'
    FROM users u, treat_options o
    WHERE lower(u.email) = 'member@pawroute.test' AND o.slug = 'pet-shop-voucher' AND o.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM awarded_treats t WHERE t.user_id = u.id)`;
  await ensureFreeMonthTreat(sql);
  return added;
}

/**
 * A Treat that pays for a whole month of Premium (payment method 3 on /payment, issue 15): weight 0, so
 * only an administrator awards it; the demo member holds one.
 */
async function ensureFreeMonthTreat(sql: SqlClient): Promise<void> {
  await sql`
    INSERT INTO treat_options (name, slug, description_html, terms_html, type, weight, data, expiry_days, subscription_filter, subscription_filter_value)
    SELECT 'A free month of Premium', 'premium-free-month', '<p>Use this Treat to pay for a whole month of Premium: nothing to pay by card.</p>',
           '<p>Monthly Premium plan. Automatic renewal stays off until you add a card.</p>', 1, 0, ${JSON.stringify({ discount: 100, interval: 1, period: "month" })}::text::jsonb, 180, 'option', 'premium-monthly'
    WHERE NOT EXISTS (SELECT 1 FROM treat_options WHERE slug = 'premium-free-month')`;
  await sql`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at)
    SELECT u.id, o.id, 'award', now() + interval '180 days'
    FROM users u JOIN treat_options o ON o.slug = 'premium-free-month' AND o.deleted_at IS NULL
    WHERE lower(u.email) = 'member@pawroute.test' AND NOT EXISTS (SELECT 1 FROM awarded_treats t WHERE t.user_id = u.id AND t.option_id = o.id)`;
}
