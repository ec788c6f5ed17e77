import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, db, sql } from "../../app/db.server";
import { ownListings } from "../../app/account/own.server";
import { releaseHeldListings } from "../../app/listings/held.server";
import { saveListing } from "../../app/listings/save.server";
import { testUser, walkForm } from "./listing-helpers";

// An unverified member's listing waits as a draft and is sent on verification (docs/decisions/0045);
// /account/listings shows only the member's own listings.
const users: number[] = [];
const listings: number[] = [];

function user(verified: boolean): Promise<SessionUser> {
  return testUser(users, { label: "held", verified });
}

function form(title: string) {
  return walkForm({ title, description: "<p>Shady paths by the river.</p>" });
}

beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
});

afterAll(async () => {
  await sql()`DELETE FROM listings WHERE id = ANY(${listings}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
});

describe("listings of unverified members", () => {
  it("are held as drafts, listed as such, and sent for moderation on verification", async () => {
    const member = await user(false);
    const other = await user(true);
    const saved = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: null, previousGallery: [], form: form("Held river walk"), draft: false });
    listings.push(saved.id);
    const theirs = await saveListing({ user: other, uploader: { user: other, visitorKey: null }, existing: null, previousGallery: [], form: form("Someone else's walk"), draft: false });
    listings.push(theirs.id);
    expect(saved).toMatchObject({ status: 4, held: true });
    expect(theirs).toMatchObject({ status: 1, held: false });

    const mine = await ownListings(member.id, 1);
    expect(mine.items.map((item) => [item.title, item.status])).toEqual([["Held river walk", "held"]]);

    // A draft the member saves on purpose is never sent by verification.
    const draft = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: null, previousGallery: [], form: form("Kept draft"), draft: true });
    listings.push(draft.id);

    await db().transaction((tx) => releaseHeldListings(tx, member.id));
    const rows = await sql()<{ id: number; status: number; held: boolean }[]>`
      SELECT l.id, l.status, v.held_until_verified AS held FROM listings l JOIN listing_versions v ON v.id = l.current_version_id WHERE l.id IN (${saved.id}, ${draft.id})`;
    expect(rows.find((row) => row.id === saved.id)).toMatchObject({ status: 1, held: false });
    expect(rows.find((row) => row.id === draft.id)).toMatchObject({ status: 4, held: false });
    expect((await ownListings(member.id, 1)).items.find((item) => item.id === saved.id)?.status).toBe("waiting");
  });
});
