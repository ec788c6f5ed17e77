import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../app/admin/messages";
import { hexId } from "../../app/admin/params.server";
import { sessionCookieHeader, type SessionUser } from "../../app/auth/guards.server";
import { startSession } from "../../app/auth/session.server";
import { closeDatabase, sql } from "../../app/db.server";
import { saveListing } from "../../app/listings/save.server";
import { createReview } from "../../app/reviews/reviews.server";
import { action as reviewsAction } from "../../app/routes/account/admin/reviews";
import { action as usersAction } from "../../app/routes/account/admin/users";
import { createUpload } from "../../app/uploads/files.server";
import { testUser, walkForm } from "./listing-helpers";
import { callRoute } from "../support/route-call";

// Issue 50: administrators remove a member's profile image and gallery photos, and edit a review's gallery
// (remove a photo, move one), through the back office's own route actions: the admin role checked on the
// server, removal confirmed first, 415 for a body the action cannot read, each change in the audit log and
// the removed file deleted.
const users: number[] = [];
const listings: number[] = [];
const text = "A lovely loop along the river with plenty of shade, water for the dogs and a friendly café at the end of it.";
let admin: SessionUser;
let member: SessionUser;
let adminCookie = "";
let memberCookie = "";

async function cookieOf(user: SessionUser): Promise<string> {
  const token = await startSession(user.id, { ip: "192.0.2.31", userAgent: "vitest" });
  return (await sessionCookieHeader(token)).split(";")[0];
}

function post(path: string, fields: [string, string][], cookie = adminCookie, contentType = "application/x-www-form-urlencoded"): Request {
  const body = contentType === "application/json" ? JSON.stringify(Object.fromEntries(fields)) : new URLSearchParams(fields).toString();
  return new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": contentType, Origin: "http://localhost" }, body });
}


async function photo(owner: SessionUser, colour: string): Promise<string> {
  const buffer = await sharp({ create: { width: 200, height: 150, channels: 3, background: colour } }).png().toBuffer();
  return (await createUpload({ user: owner, visitorKey: null }, buffer)).id;
}

async function fileExists(id: string): Promise<boolean> {
  const rows = await sql()`SELECT 1 FROM uploaded_files WHERE id = ${id}`;
  return rows.length === 1;
}

async function auditActions(recordType: string, recordId: number): Promise<{ action: string; before: unknown; after: unknown }[]> {
  return sql()<{ action: string; before: unknown; after: unknown }[]>`
    SELECT action, before, after FROM admin_audit_log WHERE actor_id = ${admin.id} AND record_type = ${recordType} AND record_id = ${String(recordId)} ORDER BY id`;
}

beforeAll(async () => {
  process.env.UPLOAD_DIR = await mkdtemp(path.join(os.tmpdir(), "pawroute-admin-photos-"));
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  admin = await testUser(users, { label: "photos-admin", admin: true });
  member = await testUser(users, { label: "photos-member" });
  adminCookie = await cookieOf(admin);
  memberCookie = await cookieOf(member);
});

afterAll(async () => {
  await sql()`DELETE FROM listings WHERE id = ANY(${listings}::int[])`;
  await sql()`DELETE FROM admin_audit_log WHERE actor_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM uploaded_files WHERE user_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
});

describe("a member's photos in the back office", () => {
  it("removes the profile image and a gallery photo after confirmation, audited, files deleted", async () => {
    const profile = await photo(member, "#c84");
    const [kept, removed] = [await photo(member, "#2a6"), await photo(member, "#26a")];
    await sql()`UPDATE users SET attributes = attributes || ${JSON.stringify({ "profile-image": profile })}::jsonb WHERE id = ${member.id}`;
    await sql()`INSERT INTO member_gallery_items (file_id, user_id) VALUES (${kept}, ${member.id}), (${removed}, ${member.id})`;
    const page = `/account/admin/users/${hexId(member.id)}`;
    const params = { x: hexId(member.id) };

    // Not an administrator: refused on the server, nothing changes.
    expect((await callRoute(usersAction, post(page, [["intent", "remove-profile-image"], ["confirmed", "1"]], memberCookie), params)).status).toBe(403);
    // A body the action cannot read.
    expect((await callRoute(usersAction, post(page, [["intent", "remove-profile-image"], ["confirmed", "1"]], adminCookie, "application/json"), params)).status).toBe(415);
    expect(await fileExists(profile)).toBe(true);

    // First the question (spec §3), then the removal.
    const asked = await callRoute(usersAction, post(page, [["intent", "remove-profile-image"]]), params);
    expect(asked).toMatchObject({ status: 200, body: { confirm: { intent: "remove-profile-image", question: ADMIN_MESSAGES.confirmDeleteImage } } });
    expect(await fileExists(profile)).toBe(true);
    const done = await callRoute(usersAction, post(page, [["intent", "remove-profile-image"], ["confirmed", "1"]]), params);
    expect(done).toMatchObject({ status: 302, location: page });
    const [after] = await sql()<{ image: string | null }[]>`SELECT attributes->>'profile-image' AS image FROM users WHERE id = ${member.id}`;
    expect(after.image).toBeNull();
    expect(await fileExists(profile)).toBe(false);
    // Nothing left to remove: 404 with the message, and no second audit entry.
    expect(await callRoute(usersAction, post(page, [["intent", "remove-profile-image"], ["confirmed", "1"]]), params)).toMatchObject({ status: 404 });

    const galleryAsked = await callRoute(usersAction, post(page, [["intent", "remove-gallery-image"], ["image", removed]]), params);
    expect(galleryAsked.body).toMatchObject({ confirm: { intent: "remove-gallery-image", fields: { image: removed } } });
    expect(await callRoute(usersAction, post(page, [["intent", "remove-gallery-image"], ["image", removed], ["confirmed", "1"]]), params)).toMatchObject({ status: 302 });
    const gallery = await sql()<{ file_id: string }[]>`SELECT file_id FROM member_gallery_items WHERE user_id = ${member.id}`;
    expect(gallery.map((row) => row.file_id)).toEqual([kept]);
    expect(await fileExists(removed)).toBe(false);
    // Another member's photo, or a malformed id: not found.
    expect((await callRoute(usersAction, post(page, [["intent", "remove-gallery-image"], ["image", "zz'; DROP TABLE users"], ["confirmed", "1"]]), params)).status).toBe(404);
    const stranger = await photo(admin, "#777");
    expect((await callRoute(usersAction, post(page, [["intent", "remove-gallery-image"], ["image", stranger], ["confirmed", "1"]]), params)).status).toBe(404);
    expect(await fileExists(stranger)).toBe(true);

    expect(await auditActions("user", member.id)).toEqual([
      { action: "user.remove-profile-image", before: { profileImage: profile }, after: { profileImage: null } },
      { action: "user.remove-gallery-image", before: { galleryImage: removed }, after: { galleryImage: null } },
    ]);
  });
});

describe("a review's gallery in the back office", () => {
  it("moves a photo, removes one after confirmation (its file deleted) and adds photos, each audited", async () => {
    const live = await saveListing({ user: admin, uploader: { user: admin, visitorKey: null }, existing: null, previousGallery: [], form: walkForm({ title: `Photo walk ${Math.random().toString(36).slice(2, 8)}`, description: "<p>A walk.</p>" }), draft: false });
    listings.push(live.id);
    const [a, b, c] = [await photo(member, "#a11"), await photo(member, "#1a1"), await photo(member, "#11a")];
    const { id } = await createReview(member, { user: member, visitorKey: null }, { id: live.id }, { rating: 4, title: "Sunny", content: text, gallery: [a, b, c] });
    const page = `/account/admin/reviews/${hexId(id)}`;
    const params = { x: hexId(id) };
    const gallery = async () => (await sql()<{ image_ids: string[] }[]>`SELECT image_ids FROM reviews WHERE id = ${id}`)[0].image_ids;
    expect(await gallery()).toEqual([a, b, c]);

    expect((await callRoute(reviewsAction, post(page, [["intent", "move-photo-earlier"], ["image", c]], memberCookie), params)).status).toBe(403);
    expect((await callRoute(reviewsAction, post(page, [["intent", "move-photo-earlier"], ["image", c]], adminCookie, "text/plain"), params)).status).toBe(415);
    expect(await gallery()).toEqual([a, b, c]);

    expect(await callRoute(reviewsAction, post(page, [["intent", "move-photo-earlier"], ["image", c]]), params)).toMatchObject({ status: 302, location: page });
    expect(await gallery()).toEqual([a, c, b]);
    // The last photo cannot move later: nothing changes, nothing is audited.
    expect(await callRoute(reviewsAction, post(page, [["intent", "move-photo-later"], ["image", b]]), params)).toMatchObject({ status: 302 });
    expect(await gallery()).toEqual([a, c, b]);

    const asked = await callRoute(reviewsAction, post(page, [["intent", "remove-photo"], ["image", a]]), params);
    expect(asked.body).toMatchObject({ confirm: { intent: "remove-photo", question: ADMIN_MESSAGES.confirmDeleteImage, fields: { image: a } } });
    expect(await gallery()).toEqual([a, c, b]);
    expect(await callRoute(reviewsAction, post(page, [["intent", "remove-photo"], ["image", a], ["confirmed", "1"]]), params)).toMatchObject({ status: 302 });
    expect(await gallery()).toEqual([c, b]);
    expect(await fileExists(a)).toBe(false);
    expect((await callRoute(reviewsAction, post(page, [["intent", "remove-photo"], ["image", a], ["confirmed", "1"]]), params)).status).toBe(404);

    // Adding photos without JavaScript: a multipart form with the files, appended in the order sent.
    const upload = async (cookie: string, names: string[]) => {
      const body = new FormData();
      body.append("intent", "add-photos");
      for (const [index, name] of names.entries()) {
        const buffer = await sharp({ create: { width: 160 + index * 40, height: 120, channels: 3, background: "#2a7" } }).png().toBuffer();
        body.append("images", new File([buffer], name, { type: "image/png" }));
      }
      return new Request(`http://localhost${page}`, { method: "POST", headers: { Cookie: cookie, Origin: "http://localhost" }, body });
    };
    expect((await callRoute(reviewsAction, await upload(memberCookie, ["x.png"]), params)).status).toBe(403);
    expect(await callRoute(reviewsAction, await upload(adminCookie, []), params)).toMatchObject({ status: 400, body: { message: ADMIN_MESSAGES.choosePhotos } });
    expect(await callRoute(reviewsAction, await upload(adminCookie, ["first.png", "second.png"]), params)).toMatchObject({ status: 302, location: page });
    const grown = await gallery();
    expect(grown).toHaveLength(4);
    expect(grown.slice(0, 2)).toEqual([c, b]);
    const added = await sql()<{ id: string; attached: boolean; width: number }[]>`
      SELECT id, attached_at IS NOT NULL AS attached, (versions->'6'->>'width')::int AS width FROM uploaded_files WHERE id = ANY(${grown.slice(2)}::text[])`;
    expect(added.every((file) => file.attached)).toBe(true);

    expect(await auditActions("review", id)).toEqual([
      { action: "review.move-photo", before: { gallery: [a, b, c] }, after: { gallery: [a, c, b] } },
      { action: "review.remove-photo", before: { gallery: [a, c, b] }, after: { gallery: [c, b] } },
      { action: "review.add-photos", before: { gallery: [c, b] }, after: { gallery: grown } },
    ]);
  });
});
