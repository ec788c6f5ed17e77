import { sitemap } from "../blog/feed.server";
import { handleErrors } from "../error-response.server";

/** GET /sitemap.xml: public pages, Bark Out posts, roads and live listings. */
export function loader() {
  return handleErrors(async () => new Response(await sitemap(), { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } }));
}
