// Favourites lists: a member's own lists only. Every function takes the member's id and checks that
// each list it touches is theirs, so a guessed list id never reaches another member's list.
import { and, asc, desc, eq, inArray, sql as rawSql } from "drizzle-orm";
import { favouriteItems, favouriteLists, listings, users } from "../../db/schema";
import { LISTING_STATUS } from "../../db/schema/listings";
import { db } from "../db.server";
import { AppError } from "../../core/errors";

export const DEFAULT_LIST_NAME = "My favourites";

export interface FavouriteList {
  id: number;
  name: string;
  description: string;
  isDefault: boolean;
  href: string;
  count: number;
}

export const LIST_NOT_FOUND = "Sorry, we couldn't find that list.";
export const LISTING_GONE = "Sorry, we couldn't find that listing.";

function listHref(id: number): string {
  return `/account/favourites/${id}`;
}

/** The member's lists with how many live listings each holds; the default list first. */
export async function listsOf(userId: number): Promise<FavouriteList[]> {
  const rows = await db()
    .select({
      id: favouriteLists.id,
      name: favouriteLists.name,
      description: favouriteLists.description,
      isDefault: favouriteLists.isDefault,
      // Written out in full: inside a sub-select drizzle would print the outer column without its table.
      count: rawSql<number>`(SELECT count(*)::int FROM favourite_items i JOIN listings l ON l.id = i.listing_id WHERE i.list_id = "favourite_lists"."id" AND l.status = ${LISTING_STATUS.live})`,
    })
    .from(favouriteLists)
    .where(eq(favouriteLists.userId, userId))
    .orderBy(desc(favouriteLists.isDefault), asc(favouriteLists.name), asc(favouriteLists.id));
  return rows.map((row) => ({ ...row, href: listHref(row.id) }));
}

/** One of the member's lists, or a 404 AppError. */
export async function ownList(userId: number, listId: number): Promise<FavouriteList> {
  const list = (await listsOf(userId)).find((candidate) => candidate.id === listId);
  if (!list) throw new AppError(404, LIST_NOT_FOUND);
  return list;
}

async function defaultListId(userId: number): Promise<number> {
  const [existing] = await db()
    .select({ id: favouriteLists.id })
    .from(favouriteLists)
    .where(and(eq(favouriteLists.userId, userId), eq(favouriteLists.isDefault, true)));
  if (existing) return existing.id;
  const [created] = await db()
    .insert(favouriteLists)
    .values({ userId, name: DEFAULT_LIST_NAME, isDefault: true })
    .onConflictDoNothing()
    .returning({ id: favouriteLists.id });
  if (created) return created.id;
  return defaultListId(userId);
}

/** True when the listing is in any of the member's lists. */
export async function isFavourite(userId: number, listingId: number): Promise<boolean> {
  const rows = await db()
    .select({ listId: favouriteItems.listId })
    .from(favouriteItems)
    .innerJoin(favouriteLists, eq(favouriteLists.id, favouriteItems.listId))
    .where(and(eq(favouriteLists.userId, userId), eq(favouriteItems.listingId, listingId)))
    .limit(1);
  return rows.length > 0;
}

/** The ids of the member's lists that hold the listing. */
export async function listsHolding(userId: number, listingId: number): Promise<number[]> {
  const rows = await db()
    .select({ listId: favouriteItems.listId })
    .from(favouriteItems)
    .innerJoin(favouriteLists, eq(favouriteLists.id, favouriteItems.listId))
    .where(and(eq(favouriteLists.userId, userId), eq(favouriteItems.listingId, listingId)));
  return rows.map((row) => row.listId);
}

/** The favourite toggle for a listing not yet favourite: it goes into the default list. */
export async function addToDefaultList(userId: number, listingId: number): Promise<FavouriteList> {
  const listId = await defaultListId(userId);
  await addToList(userId, listId, listingId);
  return ownList(userId, listId);
}

export async function addToList(userId: number, listId: number, listingId: number): Promise<void> {
  await ownList(userId, listId);
  const [listing] = await db().select({ id: listings.id }).from(listings).where(and(eq(listings.id, listingId), eq(listings.status, LISTING_STATUS.live)));
  if (!listing) throw new AppError(404, LISTING_GONE);
  await db().insert(favouriteItems).values({ listId, listingId }).onConflictDoNothing();
}

export async function removeFromList(userId: number, listId: number, listingId: number): Promise<void> {
  await ownList(userId, listId);
  await db()
    .delete(favouriteItems)
    .where(and(eq(favouriteItems.listId, listId), eq(favouriteItems.listingId, listingId)));
}

/** Removes the listing from every list of the member (unfavourite). */
export async function removeEverywhere(userId: number, listingId: number): Promise<void> {
  const ids = await listsHolding(userId, listingId);
  if (ids.length === 0) return;
  await db()
    .delete(favouriteItems)
    .where(and(inArray(favouriteItems.listId, ids), eq(favouriteItems.listingId, listingId)));
}

/**
 * A new list. With the form's client key, a retry of a creation that was committed (but perhaps never
 * answered) returns that first list instead of making a second one (decision 0258).
 */
export async function createList(userId: number, input: { name: string; description?: string }, clientKey: string | null = null): Promise<FavouriteList> {
  const [row] = await db()
    .insert(favouriteLists)
    .values({ userId, name: input.name, description: input.description ?? "", clientKey })
    .onConflictDoNothing({ target: [favouriteLists.userId, favouriteLists.clientKey] })
    .returning({ id: favouriteLists.id });
  if (row) return ownList(userId, row.id);
  // Only a key collides: answer with the list the first request with it made.
  const [first] = clientKey === null ? [] : await db().select({ id: favouriteLists.id }).from(favouriteLists).where(and(eq(favouriteLists.userId, userId), eq(favouriteLists.clientKey, clientKey)));
  if (!first) throw new AppError(409, "Sorry, that did not work. Please try again.");
  return ownList(userId, first.id);
}

export async function updateList(userId: number, listId: number, input: { name: string; description: string }): Promise<FavouriteList> {
  await ownList(userId, listId);
  await db()
    .update(favouriteLists)
    .set({ name: input.name, description: input.description, updatedAt: rawSql`now()` })
    .where(and(eq(favouriteLists.id, listId), eq(favouriteLists.userId, userId)));
  return ownList(userId, listId);
}

export async function deleteList(userId: number, listId: number): Promise<void> {
  await ownList(userId, listId);
  await db()
    .delete(favouriteLists)
    .where(and(eq(favouriteLists.id, listId), eq(favouriteLists.userId, userId)));
}

/** The live listing ids of a list (or of all the member's lists), most recently added first. */
export async function favouriteListingIds(userId: number, listId: number | null): Promise<number[]> {
  const rows = await db()
    .select({ listingId: favouriteItems.listingId, added: rawSql<string>`max(${favouriteItems.createdAt})` })
    .from(favouriteItems)
    .innerJoin(favouriteLists, eq(favouriteLists.id, favouriteItems.listId))
    .innerJoin(listings, eq(listings.id, favouriteItems.listingId))
    .where(and(eq(favouriteLists.userId, userId), eq(listings.status, LISTING_STATUS.live), listId === null ? undefined : eq(favouriteItems.listId, listId)))
    .groupBy(favouriteItems.listingId)
    .orderBy(desc(rawSql`max(${favouriteItems.createdAt})`))
    .limit(500);
  return rows.map((row) => row.listingId);
}

/** A list as /profile/{username}/favourites/{id} shows it: the list and its owner must match. */
export async function publicList(username: string, listId: number): Promise<{ list: FavouriteList; userId: number; username: string } | null> {
  const [owner] = await db()
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(rawSql`lower(${users.username}) = lower(${username})`);
  if (!owner?.username) return null;
  const list = (await listsOf(owner.id)).find((candidate) => candidate.id === listId);
  return list ? { list, userId: owner.id, username: owner.username } : null;
}
