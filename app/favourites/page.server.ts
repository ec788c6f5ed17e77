// /{type}/{slug}/favourite: the member's lists for one listing, and the toggle's and list buttons' posts.
import { data, redirect } from "@remix-run/node";
import { formAction, validateForm } from "../auth/forms.server";
import { requireMember, type SessionUser } from "../auth/guards.server";
import { safeRedirect } from "../auth/redirect";
import { sql } from "../db.server";
import { listingForRequest } from "../listings/listing.server";
import { LISTING_GONE, addToDefaultList, addToList, createList, listsHolding, listsOf, removeEverywhere, removeFromList } from "./favourites.server";
import { listItemSchema, newListValidator } from "./schemas";
import { AppError } from "../../core/errors";
import { clientKeyOf, newClientKey } from "../http/client-key.server";

export async function favouritePage(request: Request, slug: string | undefined) {
  const user = await requireMember(request);
  // Also the page a plain (no JavaScript) post renders: a listing gone offline says so (spec message).
  const listing = await listingToSave(request, slug, user);
  const [lists, holding] = await Promise.all([listsOf(user.id), listsHolding(user.id, listing.id)]);
  const created = Number(new URL(request.url).searchParams.get("created"));
  return {
    listing: { url: listing.url, title: listing.title },
    username: user.username,
    created: lists.find((list) => list.id === created)?.id ?? null,
    clientKey: newClientKey(),
    lists: lists.map((list) => ({ id: list.id, name: list.name, count: list.count, saved: holding.includes(list.id) })),
  };
}

/** The listing of the page or a post: one that went away since it was shown is 404 with the spec's message (the form's alert, or the status page's detail). */
async function listingToSave(request: Request, slug: string | undefined, user: SessionUser) {
  try {
    return await listingForRequest(sql(), request, slug, user);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new AppError(404, LISTING_GONE);
    throw error;
  }
}

/** Enhanced forms send respond=json and get an answer; plain forms are redirected (post/redirect/get). */
export async function favouriteAction(request: Request, slug: string | undefined) {
  const user = await requireMember(request);
  return formAction(request, async (form) => {
    const listing = await listingToSave(request, slug, user);
    const json = form.get("respond") === "json";
    const back = `${listing.url}/favourite`;
    if (form.get("intent") === "create") {
      const valid = await validateForm(newListValidator, form);
      if (!valid.ok) return valid.response;
      const list = await createList(user.id, { name: valid.data.name }, clientKeyOf(form));
      await addToList(user.id, list.id, listing.id);
      return json ? data({ ok: true, added: list.name, href: list.href, created: list.id }) : redirect(`${back}?created=${list.id}`);
    }
    const parsed = listItemSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new AppError(400, "Sorry, that did not work. Please try again.");
    const { intent, listId } = parsed.data;
    if (intent === "quick-add") {
      const list = await addToDefaultList(user.id, listing.id);
      if (json) return data({ ok: true, added: list.name, href: list.href });
      // A result card's plain form comes back to its results page, at the card.
      const back = safeRedirect(form.get("returnTo"), "");
      return redirect(back ? `${back.split("#")[0]}#result-${listing.id}` : `${listing.url}?saved=1`);
    }
    if (intent === "unfavourite") {
      await removeEverywhere(user.id, listing.id);
      return json ? data({ ok: true }) : redirect(listing.url);
    }
    if (listId === undefined) throw new AppError(400, "Please choose a list.");
    if (intent === "add") await addToList(user.id, listId, listing.id);
    else await removeFromList(user.id, listId, listing.id);
    return json ? data({ ok: true }) : redirect(back);
  });
}
