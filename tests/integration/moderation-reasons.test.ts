import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_NAV } from "../../app/admin/nav";
import { REASON_MESSAGES } from "../../app/admin/moderation";
import { waitingCounts } from "../../app/admin/waiting.server";
import { ownListings, ownReviews } from "../../app/account/own.server";
import { sessionCookieHeader, type SessionUser } from "../../app/auth/guards.server";
import { startSession } from "../../app/auth/session.server";
import { closeDatabase, sql } from "../../app/db.server";
import { saveListing } from "../../app/listings/save.server";
import { createReview } from "../../app/reviews/reviews.server";
import { action as reviewsAction } from "../../app/routes/account/admin/reviews";
import { action as listingsAction } from "../../app/routes/account/admin/listings";
import { action as viewEditAction } from "../../app/routes/account/admin/view-edit";
import { testUser, walkForm } from "./listing-helpers";
import { callRoute } from "../support/route-call";

// Denying a listing or a review takes a reason (chosen or typed) that is mailed to the member and shown on
// their own pages; "ask for changes" sends a listing version back as a draft the member resubmits.
const users: number[] = [];
const listings: number[] = [];
const QUEUE = process.env.JOB_QUEUE_SCHEMA ?? "graphile_worker";
const CHOSEN = "It needs more detail to help other dog owners";
const text = "A lovely loop along the river with plenty of shade, water for the dogs and a friendly café at the end of it.";
let admin: SessionUser;
let adminCookie = "";

async function cookieOf(user: SessionUser): Promise<string> {
  const token = await startSession(user.id, { ip: "192.0.2.30", userAgent: "vitest" });
  return (await sessionCookieHeader(token)).split(";")[0];
}

function post(path: string, fields: [string, string][]): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: new URLSearchParams(fields).toString(),
  });
}


async function mails(to: string): Promise<{ subject: string; text: string }[]> {
  return sql()<{ subject: string; text: string }[]>`
    SELECT j.payload->>'subject' AS subject, j.payload->>'text' AS text FROM ${sql()(QUEUE)}._private_jobs j JOIN ${sql()(QUEUE)}._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${to} ORDER BY j.id`;
}

async function submitted(member: SessionUser) {
  const saved = await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: null, previousGallery: [], form: walkForm({ title: `Reason walk ${Math.random().toString(36).slice(2, 8)}`, description: "<p>A walk.</p>" }), draft: false });
  listings.push(saved.id);
  const [row] = await sql()<{ version_id: number }[]>`SELECT current_version_id AS version_id FROM listings WHERE id = ${saved.id}`;
  return { id: saved.id, versionId: row.version_id };
}

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  admin = await testUser(users, { label: "reasons", admin: true });
  adminCookie = await cookieOf(admin);
});

afterAll(async () => {
  await sql()`DELETE FROM ${sql()(QUEUE)}._private_jobs j USING ${sql()(QUEUE)}._private_tasks t WHERE t.id = j.task_id AND t.identifier = 'send-mail' AND j.payload->>'to' LIKE 'reasons-%@test.pawroute'`;
  await sql()`DELETE FROM listings WHERE id = ANY(${listings}::int[])`;
  await sql()`DELETE FROM admin_audit_log WHERE actor_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
});

describe("denying with a reason", () => {
  it("refuses a listing denial without a reason, keeps what was typed, then denies, mails and shows the reason", async () => {
    const member = await testUser(users, { label: "reasons" });
    const listing = await submitted(member);
    const base: [string, string][] = [
      ["location", String(listing.id)],
      ["version", String(listing.versionId)],
      ["intent", "deny"],
    ];

    const refused = await callRoute(viewEditAction, post("/account/admin/view-edit", [...base, ["reason", "Not in the list"], ["reasonText", "kept"]]));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: REASON_MESSAGES.unknown, fieldErrors: { reason: REASON_MESSAGES.unknown }, repopulateFields: { reasonText: "kept" } });
    const empty = await callRoute(viewEditAction, post("/account/admin/view-edit", [...base, ["reason", ""], ["reasonText", "  "]]));
    expect(empty.body).toMatchObject({ message: REASON_MESSAGES.required, fieldErrors: { reason: REASON_MESSAGES.required } });
    const [still] = await sql()<{ status: number }[]>`SELECT status FROM listing_versions WHERE id = ${listing.versionId}`;
    expect(still.status).toBe(1);

    const denied = await callRoute(viewEditAction, post("/account/admin/view-edit", [...base, ["reason", CHOSEN], ["reasonText", "Please say where to park."]]));
    expect(denied.status).toBe(302);
    const [version] = await sql()<{ status: number; moderation_reason: string; moderated_by: number }[]>`SELECT status, moderation_reason, moderated_by FROM listing_versions WHERE id = ${listing.versionId}`;
    expect(version).toEqual({ status: 3, moderation_reason: `${CHOSEN}. Please say where to park.`, moderated_by: admin.id });
    const sent = await mails(member.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe("Your Pawroute listing was not accepted");
    expect(sent[0].text).toContain(`The reason: ${CHOSEN}. Please say where to park.`);
    const own = await ownListings(member.id, 1);
    expect(own.items.find((item) => item.id === listing.id)).toMatchObject({ status: "denied", reason: `${CHOSEN}. Please say where to park.` });
  });

  it("asks for changes: the version goes back as a draft with the reason; the member's resubmission waits without it", async () => {
    const member = await testUser(users, { label: "reasons" });
    const listing = await submitted(member);
    const asked = await callRoute(
      viewEditAction,
      post("/account/admin/view-edit", [
        ["location", String(listing.id)],
        ["version", String(listing.versionId)],
        ["intent", "changes"],
        ["reason", ""],
        ["reasonText", "Add the opening hours of the café."],
      ]),
    );
    expect(asked.status).toBe(302);
    const [row] = await sql()<{ status: number; version_status: number; changes_requested: boolean }[]>`
      SELECT l.status, v.status AS version_status, v.changes_requested FROM listings l JOIN listing_versions v ON v.id = ${listing.versionId} WHERE l.id = ${listing.id}`;
    expect(row).toEqual({ status: 4, version_status: 4, changes_requested: true });
    expect((await mails(member.email)).map((mail) => mail.subject)).toEqual(["Your Pawroute listing needs a few changes"]);
    let own = await ownListings(member.id, 1);
    expect(own.items.find((item) => item.id === listing.id)).toMatchObject({ status: "changes", reason: "Add the opening hours of the café." });

    const [record] = await sql()<{ user_id: number; status: number; slug: string; walk_type: string }[]>`SELECT user_id, status, slug, walk_type FROM listings WHERE id = ${listing.id}`;
    const existing = { id: listing.id, userId: record.user_id, status: record.status, slug: record.slug, walkType: record.walk_type, free: true, versionId: listing.versionId, title: "" };
    await saveListing({ user: member, uploader: { user: member, visitorKey: null }, existing: existing as never, previousGallery: [], form: walkForm({ title: "Reason walk with café hours", description: "<p>Café open 9 to 5.</p>" }), draft: false });
    own = await ownListings(member.id, 1);
    expect(own.items.find((item) => item.id === listing.id)).toMatchObject({ status: "waiting", reason: null });
  });

  it("denies reviews in bulk only after the reason is given; the author is mailed it and sees it", async () => {
    const member = await testUser(users, { label: "reasons" });
    const live = await saveListing({ user: admin, uploader: { user: admin, visitorKey: null }, existing: null, previousGallery: [], form: walkForm({ title: `Reviewed walk ${Math.random().toString(36).slice(2, 8)}`, description: "<p>A walk.</p>" }), draft: false });
    listings.push(live.id);
    const { id } = await createReview(member, { user: member, visitorKey: null }, { id: live.id }, { rating: 2, title: "Muddy", content: text, gallery: [] });

    const asked = await callRoute(reviewsAction, post("/account/admin/reviews/unmoderated", [["intent", "deny"], ["ids", String(id)]]), { x: "unmoderated" });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ confirm: { intent: "deny", ids: [id], reason: { error: null } } });
    const missing = await callRoute(reviewsAction, post("/account/admin/reviews/unmoderated", [["intent", "deny"], ["ids", String(id)], ["confirmed", "1"]]), { x: "unmoderated" });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: REASON_MESSAGES.required, confirm: { reason: { error: REASON_MESSAGES.required } } });

    const denied = await callRoute(
      reviewsAction,
      post("/account/admin/reviews/unmoderated", [
        ["intent", "deny"],
        ["ids", String(id)],
        ["confirmed", "1"],
        ["reason", "It contains language or content that breaks our guidelines"],
      ]),
      { x: "unmoderated" },
    );
    expect(denied.status).toBe(302);
    const [review] = await sql()<{ status: number; moderation_reason: string }[]>`SELECT status, moderation_reason FROM reviews WHERE id = ${id}`;
    expect(review).toEqual({ status: 3, moderation_reason: "It contains language or content that breaks our guidelines" });
    const sent = await mails(member.email);
    expect(sent.map((mail) => mail.subject)).toEqual(["Your Pawroute review was not accepted"]);
    expect(sent[0].text).toContain("The reason: It contains language or content that breaks our guidelines");
    expect((await ownReviews(member.id, 1)).items[0]).toMatchObject({ id, status: "denied", reason: "It contains language or content that breaks our guidelines" });
  });

  it("asks for a reason before a bulk listing denial", async () => {
    const member = await testUser(users, { label: "reasons" });
    const listing = await submitted(member);
    const asked = await callRoute(listingsAction, post("/account/admin/listings/submitted", [["intent", "deny"], ["ids", String(listing.id)]]), { status: "submitted" });
    expect(asked.body).toMatchObject({ confirm: { intent: "deny", reason: { error: null } } });
    const [before] = await sql()<{ status: number }[]>`SELECT status FROM listings WHERE id = ${listing.id}`;
    expect(before.status).toBe(1);
    const denied = await callRoute(listingsAction, post("/account/admin/listings/submitted", [["intent", "deny"], ["ids", String(listing.id)], ["confirmed", "1"], ["reason", CHOSEN]]), { status: "submitted" });
    expect(denied.status).toBe(302);
    expect((await ownListings(member.id, 1)).items[0]).toMatchObject({ status: "denied", reason: CHOSEN });
    expect((await mails(member.email)).map((mail) => mail.subject)).toEqual(["Your Pawroute listing was not accepted"]);
  });
});

describe("the back office's doors", () => {
  it("links the blog posts, books order and contact messages, counting submitted stories and unread messages", async () => {
    expect(ADMIN_NAV.map((item) => item.to)).toEqual(expect.arrayContaining(["/account/admin/blog-posts", "/account/admin/books", "/account/admin/contact-messages"]));
    const before = await waitingCounts();
    const [message] = await sql()<{ id: number }[]>`INSERT INTO contact_messages (name, email, message) VALUES ('Tester', 'reasons-contact@test.pawroute', 'Hello there, a question about walks.') RETURNING id`;
    const [story] = await sql()<{ id: number }[]>`
      INSERT INTO blog_posts (slug, title, status, story) VALUES (${`reasons-story-${Date.now()}`}, 'Our dog Bramble', 'draft', '{"name":"Tester"}'::jsonb) RETURNING id`;
    try {
      const after = await waitingCounts();
      expect(after["unread-messages"]).toBe(before["unread-messages"] + 1);
      expect(after["submitted-stories"]).toBe(before["submitted-stories"] + 1);
    } finally {
      await sql()`DELETE FROM contact_messages WHERE id = ${message.id}`;
      await sql()`DELETE FROM blog_posts WHERE id = ${story.id}`;
    }
  });
});
