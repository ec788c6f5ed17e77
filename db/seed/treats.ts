import { randomBytes } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { processImage } from "../../media/images.server";
import { localDiskStorage } from "../../media/storage.server";
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

const PAPER = "#fbf7f0";
const BRAND = "#1f4d3a";
const ACCENT = "#f6c453";
const CLAY = "#a8431f";
const LINK = "#1f5f8b";

/** A paw print centred on (x, y), `size` across. */
function paw(x: number, y: number, size: number, fill: string): string {
  const r = size / 6;
  return `<g fill="${fill}"><ellipse cx="${x}" cy="${y + r}" rx="${r * 1.6}" ry="${r * 1.35}"/>${[-1.9, -0.7, 0.7, 1.9]
    .map((dx, i) => `<ellipse cx="${x + dx * r}" cy="${y - (i === 0 || i === 3 ? 0.8 : 1.9) * r}" rx="${r * 0.62}" ry="${r * 0.8}"/>`)
    .join("")}</g>`;
}

/** Each demo Treat's picture (1280 × 960): a plain illustration of what it is, in the site's colours. */
const PICTURES: Record<(typeof DEMO_TREATS)[number]["slug"], string> = {
  // A voucher ticket with 15%.
  "pet-shop-voucher": `<rect width="1280" height="960" fill="${ACCENT}"/>
    <g transform="rotate(-8 640 480)"><rect x="250" y="290" width="780" height="380" rx="36" fill="${PAPER}"/>
    <circle cx="250" cy="480" r="60" fill="${ACCENT}"/><circle cx="1030" cy="480" r="60" fill="${ACCENT}"/>
    <line x1="760" y1="320" x2="760" y2="640" stroke="${BRAND}" stroke-width="10" stroke-dasharray="26 22"/>
    <text x="520" y="540" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="170" text-anchor="middle" fill="${BRAND}">15%</text>
    ${paw(895, 480, 150, CLAY)}</g>`,
  // A tub of bubbles.
  "free-dog-wash": `<rect width="1280" height="960" fill="#e2edf5"/>
    ${[[420, 300, 90], [560, 210, 60], [700, 260, 110], [860, 200, 70], [930, 330, 55], [330, 180, 45]].map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" stroke="${LINK}" stroke-width="8"/>`).join("")}
    <path d="M260 470 H1020 L960 780 Q950 820 905 820 H375 Q330 820 320 780 Z" fill="${LINK}"/>
    <rect x="230" y="430" width="820" height="70" rx="35" fill="${BRAND}"/>
    ${paw(640, 650, 170, PAPER)}`,
  // A triangular bandana.
  "pawroute-bandana": `<rect width="1280" height="960" fill="${BRAND}"/>
    <path d="M200 260 H1080 L640 800 Z" fill="${ACCENT}"/>
    <path d="M200 260 H1080 L1050 320 H230 Z" fill="#e0a93a"/>
    ${paw(640, 450, 190, BRAND)}
    <circle cx="200" cy="260" r="34" fill="${ACCENT}"/><circle cx="1080" cy="260" r="34" fill="${ACCENT}"/>`,
  // A star with a half.
  "premium-month-half-price": `<rect width="1280" height="960" fill="#e3efe7"/>
    <path d="M640 130 L735 370 L990 380 L790 540 L860 790 L640 650 L420 790 L490 540 L290 380 L545 370 Z" fill="${BRAND}"/>
    <text x="640" y="560" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="150" text-anchor="middle" fill="${ACCENT}">½</text>`,
  // A speech bubble with a paw.
  "leaderboard-shout-out": `<rect width="1280" height="960" fill="#f8e3d8"/>
    <path d="M270 220 H1010 Q1070 220 1070 280 V620 Q1070 680 1010 680 H560 L380 820 L420 680 H270 Q210 680 210 620 V280 Q210 220 270 220 Z" fill="${CLAY}"/>
    ${paw(640, 450, 230, PAPER)}`,
};

/** Stores a demo picture through the uploads pipeline (every version, as an upload would be) and answers its id. */
async function storeDemoPicture(sql: SqlClient, svg: string): Promise<string> {
  const png = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960" viewBox="0 0 1280 960">${svg}</svg>`)).png().toBuffer();
  const image = await processImage(png);
  const id = randomBytes(12).toString("hex");
  await localDiskStorage(path.resolve(process.env.UPLOAD_DIR ?? ".data/uploads")).putVersions(id, image.versions.map((version) => ({ name: `${version.size}.webp`, body: version.body })));
  const versions = Object.fromEntries(image.versions.map((version) => [String(version.size), { width: version.width, height: version.height }]));
  await sql`
    INSERT INTO uploaded_files (id, source_format, width, height, bytes, versions, alt_title, attached_at)
    VALUES (${id}, 'png', ${image.width}, ${image.height}, ${png.length}, ${JSON.stringify(versions)}::text::jsonb, '', now())`;
  return id;
}

/** Gives each demo Treat still without an image its picture; answers how many were added. */
export async function ensureDemoTreatImages(sql: SqlClient): Promise<number> {
  const rows = await sql<{ id: number; slug: keyof typeof PICTURES }[]>`
    SELECT id, slug FROM treat_options WHERE image_id IS NULL AND slug IN ${sql(DEMO_TREATS.map((treat) => treat.slug))}`;
  for (const row of rows) {
    const imageId = await storeDemoPicture(sql, PICTURES[row.slug]);
    await sql`UPDATE treat_options SET image_id = ${imageId} WHERE id = ${row.id} AND image_id IS NULL`;
  }
  return rows.length;
}

/** Adds the demo Treats when the back office has none, and gives the demo member one awarded Treat. */
export async function ensureDemoTreats(sql: SqlClient): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM treat_options`;
  let added = 0;
  if (count === 0) {
    for (const treat of DEMO_TREATS) {
      await sql`
        INSERT INTO treat_options (name, slug, description_html, terms_html, type, weight, data, expiry_days, featured, subscription_filter, subscription_filter_value)
        VALUES (${treat.name}, ${treat.slug}, ${treat.description}, ${treat.terms}, ${treat.type}, ${treat.weight}, ${JSON.stringify(treat.data)}::text::jsonb, ${treat.expiryDays},
                ${treat.featured}, ${treat.type === 1 ? "option" : "none"}, ${treat.type === 1 ? "monthly" : null})`;
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
  await ensureDemoTreatImages(sql);
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
           '<p>Monthly Premium plan. Automatic renewal stays off until you add a card.</p>', 1, 0, ${JSON.stringify({ discount: 100, interval: 1, period: "month" })}::text::jsonb, 180, 'option', 'monthly'
    WHERE NOT EXISTS (SELECT 1 FROM treat_options WHERE slug = 'premium-free-month')`;
  await sql`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at)
    SELECT u.id, o.id, 'award', now() + interval '180 days'
    FROM users u JOIN treat_options o ON o.slug = 'premium-free-month' AND o.deleted_at IS NULL
    WHERE lower(u.email) = 'member@pawroute.test' AND NOT EXISTS (SELECT 1 FROM awarded_treats t WHERE t.user_id = u.id AND t.option_id = o.id)`;
}
