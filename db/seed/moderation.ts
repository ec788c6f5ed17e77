import type { SqlClient } from "../client";
import { live as liveListing } from "../../geo/listing";

/** Demo reviews: what the demo members wrote, so the back office has reviews to moderate. */
const REVIEW_TEXTS = [
  "We walked the full loop with our two spaniels on a bright morning. The paths were clear, there was a stream halfway round for a drink and a paddle, and the car park had plenty of room.",
  "A lovely stop just off the motorway. The staff brought a bowl of water before we had even sat down and there were dog biscuits on the bar. The garden is fenced, which our terrier appreciated.",
  "Good for a leg stretch on a long drive, though it can be muddy after rain. Our lurcher loved the open field at the far end. Bins at both gates and a clear map at the start of the walk.",
  "Busy at weekends but quiet on a weekday afternoon. The woodland section is shaded, which made a big difference on a hot day, and the path back along the river was easy going for our older dog.",
  "Dogs are welcome all year on the north end of the beach. Wide sands, gentle waves and a café at the top of the slipway that sells dog ice cream. We will definitely stop here again on the way south.",
  "Friendly vet who fitted us in when our collie cut a pad on holiday. Clean waiting room, reasonable prices and they gave us a printed list of nearby walks that were kind to sore paws.",
];

/**
 * Moderation demo data (issue 11), loaded once per demo load (demo_meta key 'moderation'; run by the
 * seed CLI after the generator, never inside it, so the generator stays deterministic): a few demo members who
 * joined over the last weeks, reviews spread over the last 12 weeks (some waiting for moderation, some
 * accepted, one denied), and the submitted listings spread over the same weeks, three of them by the
 * demo member, so the dashboard, its charts and the moderation queues show something after `npm start`.
 */
export async function ensureDemoModeration(sql: SqlClient): Promise<void> {
  // Once per demo load: regenerating the demo data (which truncates listings and reviews) loads it again.
  const [demo] = await sql<{ loaded: string }[]>`SELECT loaded_at::text AS loaded FROM demo_meta WHERE key = 'demo'`;
  if (!demo) return;
  const [done] = await sql`SELECT 1 FROM demo_meta WHERE key = 'moderation' AND value->>'demoLoadedAt' = ${demo.loaded}`;
  if (done) return;
  const [member] = await sql<{ id: number }[]>`SELECT id FROM users WHERE lower(email) = 'member@pawroute.test'`;
  const live = await sql<{ id: number }[]>`SELECT id FROM listings l WHERE ${liveListing(sql)} ORDER BY id LIMIT 24`;
  if (!member || live.length < 24) return;
  const members: number[] = [member.id];
  for (const [index, name] of ["trail_tess", "muddy_paws", "coastal_collie", "biscuit_run"].entries()) {
    const [row] = await sql<{ id: number }[]>`
      INSERT INTO users (email, username, email_verified, created_at)
      VALUES (${`${name}@pawroute.test`}, ${name}, true, now() - make_interval(days => ${3 + index * 9}))
      ON CONFLICT ((lower(email))) DO UPDATE SET username = excluded.username RETURNING id`;
    if (row) members.push(row.id);
  }
  for (let index = 0; index < 24; index++) {
    // 0 unmoderated for the newest eight, 3 denied for one, 2 accepted for the rest.
    const status = index < 8 ? 0 : index === 12 ? 3 : 2;
    const days = Math.round(index * 3.4) + 1;
    await sql`
      INSERT INTO reviews (listing_id, user_id, rating, title, content, status, created_at, updated_at, moderated_at, points_awarded_at, approval_mailed_at)
      VALUES (${live[index].id}, ${members[index % members.length]}, ${5 - (index % 3)}, ${["Great stop", "Lovely walk", "Worth the detour", "", "Dog heaven", "Very welcoming"][index % 6]},
              ${REVIEW_TEXTS[index % REVIEW_TEXTS.length]}, ${status}, now() - make_interval(days => ${days}), now() - make_interval(days => ${days}),
              ${status === 0 ? null : sql`now() - make_interval(days => ${Math.max(0, days - 1)})`}, ${status === 2 ? sql`now()` : null}, ${status === 2 ? sql`now()` : null})`;
  }
  // The submitted listings arrived over the last 12 weeks; the demo member wrote three of them.
  await sql`
    WITH waiting AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM listings WHERE status = 1)
    UPDATE listings l SET created_at = now() - make_interval(hours => ((w.n * 37) % (12 * 7 * 24))::int), updated_at = now() - make_interval(hours => ((w.n * 37) % (12 * 7 * 24))::int),
                          user_id = CASE WHEN w.n <= 3 THEN ${member.id}::int ELSE l.user_id END
    FROM waiting w WHERE l.id = w.id`;
  await sql`UPDATE listing_versions v SET created_at = l.created_at, user_id = l.user_id FROM listings l WHERE l.id = v.listing_id AND l.status = 1`;
  await sql`
    INSERT INTO demo_meta (key, value) VALUES ('moderation', ${JSON.stringify({ reviews: 24, version: 1, demoLoadedAt: demo.loaded })}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, loaded_at = now()`;
}
