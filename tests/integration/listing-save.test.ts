import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteUsers } from "../../app/admin/users.server";
import type { SessionUser } from "../../app/auth/guards.server";
import { closeDatabase, sql } from "../../app/db.server";
import { listingHistory } from "../../app/listings/history.server";
import { canManage, listingForRequest } from "../../app/listings/listing.server";
import { moderateListingVersion, saveListing } from "../../app/listings/save.server";
import { AppError } from "../../core/errors";
import { testUser, walkForm } from "./listing-helpers";

// Saving the listing form: drafts, submissions, an administrator's listing live at once, versions, edits.
const users: number[] = [];
const listings: number[] = [];

function user(admin = false): Promise<SessionUser> {
  return testUser(users, { label: "listing", admin });
}

function form(values: Record<string, unknown>) {
  return walkForm({
    title: `Test river walk ${Math.random().toString(36).slice(2, 8)}`,
    description: `<p onclick="alert(1)">Shady <strong>paths</strong></p><script>alert("x")</script>`,
    facilities: ["1", "3"],
    has_pub: "on",
    pubName: "The Crown",
    beachName: "ignored for a walk without a beach",
    ...values,
  });
}

async function row(id: number) {
  const [listing] = await sql()<{ status: number; title: string; description: string; current_version_id: number; junction_id: number | null; user_id: number | null; slug: string; walk_type: string; has_pub: boolean }[]>`
    SELECT status, title, description, current_version_id, junction_id, user_id, slug, walk_type, has_pub FROM listings WHERE id = ${id}`;
  return listing;
}

beforeAll(() => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  process.env.LISTING_POINTS = "25";
});

afterAll(async () => {
  await sql()`DELETE FROM listings WHERE id = ANY(${listings}::int[])`;
  await sql()`DELETE FROM admin_audit_log WHERE actor_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
});

describe("saving listings", () => {
  it("submits a member's listing for moderation, sanitised, with its first version; acceptance awards points once", async () => {
    const member = await user();
    const admin = await user(true);
    const saved = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: null, previousGallery: [], form: form({}), draft: false });
    listings.push(saved.id);
    expect(saved).toMatchObject({ status: 1, applied: true });
    const listing = await row(saved.id);
    expect(listing).toMatchObject({ status: 1, user_id: member.id, walk_type: "dog-walk", has_pub: true });
    expect(listing.description).toBe("<p>Shady <strong>paths</strong></p>");
    expect(listing.junction_id).not.toBeNull();
    const [version] = await sql()<{ version: number; status: number; data: { extras: Record<string, string>; description: string } }[]>`
      SELECT version, status, data FROM listing_versions WHERE id = ${listing.current_version_id}`;
    expect(version).toMatchObject({ version: 1, status: 1 });
    expect(version.data.extras).toEqual({ pubName: "The Crown" });

    await moderateListingVersion(admin, listing.current_version_id, "accept");
    expect((await row(saved.id)).status).toBe(2);
    const [{ points }] = await sql()<{ points: number }[]>`SELECT points FROM users WHERE id = ${member.id}`;
    expect(points).toBe(25);
  });

  it("keeps a draft (status 4) without validation, and a non-admin's edit of a live listing waits as a new version", async () => {
    const member = await user();
    const draft = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: null, previousGallery: [], form: form({ intent: "draft", title: "", lat: "", lng: "", address: "" }), draft: true });
    listings.push(draft.id);
    expect((await row(draft.id)).status).toBe(4);

    const request = (url: string) => new Request(`http://localhost${url}`);
    const existing = await listingForRequest(sql(), request(draft.url), draft.url.split("/")[2], member);
    expect(canManage(existing, member)).toBe(true);
    const submitted = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing, previousGallery: [], form: form({ title: "Finished walk" }), draft: false });
    expect((await row(draft.id)).status).toBe(1);
    expect(submitted.url).toMatch(/^\/dog-walk\/finished-walk/);

    const admin = await user(true);
    await sql()`UPDATE listings SET status = 2 WHERE id = ${draft.id}`;
    const live = await listingForRequest(sql(), request(submitted.url), submitted.url.split("/")[2], member);
    const edit = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: live, previousGallery: [], form: form({ title: "Finished walk, renamed" }), draft: false });
    expect(edit.applied).toBe(false);
    expect((await row(draft.id))).toMatchObject({ status: 2, title: "Finished walk" });

    const history = await listingHistory(sql(), live, true);
    expect(history.entries.map((entry) => entry.version)).toEqual([3, 2, 1]);
    expect(history.entries[0]).toMatchObject({ status: "Awaiting moderation" });
    expect(history.entries[0].changes).toContain("title");
    const publicHistory = await listingHistory(sql(), live, false);
    expect(publicHistory.entries).toEqual([]);

    const other = await user();
    expect(canManage(live, other)).toBe(false);
    expect(canManage(live, admin)).toBe(true);
  });

  it("puts an administrator's listing live at once", async () => {
    const admin = await user(true);
    const saved = await saveListing({ user: admin, uploader: { user: admin, visitorKey: null }, existing: null, previousGallery: [], form: form({ walkType: "vet" }), draft: false });
    listings.push(saved.id);
    expect(saved.status).toBe(2);
    expect((await row(saved.id)).status).toBe(2);
    expect(saved.url).toMatch(/^\/vet\//);
  });

  it("records an administrator's edit of a member's live listing as a live version and in the audit log; a member's save is not audited", async () => {
    const member = await user();
    const admin = await user(true);
    const saved = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: null, previousGallery: [], form: form({ title: "Member's own walk" }), draft: false });
    listings.push(saved.id);
    await sql()`UPDATE listings SET status = 2 WHERE id = ${saved.id}`;
    const live = await listingForRequest(sql(), new Request(`http://localhost${saved.url}`), saved.url.split("/")[2], admin);
    const edited = await saveListing({ user: admin, uploader: { user: admin, visitorKey: null }, existing: live, previousGallery: [], form: form({ title: "Member's own walk, corrected" }), draft: false });
    expect(edited).toMatchObject({ applied: true, status: 2 });
    const after = await row(saved.id);
    expect(after).toMatchObject({ status: 2, title: "Member's own walk, corrected", user_id: member.id });
    const versions = await sql()<{ id: number; version: number; status: number; user_id: number }[]>`
      SELECT id, version, status, user_id FROM listing_versions WHERE listing_id = ${saved.id} ORDER BY version`;
    expect(versions.map((v) => [v.version, v.status, v.user_id])).toEqual([
      [1, 1, member.id],
      [2, 2, admin.id],
    ]);
    expect(after.current_version_id).toBe(versions[1].id);
    const entries = await sql()<{ actor_id: number; action: string; before: { version: number; status: number }; after: { version: number; number: number; status: number; title: string } }[]>`
      SELECT actor_id, action, before, after FROM admin_audit_log WHERE record_type = 'listing' AND record_id = ${String(saved.id)} ORDER BY id`;
    expect(entries).toEqual([
      {
        actor_id: admin.id,
        action: "listing.edit",
        before: { version: versions[0].id, status: 2, title: "Member's own walk" },
        after: { version: versions[1].id, number: 2, status: 2, title: "Member's own walk, corrected" },
      },
    ]);

    // The author's account is deleted: the listing and its history stay, under 'A former member'.
    await deleteUsers(admin, [member.id]);
    const history = await listingHistory(sql(), { ...live, versionId: versions[1].id }, true);
    expect(history.entries.map((entry) => [entry.version, entry.editor])).toEqual([
      [2, "Pawroute"],
      [1, "A former member"],
    ]);
  });

  it("hides a listing that is not live from others (404) and redirects a wrong type segment", async () => {
    const member = await user();
    const saved = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: null, previousGallery: [], form: form({}), draft: false });
    listings.push(saved.id);
    const slug = saved.url.split("/")[2];
    const hidden = await listingForRequest(sql(), new Request(`http://localhost${saved.url}`), slug, null).catch((error: unknown) => error);
    expect(hidden).toBeInstanceOf(AppError);
    expect(hidden).toMatchObject({ status: 404 });
    const wrong = await listingForRequest(sql(), new Request(`http://localhost/vet/${slug}/directions?from=x`), slug, member).catch((error: unknown) => error);
    expect(wrong).toMatchObject({ status: 301 });
    expect(wrong instanceof Response ? wrong.headers.get("Location") : null).toBe(`${saved.url}/directions?from=x`);
  });
});
