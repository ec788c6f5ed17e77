import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, sql } from "../../app/db.server";
import { AppError } from "../../core/errors";
import {
  addToDefaultList,
  addToList,
  createList,
  deleteList,
  DEFAULT_LIST_NAME,
  favouriteListingIds,
  isFavourite,
  listsOf,
  publicList,
  removeEverywhere,
  removeFromList,
  updateList,
} from "../../app/favourites/favourites.server";
import { newListSchema } from "../../app/favourites/schemas";
import { locationDetails } from "../../geo/locations";

// Favourites lists: the default list, named lists, and a member touching only their own lists.
const created: number[] = [];
let listings: number[] = [];

async function member(): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`
    INSERT INTO users (email, username) VALUES (${`fav-${Date.now()}-${Math.random()}@test.pawroute`}, ${`fav${Math.random().toString(36).slice(2, 10)}`}) RETURNING id`;
  created.push(row.id);
  return row.id;
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  // Listings far down the table, so no listing id happens to equal a list id.
  listings = (await sql()<{ id: number }[]>`SELECT id FROM listings WHERE status = 2 ORDER BY id DESC LIMIT 3`).map((row) => row.id);
});

afterAll(async () => {
  await sql()`DELETE FROM users WHERE id = ANY(${created}::int[])`;
  await closeDatabase();
});

describe("favourites", () => {
  it("adds to the default list, lists, renames, removes and deletes", async () => {
    const me = await member();
    expect(await isFavourite(me, listings[0])).toBe(false);
    const list = await addToDefaultList(me, listings[0]);
    expect(list).toMatchObject({ name: DEFAULT_LIST_NAME, isDefault: true, count: 1 });
    expect(await isFavourite(me, listings[0])).toBe(true);
    // The listing page reads it in its own statement: true for this member, false for another and for a visitor.
    const other = await member();
    expect((await locationDetails(sql(), listings[0], me)).location.isFavourite).toBe(true);
    expect((await locationDetails(sql(), listings[0], other)).location.isFavourite).toBe(false);
    expect((await locationDetails(sql(), listings[0], null)).location.isFavourite).toBe(false);
    expect((await locationDetails(sql(), listings[1], me)).location.isFavourite).toBe(false);
    await addToDefaultList(me, listings[1]);
    expect((await listsOf(me)).filter((candidate) => candidate.isDefault)).toHaveLength(1);

    const walks = await createList(me, { name: "Walks for Rex" });
    await addToList(me, walks.id, listings[0]);
    await addToList(me, walks.id, listings[0]);
    expect((await listsOf(me)).find((candidate) => candidate.id === walks.id)?.count).toBe(1);
    expect(await favouriteListingIds(me, null)).toEqual(expect.arrayContaining([listings[0], listings[1]]));

    const renamed = await updateList(me, walks.id, { name: "Rex's walks", description: "Our best" });
    expect(renamed).toMatchObject({ name: "Rex's walks", description: "Our best", href: `/account/favourites/${walks.id}` });
    await removeFromList(me, walks.id, listings[0]);
    expect(await favouriteListingIds(me, walks.id)).toEqual([]);
    await removeEverywhere(me, listings[0]);
    expect(await isFavourite(me, listings[0])).toBe(false);
    await deleteList(me, walks.id);
    expect((await listsOf(me)).map((candidate) => candidate.id)).not.toContain(walks.id);
  });

  it("never lets a member touch another member's list", async () => {
    const owner = await member();
    const other = await member();
    const list = await createList(owner, { name: "Private" });
    for (const attempt of [
      () => addToList(other, list.id, listings[2]),
      () => removeFromList(other, list.id, listings[2]),
      () => updateList(other, list.id, { name: "Mine now", description: "" }),
      () => deleteList(other, list.id),
    ]) {
      await expect(attempt()).rejects.toBeInstanceOf(AppError);
    }
    expect((await listsOf(owner)).find((candidate) => candidate.id === list.id)?.name).toBe("Private");
  });

  it("shows a list publicly only under its owner's username", async () => {
    const owner = await member();
    const other = await member();
    const list = await createList(owner, { name: "Public walks" });
    const [{ username }] = await sql()<{ username: string }[]>`SELECT username FROM users WHERE id = ${owner}`;
    const [{ username: otherName }] = await sql()<{ username: string }[]>`SELECT username FROM users WHERE id = ${other}`;
    expect((await publicList(username, list.id))?.list.name).toBe("Public walks");
    expect(await publicList(otherName, list.id)).toBeNull();
  });

  it("asks for a name for a new list in the spec's words", () => {
    const result = newListSchema.safeParse({ intent: "create", name: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("You must enter a name for your new list.");
  });

  it("answers a retried creation (same client key) with the first list, also when both arrive at once (decision 0258)", async () => {
    const owner = await member();
    const key = randomUUID();
    const first = await createList(owner, { name: "Sent twice" }, key);
    expect((await createList(owner, { name: "Sent twice" }, key)).id).toBe(first.id);
    const other = randomUUID();
    const together = await Promise.all([createList(owner, { name: "At once" }, other), createList(owner, { name: "At once" }, other)]);
    expect(together[0].id).toBe(together[1].id);
    // Without a key (the API, older pages) each creation is a list of its own.
    await createList(owner, { name: "No key" });
    await createList(owner, { name: "No key" });
    expect((await listsOf(owner)).map((list) => list.name).sort()).toEqual(["At once", "No key", "No key", "Sent twice"]);
    // Another member's key is their own.
    const stranger = await member();
    expect((await createList(stranger, { name: "Sent twice" }, key)).id).not.toBe(first.id);
  });
});
