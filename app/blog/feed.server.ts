// The Bark Out Atom feed (RFC 4287) and the site's sitemap (sitemaps.org 0.9).
import { sql } from "../db.server";
import { appUrl } from "../mail/links.server";
import { feedPosts, sitemapPosts } from "./posts.server";
import { escapeHtml } from "../../kit/html";
import { live } from "../../geo/listing";

export async function atomFeed(): Promise<string> {
  const site = appUrl();
  const posts = await feedPosts();
  const updated = posts.reduce((latest, post) => (post.updatedAt > latest ? post.updatedAt : latest), "1970-01-01T00:00:00Z");
  const entries = posts.map(
    (post) => `  <entry>
    <id>${escapeHtml(`${site}${post.url}`)}</id>
    <title>${escapeHtml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeHtml(`${site}${post.url}`)}"/>
    <published>${post.publishedAt ?? post.updatedAt}</published>
    <updated>${post.updatedAt}</updated>
    <author><name>${escapeHtml(post.authorName || "Pawroute")}</name></author>
${post.categories.map((category) => `    <category term="${escapeHtml(category.slug)}" label="${escapeHtml(category.name)}"/>`).join("\n")}
    <summary>${escapeHtml(post.excerpt)}</summary>
    <content type="html">${escapeHtml(post.bodyHtml)}</content>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${escapeHtml(`${site}/bark-out/`)}</id>
  <title>Bark Out — Pawroute</title>
  <subtitle>Walks, travel tips and stories from dog owners on the road in the UK and France.</subtitle>
  <link rel="self" type="application/atom+xml" href="${escapeHtml(`${site}/bark-out/feed.atom`)}"/>
  <link rel="alternate" type="text/html" href="${escapeHtml(`${site}/bark-out`)}"/>
  <updated>${updated}</updated>
${entries.join("\n")}
</feed>
`;
}

/** The public pages that exist (app/navigation.ts's built sections and the pages beside them). */
const PUBLIC_PAGES = ["/", "/pubs", "/beaches", "/vets-in-france", "/walks-in-france", "/motorway-search", "/motorway-search-france", "/add-listing", "/bark-out", "/bark-out/submit", "/contact", "/faqs", "/join"];

/** One sitemap holds at most 50,000 addresses (sitemaps.org); live listings beyond that are left to a sitemap index. */
const MAX_URLS = 50_000;

export async function sitemap(): Promise<string> {
  const site = appUrl();
  const db = sql();
  const [posts, roads] = await Promise.all([
    sitemapPosts(),
    db<{ url: string }[]>`SELECT '/browse/road/' || c.slug || '/' || r.slug AS url FROM roads r JOIN countries c ON c.id = r.country_id ORDER BY c.slug, r.name`,
  ]);
  const room = Math.max(0, MAX_URLS - PUBLIC_PAGES.length - posts.length - roads.length);
  const listings = await db<{ url: string; modified: string }[]>`
    SELECT listing_url(walk_type, slug) AS url, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS modified
    FROM listings WHERE ${live(db, "listings")} ORDER BY popularity DESC, id LIMIT ${room}`;
  const entry = (url: string, lastModified?: string) => `  <url><loc>${escapeHtml(`${site}${url}`)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}</url>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[...PUBLIC_PAGES.map((url) => entry(url)), ...posts.map((post) => entry(post.url, post.lastModified)), ...roads.map((road) => entry(road.url)), ...listings.map((listing) => entry(listing.url, listing.modified))].join("\n")}
</urlset>
`;
}
