// The Bark Out demo posts: a dozen articles written for the demo, over several categories, with a
// book list and one member's story. Idempotent (by slug), so it also reaches an already seeded database.
import type { SqlClient } from "../client";
import { escapeHtml } from "../../kit/html";

interface DemoPost {
  slug: string;
  title: string;
  excerpt: string;
  paragraphs: string[];
  categories: string[];
  /** Days before the seed's reference date. */
  daysAgo: number;
  author: string;
  bookOrder?: number;
  video?: { url: string; title: string };
}

/** A fixed reference date keeps the demo deterministic. */
const REFERENCE = Date.UTC(2026, 9, 1, 9, 0, 0);

export const DEMO_POSTS: DemoPost[] = [
  {
    slug: "five-motorway-stops-with-a-proper-dog-walk",
    title: "Five motorway stops with a proper dog walk",
    excerpt: "Skip the service-station verge: these junction walks give your dog a real stretch within ten minutes of the motorway.",
    paragraphs: [
      "A long drive is hard on a dog that is used to two good walks a day. The grass strip behind the fuel pumps rarely cuts it, so we asked members for the stops they actually use.",
      "The winners share three things: parking that is easy to leave again, a loop of twenty to forty minutes, and somewhere to fill a water bowl. Most are country parks or canal towpaths a few minutes off the slip road.",
      "Use the motorway search to find them by junction, and check the listing's notes for gates, livestock and seasonal closures before you set off.",
    ],
    categories: ["walks", "travel-tips"],
    daysAgo: 2,
    author: "Pawroute team",
  },
  {
    slug: "packing-list-for-a-first-holiday-with-your-dog",
    title: "A packing list for your first holiday with a dog",
    excerpt: "Bowls, bedding and the paperwork people forget: a checklist we keep by the front door.",
    paragraphs: [
      "The first trip away with a dog tends to go one of two ways: a boot full of things you never use, or a late-night search for a shop that sells poo bags.",
      "Our list starts with the familiar: their own bed or blanket, food for the whole stay plus two days, a collapsible bowl and a towel that is allowed to get muddy. Add a spare lead, a tick remover and a copy of the vaccination record.",
      "Finally, save the number of a vet near where you are staying. The directory lists vets in the UK and France, so you can look one up before you need it.",
    ],
    categories: ["travel-tips"],
    daysAgo: 6,
    author: "Pawroute team",
  },
  {
    slug: "beaches-that-welcome-dogs-all-year",
    title: "Beaches that welcome dogs all year round",
    excerpt: "Many beaches close to dogs from May to September. These stay open, and have room to run.",
    paragraphs: [
      "Seasonal bans catch out plenty of owners each summer. A beach that was perfect in March can have a sign at the top of the steps by June.",
      "The beaches in this round-up allow dogs all year, usually on a stretch away from the lifeguarded zone. Wide sand at low tide is the common theme, so check the tide times as well as the rules.",
      "Bring fresh water: dogs that drink sea water can be unwell for the drive home.",
    ],
    categories: ["beaches", "walks"],
    daysAgo: 11,
    author: "Pawroute team",
  },
  {
    slug: "country-pubs-with-a-water-bowl-at-the-door",
    title: "Country pubs with a water bowl at the door",
    excerpt: "A fire, a bowl of water and a biscuit behind the bar: what makes a pub truly dog-friendly.",
    paragraphs: [
      "Plenty of pubs allow dogs in the garden. The ones our members rate highest go further: dogs welcome inside, a bowl filled without asking, and staff who know the regulars' names, both two-legged and four.",
      "Several listings in the directory are walks that start and finish at a pub, which solves the question of where to dry off afterwards.",
      "If a pub has changed its policy, please tell us through the listing's edit page so the next visitor is not turned away.",
    ],
    categories: ["pubs-and-cafes"],
    daysAgo: 15,
    author: "Pawroute team",
  },
  {
    slug: "taking-your-dog-to-france-the-paperwork",
    title: "Taking your dog to France: the paperwork, step by step",
    excerpt: "Microchip, rabies vaccination, a health certificate and the tapeworm treatment on the way home.",
    paragraphs: [
      "Crossing the Channel with a dog is routine, but the order of the steps matters. The microchip comes first, then the rabies vaccination, then a wait before travel.",
      "Your vet issues the health certificate shortly before you leave. On the way back into Great Britain, a vet in France must treat your dog for tapeworm within a set window before you cross.",
      "The rules change from time to time, so check the official guidance before each trip. The directory's vets in France can help with the return treatment.",
    ],
    categories: ["travel-tips", "dog-health"],
    daysAgo: 20,
    author: "Pawroute team",
  },
  {
    slug: "keeping-cool-on-summer-walks",
    title: "Keeping cool on summer walks",
    excerpt: "Walk early, carry water and test the pavement with the back of your hand.",
    paragraphs: [
      "Dogs cool down mostly by panting, which makes hot days harder on them than on us. Short-nosed breeds and older dogs struggle first.",
      "Move walks to early morning or late evening, pick shaded woodland routes, and carry more water than you think you need. If the pavement is too hot for the back of your hand, it is too hot for paws.",
      "Heavy panting, drooling and stumbling are signs to stop, find shade and call a vet.",
    ],
    categories: ["dog-health", "walks"],
    daysAgo: 27,
    author: "Pawroute team",
  },
  {
    slug: "riverside-cafes-for-a-muddy-dog",
    title: "Riverside cafes that do not mind a muddy dog",
    excerpt: "Stone floors, outdoor tables and a hose by the gate: cafes that plan for wet dogs.",
    paragraphs: [
      "A river walk ends with a wet dog, whatever you planned. These cafes have stone or tiled floors, covered outdoor seating, and in two cases a hose by the gate.",
      "Most sit on a walk listed in the directory, so you can plan the loop and the cake stop together.",
    ],
    categories: ["pubs-and-cafes", "walks"],
    daysAgo: 33,
    author: "Pawroute team",
  },
  {
    slug: "book-the-long-walk-home",
    title: "Book review: The Long Walk Home",
    excerpt: "A gentle account of one owner and her rescue lurcher walking a coastal path end to end.",
    paragraphs: [
      "This is a made-up title for the demo. In it, a first-time owner and a nervous rescue lurcher walk a long coastal path over a summer, learning to trust each other one campsite at a time.",
      "It is light on route detail and heavy on the small victories: the first off-lead recall, the first night without pacing. A lovely read before a trip of your own.",
    ],
    categories: ["books"],
    daysAgo: 40,
    author: "Pawroute team",
    bookOrder: 1,
  },
  {
    slug: "book-maps-and-muddy-paws",
    title: "Book review: Maps and Muddy Paws",
    excerpt: "A practical guide to planning walks with a dog: reading maps, finding water and avoiding livestock.",
    paragraphs: [
      "Another demo title. This one is a handbook rather than a story: how to read a walking map for stiles and field boundaries, where to find water, and how to cross a field of cattle calmly.",
      "Keep it in the car door pocket. The chapter on livestock alone is worth it.",
    ],
    categories: ["books", "walks"],
    daysAgo: 48,
    author: "Pawroute team",
    bookOrder: 2,
  },
  {
    slug: "book-the-dog-friendly-kitchen",
    title: "Book review: The Dog-Friendly Kitchen",
    excerpt: "Simple biscuits and treats to bake for walks, with a clear list of what dogs must never eat.",
    paragraphs: [
      "Our third demo book is a small cookbook of plain treats for the walk bag. Every recipe avoids the ingredients that are dangerous for dogs, and the list of those is printed inside the cover.",
      "Good for a rainy afternoon before a long weekend away.",
    ],
    categories: ["books"],
    daysAgo: 55,
    author: "Pawroute team",
    bookOrder: 3,
  },
  {
    slug: "what-to-do-if-your-dog-is-hurt-on-a-walk",
    title: "What to do if your dog is hurt on a walk",
    excerpt: "A small first-aid kit, the nearest vet saved on your phone, and how to carry a dog that cannot walk.",
    paragraphs: [
      "Cut pads, thorns and the odd sprain are the usual walk injuries. A small kit with a bandage, saline and a self-adhesive wrap covers most of them until you reach a vet.",
      "Before a walk somewhere new, look up the nearest vet in the directory and save the number. If your dog cannot walk, support the chest and back end together and keep them as still as you can.",
    ],
    categories: ["dog-health"],
    daysAgo: 62,
    author: "Pawroute team",
  },
  {
    slug: "story-bramble-and-the-seven-stiles",
    title: "Your story: Bramble and the seven stiles",
    excerpt: "A member's spaniel, a circular walk with seven stiles, and a lot of lifting.",
    paragraphs: [
      "Bramble is a spaniel who loves water, other dogs and anything that smells of fox. Her favourite walks are woodland loops with a stream halfway round.",
      "On the walk in this story she met seven stiles in three miles, none with a dog gate. She cleared two and was lifted over the rest, and then swam in the stream anyway.",
      "Thank you to the member who sent this in: stories like this earn Treat Points when they appear on Bark Out.",
    ],
    categories: ["your-stories", "walks"],
    daysAgo: 70,
    author: "demo_member",
  },
];

/** Adds the demo posts that are missing (matched by slug); posts already there are left alone. */
export async function ensureDemoBlog(sql: SqlClient): Promise<number> {
  let added = 0;
  for (const post of DEMO_POSTS) {
    const publishedAt = new Date(REFERENCE - post.daysAgo * 86_400_000).toISOString();
    const bodyHtml = post.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("");
    const gallery = post.video ? [{ kind: "video", url: post.video.url, title: post.video.title }] : [];
    const [row] = await sql<{ id: number }[]>`
      INSERT INTO blog_posts (slug, title, excerpt, body_html, body_text, status, published_at, author_user_id, author_name, gallery, book_order, story, created_at, updated_at)
      VALUES (${post.slug}, ${post.title}, ${post.excerpt}, ${bodyHtml}, ${post.paragraphs.join(" ")}, 'published', ${publishedAt},
        (SELECT id FROM users WHERE username = ${post.author}), ${post.author}, ${JSON.stringify(gallery)}::jsonb, ${post.bookOrder ?? null},
        ${post.categories.includes("your-stories") ? JSON.stringify({ likes: "Water, other dogs and anything that smells of fox", favouriteWalks: "Woodland loops with a stream", walkActivities: "Swimming and chasing sticks" }) : null}::jsonb,
        ${publishedAt}, ${publishedAt})
      ON CONFLICT (slug) DO NOTHING
      RETURNING id`;
    if (!row) continue;
    added += 1;
    await sql`
      INSERT INTO blog_post_categories (post_id, category_id)
      SELECT ${row.id}, id FROM blog_categories WHERE slug = ANY(${post.categories})
      ON CONFLICT DO NOTHING`;
  }
  return added;
}
