// /{type}/{slug}/favourite: the member's lists for one listing, and the toggle's and list buttons' posts.
import { data, redirect } from "@remix-run/node";
import { formAction, validateForm } from "../auth/forms.server";
import { requireMember } from "../auth/guards.server";
import { sql } from "../db.server";
import { listingForRequest } from "../listings/listing.server";
import { addToDefaultList, addToList, createList, listsHolding, listsOf, removeEverywhere, removeFromList } from "./favourites.server";
import { listItemSchema, newListValidator } from "./schemas";
import { AppError } from "../errors";

export async function favouritePage(request: Request, slug: string | undefined) {
  const user = await requireMember(request);
  const listing = await listingForRequest(sql(), request, slug, user);
  const [lists, holding] = await Promise.all([listsOf(user.id), listsHolding(user.id, listing.id)]);
  const created = Number(new URL(request.url).searchParams.get("created"));
  return {
    listing: { url: listing.url, title: listing.title },
    username: user.username,
    created: lists.find((list) => list.id === created)?.id ?? null,
    lists: lists.map((list) => ({ id: list.id, name: list.name, count: list.count, saved: holding.includes(list.id) })),
  };
}

/** Enhanced forms send respond=json and get an answer; plain forms are redirected (post/redirect/get). */
export async function favouriteAction(request: Request, slug: string | undefined) {
  const user = await requireMember(request);
  const listing = await listingForRequest(sql(), request, slug, user);
  return formAction(request, async (form) => {
    const json = form.get("respond") === "json";
    const back = `${listing.url}/favourite`;
    if (form.get("intent") === "create") {
      const valid = await validateForm(newListValidator, form);
      if (!valid.ok) return valid.response;
      const list = await createList(user.id, { name: valid.data.name });
      await addToList(user.id, list.id, listing.id);
      return json ? data({ ok: true, added: list.name, href: list.href, created: list.id }) : redirect(`${back}?created=${list.id}`);
    }
    const parsed = listItemSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new AppError(400, "Sorry, that did not work. Please try again.");
    const { intent, listId } = parsed.data;
    if (intent === "quick-add") {
      const list = await addToDefaultList(user.id, listing.id);
      return json ? data({ ok: true, added: list.name, href: list.href }) : redirect(`${listing.url}?saved=1`);
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
