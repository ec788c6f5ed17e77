import { sitemap } from "../blog/feed.server";

/** GET /sitemap.xml: public pages, Bark Out posts, roads and live listings. */
export async function loader() {
  return new Response(await sitemap(), { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
