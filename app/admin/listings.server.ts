// Listings in the back office: the tables by status, search and filters, bulk deny and delete, and the
// view-edit comparison of a submitted version with the live listing (docs/decisions/0052-listing-moderation.md).
import { diffWords } from "diff";
import { sql } from "drizzle-orm";
import { LISTING_STATUS } from "../../db/schema/listings";
import type { SessionUser } from "../auth/guards.server";
import { db } from "../db.server";
import { AppError } from "../../core/errors";
import { htmlToLines } from "../listings/sanitise.server";
import { readVersionData, type ListingVersionData } from "../listings/version-data";
import { moderateListingVersion, type ListingDecision, type ModerationOutcome } from "../listings/save.server";
import { queueMail } from "../mail/send.server";
import { galleryImages } from "../uploads/files.server";
import { audit } from "./audit.server";
import { listingApprovedMail, listingChangesMail, listingDeniedMail } from "./mail.server";
import { boundedText, optionalId, pageOf, iso } from "./params.server";
import { LISTING_FILTERS, STATUS_NAMES, type AdminListingRow, type AdminListingsPage, type ListingDiff, type ListingStatusFilter } from "./listings.types";
import { pageCount } from "../../kit/pager";

export { isListingFilter, LISTING_FILTERS } from "./listings.types";

/** The table of one status: "submitted" also lists live listings with an edit waiting for moderation. */
export async function listListings(filter: ListingStatusFilter, params: URLSearchParams): Promise<AdminListingsPage> {
  const q = boundedText(params.get("q"), 100);
  const road = optionalId(params.get("road"));
  const country = optionalId(params.get("country"), 1000);
  const { page, limit } = pageOf(params);
  const status = LISTING_FILTERS[filter].status;
  const where = sql`
    WHERE true
    ${filter === "submitted" ? sql`AND (l.status = ${LISTING_STATUS.submitted} OR EXISTS (SELECT 1 FROM listing_versions w WHERE w.listing_id = l.id AND w.status = ${LISTING_STATUS.submitted}))` : status !== null ? sql`AND l.status = ${status}` : sql``}
    ${q ? sql`AND lower(l.title) LIKE ${`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
    ${road !== null ? sql`AND l.road_id = ${road}` : sql``}
    ${country !== null ? sql`AND l.country_id = ${country}` : sql``}`;
  const [{ total }] = await db().execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM listings l ${where}`);
  const rows = await db().execute<{ id: number; title: string; full_title: string; url: string; status: number; road: string | null; country: string; author: string | null; author_id: number | null; updated_at: Date | string; waiting_version: number | null }>(sql`
    SELECT l.id, l.title, l.full_title, listing_url(l.walk_type, l.slug) AS url, l.status, r.name AS road, c.name AS country,
           coalesce(u.username, u.email) AS author, l.user_id AS author_id, l.updated_at,
           (SELECT max(w.id) FROM listing_versions w WHERE w.listing_id = l.id AND w.status = ${LISTING_STATUS.submitted}) AS waiting_version
    FROM listings l
    LEFT JOIN roads r ON r.id = l.road_id
    JOIN countries c ON c.id = l.country_id
    LEFT JOIN users u ON u.id = l.user_id
    ${where}
    ORDER BY l.updated_at DESC, l.id DESC
    LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
  const roads = await db().execute<{ id: number; name: string; country_id: number }>(sql`SELECT id, name, country_id FROM roads ORDER BY country_id DESC, name`);
  const listings: AdminListingRow[] = rows.map((row) => ({
    id: row.id,
    title: row.title,
    fullTitle: row.full_title,
    url: row.url,
    status: row.status,
    statusName: row.waiting_version !== null && row.status === LISTING_STATUS.live ? "Live, edit waiting" : (STATUS_NAMES[row.status] ?? String(row.status)),
    road: row.road,
    country: row.country,
    author: row.author_id === null ? "A visitor" : (row.author ?? "a former member"),
    updatedAt: iso(row.updated_at),
    waitingVersion: row.waiting_version,
  }));
  return {
    filter,
    listings,
    query: { q, road, country },
    pagination: { page, limit, total, totalPages: pageCount(total, limit) },
    roads: roads.map((row) => ({ id: row.id, name: row.name, countryId: row.country_id })),
  };
}

/**
 * Denies each listing with the administrator's reason: its waiting versions are denied, it leaves the
 * directory (status 3), its latest version carries the reason, and its author is mailed the reason.
 */
export async function bulkDenyListings(admin: SessionUser, ids: number[], reason: string): Promise<number> {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
  let denied = 0;
  await db().transaction(async (tx) => {
    for (const id of ids) {
      const rows = await tx.execute<{ status: number; full_title: string; url: string; email: string | null; active: boolean; user_id: number | null }>(sql`
        SELECT l.status, l.full_title, listing_url(l.walk_type, l.slug) AS url, u.email, u.deactivated_at IS NULL AS active, l.user_id
        FROM listings l LEFT JOIN users u ON u.id = l.user_id WHERE l.id = ${id} FOR UPDATE OF l`);
      const before = rows[0];
      if (!before) continue;
      await tx.execute(sql`UPDATE listing_versions SET status = ${LISTING_STATUS.denied}, moderated_by = ${admin.id}, moderated_at = now() WHERE listing_id = ${id} AND status = ${LISTING_STATUS.submitted}`);
      await tx.execute(sql`
        UPDATE listing_versions SET moderation_reason = ${reason}, changes_requested = false, moderated_by = ${admin.id}, moderated_at = now()
        WHERE id = (SELECT id FROM listing_versions WHERE listing_id = ${id} ORDER BY version DESC LIMIT 1)`);
      await tx.execute(sql`UPDATE listings SET status = ${LISTING_STATUS.denied}, updated_at = now() WHERE id = ${id}`);
      await audit({ actorId: admin.id, action: "listing.deny", recordType: "listing", recordId: id, before: { status: before.status }, after: { status: LISTING_STATUS.denied, reason } }, tx);
      if (before.email && before.active && before.user_id !== admin.id) await queueMail(tx, listingDeniedMail(before.email, { fullTitle: before.full_title, url: before.url }, reason));
      denied += 1;
    }
  });
  return denied;
}

/** Deletes each listing for good (its versions, reviews and favourites go with it). */
export async function bulkDeleteListings(admin: SessionUser, ids: number[]): Promise<number> {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
  return db().transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      const rows = await tx.execute<{ id: number; title: string; status: number; user_id: number | null; slug: string }>(sql`DELETE FROM listings WHERE id = ${id} RETURNING id, title, status, user_id, slug`);
      const before = rows[0];
      if (!before) continue;
      await audit({ actorId: admin.id, action: "listing.delete", recordType: "listing", recordId: id, before, after: null }, tx);
      deleted += 1;
    }
    return deleted;
  });
}

const VERSION_AUDIT: Record<ListingDecision, string> = { accept: "listing.publish", deny: "listing.deny", changes: "listing.ask-for-changes" };

/**
 * Publishes, denies or sends back one version, then writes the audit entry and mails the author: on a
 * first publish the approval, on a denial or a request for changes the administrator's reason.
 */
export async function decideVersion(admin: SessionUser, versionId: number, decision: ListingDecision, reason: string | null = null): Promise<ModerationOutcome> {
  const outcome = await moderateListingVersion(admin, versionId, decision, reason);
  if (!outcome.changed) return outcome;
  await db().transaction(async (tx) => {
    await audit(
      { actorId: admin.id, action: VERSION_AUDIT[decision], recordType: "listing", recordId: outcome.listingId, before: { version: versionId, ...outcome.before }, after: { version: versionId, ...outcome.after, ...(reason ? { reason } : {}) } },
      tx,
    );
    if (!outcome.owner || !outcome.owner.active || outcome.owner.id === admin.id) return;
    const listing = { fullTitle: outcome.fullTitle, url: outcome.url };
    if (decision === "accept") await queueMail(tx, listingApprovedMail(outcome.owner.email, listing, outcome.points));
    else if (reason) await queueMail(tx, decision === "deny" ? listingDeniedMail(outcome.owner.email, listing, reason) : listingChangesMail(outcome.owner.email, listing, reason));
  });
  return outcome;
}

function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
}

/**
 * view-edit: the chosen version beside the live one (the listing's live version; none for a listing
 * that has never been live), field by field, the description as a word diff.
 */
export async function listingDiff(listingId: number, versionId: number): Promise<ListingDiff> {
  const [listing] = await db().execute<{ id: number; title: string; status: number; url: string; user_id: number | null; author: string | null }>(sql`
    SELECT l.id, l.title, l.status, listing_url(l.walk_type, l.slug) AS url, l.user_id, coalesce(u.username, u.email) AS author
    FROM listings l LEFT JOIN users u ON u.id = l.user_id WHERE l.id = ${listingId}`);
  if (!listing) throw new AppError(404, "Sorry, we couldn't find that listing.");
  const [version] = await db().execute<{ id: number; version: number; status: number; data: unknown; created_at: Date | string; by: string | null; moderated_at: Date | string | null; moderated_by: string | null; moderation_reason: string | null; changes_requested: boolean }>(sql`
    SELECT v.id, v.version, v.status, v.data, v.created_at, coalesce(u.username, u.email) AS by,
           v.moderated_at, (SELECT coalesce(m.username, m.email) FROM users m WHERE m.id = v.moderated_by) AS moderated_by, v.moderation_reason, v.changes_requested
    FROM listing_versions v LEFT JOIN users u ON u.id = v.user_id WHERE v.id = ${versionId} AND v.listing_id = ${listingId}`);
  if (!version) throw new AppError(404, "Sorry, we couldn't find that listing version.");
  const [live] = await db().execute<{ id: number; version: number; data: unknown }>(sql`
    SELECT id, version, data FROM listing_versions
    WHERE listing_id = ${listingId} AND status = ${LISTING_STATUS.live} AND id <> ${versionId}
    ORDER BY (id = (SELECT current_version_id FROM listings WHERE id = ${listingId})) DESC, id DESC LIMIT 1`);
  const proposed = readVersionData(version.data);
  const current: ListingVersionData | null = live ? readVersionData(live.data) : null;
  const lookups = await db().execute<{ kind: string; id: number; name: string }>(sql`
    SELECT 'facility' AS kind, id, name FROM facilities WHERE id = ANY(${sql.param([...proposed.facilities, ...(current?.facilities ?? [])])}::int[])
    UNION ALL SELECT 'type', id, name FROM listing_types WHERE id = ANY(${sql.param([proposed.type ?? 0, current?.type ?? 0])}::int[])
    UNION ALL SELECT 'country', id, name FROM countries WHERE id = ANY(${sql.param([proposed.country ?? 0, current?.country ?? 0])}::int[])`);
  const name = (kind: string, id: number | null) => (id === null ? "" : (lookups.find((row) => row.kind === kind && row.id === id)?.name ?? String(id)));
  const yesNo = (value: boolean) => (value ? "Yes" : "No");
  const plain = (data: ListingVersionData) => ({
    Title: data.title,
    "Full title": data.fullTitle,
    Type: name("type", data.type),
    Address: data.address,
    Town: data.town,
    County: data.county,
    Postcode: data.postcode,
    Country: name("country", data.country),
    Facilities: data.facilities.map((id) => name("facility", id)).join(", "),
    "Has a pub": yesNo(data.has_pub),
    "Has a beach": yesNo(data.has_beach),
    ...Object.fromEntries(Object.entries(data.extras).map(([key, value]) => [key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()), String(value ?? "")])),
  });
  const after = plain(proposed);
  const before = current ? plain(current) : null;
  const labels = [...new Set([...Object.keys(after), ...Object.keys(before ?? {})])];
  const fields = labels.map((label) => {
    const was = before ? ((before as Record<string, string>)[label] ?? "") : null;
    const now = (after as Record<string, string>)[label] ?? "";
    return { label, before: was, after: now, changed: was === null ? now !== "" : was !== now };
  });
  const descriptionBefore = current ? htmlToLines(current.description) : "";
  const descriptionAfter = htmlToLines(proposed.description);
  const description = diffWords(descriptionBefore, descriptionAfter).map((part) => ({ value: part.value, added: part.added === true, removed: part.removed === true }));
  const images = await galleryImages([...proposed.gallery, ...(current?.gallery ?? [])]);
  const thumbs = (ids: string[]) => ids.flatMap((id) => images.find((image) => image.id === id) ?? []).map((image) => ({ id: image.id, url: image.versions["6"]?.url ?? image.versions["2"]?.url ?? "", alt: image.altTitle }));
  const point = (data: ListingVersionData | null) => (data && data.lat !== null && data.lng !== null ? { lat: data.lat, lng: data.lng } : null);
  const markerAfter = point(proposed);
  const markerBefore = point(current);
  return {
    listing: { id: listing.id, title: listing.title, status: listing.status, statusName: STATUS_NAMES[listing.status] ?? "", url: listing.url, author: listing.user_id === null ? "A visitor" : (listing.author ?? "a former member") },
    version: { id: version.id, number: version.version, status: version.status, statusName: STATUS_NAMES[version.status] ?? "", createdAt: iso(version.created_at), by: version.by ?? "A visitor" },
    moderation: version.moderated_at ? { by: version.moderated_by, at: iso(version.moderated_at), reason: version.moderation_reason, changesRequested: version.changes_requested } : null,
    liveVersion: live ? { id: live.id, number: live.version } : null,
    fields,
    description: { changed: descriptionBefore !== descriptionAfter, parts: description, before: descriptionBefore, after: descriptionAfter },
    gallery: { before: current ? thumbs(current.gallery) : [], after: thumbs(proposed.gallery), changed: JSON.stringify(current?.gallery ?? []) !== JSON.stringify(proposed.gallery) },
    marker: { before: markerBefore, after: markerAfter, movedMetres: markerBefore && markerAfter ? metresBetween(markerBefore, markerAfter) : null },
    decidable: version.status === LISTING_STATUS.submitted || version.status === LISTING_STATUS.draft || version.status === LISTING_STATUS.denied,
  };
}

/** The versions of a listing (newest first), for links between versions on view-edit. */
export async function listingVersionsOf(listingId: number): Promise<{ id: number; number: number; status: string; createdAt: string }[]> {
  const rows = await db().execute<{ id: number; version: number; status: number; created_at: Date | string }>(sql`
    SELECT id, version, status, created_at FROM listing_versions WHERE listing_id = ${listingId} ORDER BY version DESC LIMIT 50`);
  return rows.map((row) => ({ id: row.id, number: row.version, status: STATUS_NAMES[row.status] ?? "", createdAt: iso(row.created_at) }));
}

/** Without ?version=, the newest version waiting for moderation, else the listing's current version. */
export async function defaultVersion(listingId: number): Promise<number> {
  const [row] = await db().execute<{ id: number | null }>(sql`
    SELECT coalesce((SELECT max(id) FROM listing_versions WHERE listing_id = l.id AND status = 1), l.current_version_id,
                    (SELECT max(id) FROM listing_versions WHERE listing_id = l.id)) AS id
    FROM listings l WHERE l.id = ${listingId}`);
  if (!row?.id) throw new AppError(404, "Sorry, we couldn't find that listing.");
  return row.id;
}
