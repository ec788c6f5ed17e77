import { atomFeed } from "../../../blog/feed.server";
import { handleErrors } from "../../../error-response.server";

/** GET /bark-out/feed.atom */
export function loader() {
  return handleErrors(async () => new Response(await atomFeed(), { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=600" } }));
}
