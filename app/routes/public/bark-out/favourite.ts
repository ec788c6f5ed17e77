import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { safeRedirect } from "../../../auth/redirect";
import { toggleFavouritePost } from "../../../blog/posts.server";

/** POST /bark-out/{slug}/favourite: a member adds the post to their favourites or removes it, then goes back. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const form = await readForm(request);
  await toggleFavouritePost(user.id, params.slug);
  throw redirect(safeRedirect(form.get("returnTo"), `/bark-out/${encodeURIComponent(params.slug ?? "")}`));
}

export async function loader({ params }: ActionFunctionArgs) {
  return redirect(`/bark-out/${encodeURIComponent(params.slug ?? "")}`);
}
