import { atomFeed } from "../../../blog/feed.server";

/** GET /bark-out/feed.atom */
export async function loader() {
  return new Response(await atomFeed(), { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
