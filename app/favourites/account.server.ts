// The account's favourites pages: loaders and actions, each checking the member and list ownership.
import { data, redirect } from "@remix-run/node";
import { readFlash, redirectWithFlash } from "../auth/flash.server";
import { formAction, validateForm } from "../auth/forms.server";
import { requireMember } from "../auth/guards.server";
import { resultCards } from "./cards.server";
import { createList, deleteList, favouriteListingIds, listsOf, ownList, removeFromList, updateList } from "./favourites.server";
import { editListValidator, newListValidator } from "./schemas";
import { errorResponse } from "../error-response.server";
import { clientKeyOf, newClientKey } from "../http/client-key.server";
import { AppError } from "../../core/errors";
import { parseDatabaseId } from "../../core/ids";

function listId(segment: string | undefined): number {
  const id = parseDatabaseId(segment);
  if (id === null) throw new AppError(404, "Sorry, we couldn't find that list.");
  return id;
}

/** The member's own list; another's, or none, is an AppError 404 (the route shows the 404 page). */
function ownListOr404(userId: number, id: number) {
  return ownList(userId, id);
}

export async function favouritesIndex(request: Request) {
  const user = await requireMember(request);
  const flash = await readFlash(request);
  return data({ lists: await listsOf(user.id), notice: flash.message, username: user.username, clientKey: newClientKey() }, { headers: flash.headers });
}

export async function favouritesIndexAction(request: Request) {
  const user = await requireMember(request);
  return formAction(request, async (form) => {
    const valid = await validateForm(newListValidator, form);
    if (!valid.ok) return valid.response;
    const list = await createList(user.id, { name: valid.data.name }, clientKeyOf(form));
    return redirectWithFlash("/account/favourites", `Your list ${list.name} has been added.`);
  });
}

export async function allFavourites(request: Request) {
  const user = await requireMember(request);
  return { cards: await resultCards(await favouriteListingIds(user.id, null)) };
}

export async function favouriteListPage(request: Request, segment: string | undefined) {
  const user = await requireMember(request);
  const list = await ownListOr404(user.id, listId(segment));
  const flash = await readFlash(request);
  const editing = new URL(request.url).searchParams.get("edit") === "1";
  const cards = await resultCards(await favouriteListingIds(user.id, list.id));
  return data({ list, cards, editing, notice: flash.message, publicUrl: user.username ? `/profile/${user.username}/favourites/${list.id}` : null }, { headers: flash.headers });
}

/** Update (name, description), delete (back to /account/favourites) or remove one listing from the list. */
export async function favouriteListAction(request: Request, segment: string | undefined) {
  const user = await requireMember(request);
  const id = listId(segment);
  return formAction(request, async (form) => {
    const intent = form.get("intent");
    try {
      if (intent === "delete") {
        const list = await ownList(user.id, id);
        await deleteList(user.id, id);
        return redirectWithFlash("/account/favourites", `Your list ${list.name} has been deleted.`);
      }
      if (intent === "remove") {
        const listingId = parseDatabaseId(form.get("listingId"));
        if (listingId === null) throw new AppError(400, "Sorry, that did not work. Please try again.");
        await removeFromList(user.id, id, listingId);
        return redirect(`/account/favourites/${id}`);
      }
      const valid = await validateForm(editListValidator, form);
      if (!valid.ok) return valid.response;
      await updateList(user.id, id, { name: valid.data.name, description: valid.data.description });
      return redirectWithFlash(`/account/favourites/${id}`, "Your list has been updated.");
    } catch (error) {
      // Someone else's (or a deleted) list: the 404 page, not a message on the form.
      if (error instanceof AppError && error.status === 404) throw errorResponse(error);
      throw error;
    }
  });
}
