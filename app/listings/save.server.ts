// Saving the listing form: every save is a new listing_versions row. A save is applied to the listing
// itself unless the listing is live and the saver is not an administrator (then the version waits for
// moderation and the live listing stays as it is). docs/decisions/0031-listing-form.md.
import { randomBytes } from "node:crypto";
import type { TransactionSql } from "postgres";
import { LISTING_STATUS } from "../../db/schema/listings";
import { nearestJunctionSql } from "../../geo/road-links";
import { auditInTransaction } from "../admin/audit.server";
import type { SessionUser } from "../auth/guards.server";
import { db, sql } from "../db.server";
import { AppError } from "../../core/errors";
import { getEnv } from "../env.server";
import { creditPoints } from "../points/ledger.server";
import { slugOf } from "../slug";
import { attachImages, usableImageIds } from "../uploads/files.server";
import type { Uploader } from "../uploads/uploader.server";
import type { ListingFormData } from "../../core/listing-form";
import type { ListingRecord } from "./listing.server";
import { plainTextToHtml, sanitiseDescription } from "./sanitise.server";
import { fullTitleOf } from "./place-words";
import { readVersionData, type ListingVersionData } from "./version-data";
import { isWalkTypePath, WALK_TYPES } from "../../core/walk-types";
import { listingUrl } from "../../geo/listing";

/** Where a draft without a map marker is kept (spec §9's default map centre); its version keeps lat/lng empty. */
const DRAFT_PLACEHOLDER = { lat: 52.28, lng: -1.58 };

export interface SaveResult {
  id: number;
  url: string;
  status: number;
  /** False when the save waits for moderation and the live listing is unchanged. */
  applied: boolean;
  /** Submitted before the member verified their email: sent for moderation on verification. */
  held: boolean;
}

function slugify(title: string): string {
  return slugOf(title) || `listing-${randomBytes(3).toString("hex")}`;
}

async function uniqueSlug(tx: TransactionSql, title: string, ownId: number | null): Promise<string> {
  const base = slugify(title);
  const taken = await tx<{ slug: string }[]>`SELECT slug FROM listings WHERE (slug = ${base} OR slug LIKE ${`${base}-%`}) AND id IS DISTINCT FROM ${ownId}`;
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The form as a version's data: the description sanitised (or typed text turned into paragraphs). */
export function versionDataOf(form: ListingFormData, gallery: string[]): ListingVersionData {
  const walkType = isWalkTypePath(form.walkType) ? form.walkType : "";
  const typeId = walkType ? WALK_TYPES[walkType].typeId : null;
  const lat = form.lat.trim() === "" ? null : Number(form.lat);
  const lng = form.lng.trim() === "" ? null : Number(form.lng);
  const place = form.county || form.town;
  return {
    title: form.title,
    fullTitle: fullTitleOf(form.title, place),
    description: sanitiseDescription(form.descriptionFormat === "html" ? form.description : plainTextToHtml(form.description)),
    type: typeId,
    walkType,
    lat: lat !== null && Number.isFinite(lat) && lat !== 0 ? lat : null,
    lng: lng !== null && Number.isFinite(lng) && lng !== 0 ? lng : null,
    address: form.address,
    town: form.town,
    county: form.county,
    postcode: form.postcode.toUpperCase(),
    country: form.country ? Number(form.country) : null,
    facilities: form.facilities,
    has_pub: typeId === 1 && form.has_pub,
    has_beach: typeId === 1 && form.has_beach,
    free: true,
    gallery,
    extras: {
      walkLengthMiles: typeId === 1 ? form.walkLengthMiles || undefined : undefined,
      walkSurface: typeId === 1 ? form.walkSurface || undefined : undefined,
      pubName: typeId === 2 || (typeId === 1 && form.has_pub) ? form.pubName || undefined : undefined,
      openingHours: typeId === 2 || (typeId === 1 && form.has_pub) ? form.openingHours || undefined : undefined,
      beachName: typeId === 3 || (typeId === 1 && form.has_beach) ? form.beachName || undefined : undefined,
      dogRestrictions: typeId === 3 || (typeId === 1 && form.has_beach) ? form.dogRestrictions || undefined : undefined,
      department: form.country === "75" ? form.department || undefined : undefined,
      autorouteExit: form.country === "75" ? form.autorouteExit || undefined : undefined,
    },
  };
}

async function applyToListing(tx: TransactionSql, listingId: number | null, data: ListingVersionData, status: number, userId: number | null, free: boolean): Promise<{ id: number; slug: string; walkType: string }> {
  const walkType = data.walkType || "dog-walk";
  const typeId = data.type ?? 1;
  const point = data.lat !== null && data.lng !== null ? { lat: data.lat, lng: data.lng } : DRAFT_PLACEHOLDER;
  const location = tx`ST_SetSRID(ST_MakePoint(${point.lng}::float8, ${point.lat}::float8), 4326)::geography`;
  const [junction] = await tx<{ id: number; road_id: number }[]>`${nearestJunctionSql(tx, location)}`;
  const slug = await uniqueSlug(tx, data.title || "draft listing", listingId);
  const facilities = (await tx<{ id: number }[]>`SELECT id FROM facilities WHERE id = ANY(${data.facilities}::int[])`).map((row) => row.id);
  const columns = {
    slug,
    type_id: typeId,
    walk_type: walkType,
    title: data.title || "Untitled draft",
    full_title: data.fullTitle || data.title || "Untitled draft",
    description: data.description,
    address: data.address,
    town: data.town,
    county: data.county,
    postcode: data.postcode,
    country_id: data.country ?? 235,
    road_id: junction?.road_id ?? null,
    junction_id: junction?.id ?? null,
    has_pub: data.has_pub,
    has_beach: data.has_beach,
    free,
    status,
  };
  if (listingId === null) {
    const [row] = await tx<{ id: number; slug: string; walk_type: string }[]>`
      INSERT INTO listings (slug, type_id, walk_type, title, full_title, description, address, town, county, postcode, country_id,
                            road_id, junction_id, has_pub, has_beach, free, status, facility_ids, location, user_id)
      VALUES (${columns.slug}, ${columns.type_id}, ${columns.walk_type}, ${columns.title}, ${columns.full_title}, ${columns.description},
              ${columns.address}, ${columns.town}, ${columns.county}, ${columns.postcode}, ${columns.country_id}, ${columns.road_id},
              ${columns.junction_id}, ${columns.has_pub}, ${columns.has_beach}, ${columns.free}, ${columns.status}, ${facilities}::smallint[],
              ${location}, ${userId})
      RETURNING id, slug, walk_type`;
    return { id: row.id, slug: row.slug, walkType: row.walk_type };
  }
  const [row] = await tx<{ id: number; slug: string; walk_type: string }[]>`
    UPDATE listings SET ${tx(columns)}, facility_ids = ${facilities}::smallint[], location = ${location}, updated_at = now()
    WHERE id = ${listingId} RETURNING id, slug, walk_type`;
  return { id: row.id, slug: row.slug, walkType: row.walk_type };
}

/**
 * Saves the form as a new version. status: draft 4; submit 1, or 2 for an administrator (live at once).
 * `existing` is the listing being edited (the caller has checked that the saver may edit it).
 */
export async function saveListing(input: { user: SessionUser | null; uploader: Uploader; existing: ListingRecord | null; previousGallery: string[]; form: ListingFormData; draft: boolean }): Promise<SaveResult> {
  const { user, existing } = input;
  const admin = user?.isAdmin === true;
  // A member who has not verified their email yet: the listing waits as a draft and is sent on verification.
  const held = !input.draft && !admin && user !== null && !user.emailVerified;
  const status = input.draft || held ? LISTING_STATUS.draft : admin ? LISTING_STATUS.live : LISTING_STATUS.submitted;
  const gallery = await usableImageIds(input.uploader, input.form.gallery, input.previousGallery);
  const data = versionDataOf(input.form, gallery);
  const applied = existing === null || existing.status !== LISTING_STATUS.live || status === LISTING_STATUS.live;
  const wentLive = status === LISTING_STATUS.live && existing?.status !== LISTING_STATUS.live;
  const result = await sql().begin(async (tx) => {
    const target = applied
      ? await applyToListing(tx, existing?.id ?? null, data, status, existing ? existing.userId : (user?.id ?? null), existing?.free ?? true)
      : { id: existing.id, slug: existing.slug, walkType: existing.walkType };
    const [{ next }] = await tx<{ next: number }[]>`SELECT coalesce(max(version), 0) + 1 AS next FROM listing_versions WHERE listing_id = ${target.id}`;
    const [version] = await tx<{ id: number }[]>`
      INSERT INTO listing_versions (listing_id, version, status, data, user_id, held_until_verified)
      VALUES (${target.id}, ${next}, ${status}, ${JSON.stringify(data)}::jsonb, ${user?.id ?? null}, ${held})
      RETURNING id`;
    if (applied) await tx`UPDATE listings SET current_version_id = ${version.id} WHERE id = ${target.id}`;
    // An administrator's save goes live at once, without moderation: the audit log records it with its version.
    if (admin && user) {
      await auditInTransaction(tx, {
        actorId: user.id,
        action: existing ? "listing.edit" : "listing.add",
        recordType: "listing",
        recordId: target.id,
        before: existing ? { version: existing.versionId, status: existing.status, title: existing.title } : null,
        after: { version: version.id, number: next, status, title: data.title },
      });
    }
    return target;
  });
  await attachImages(db(), gallery);
  if (wentLive && existing?.userId && existing.userId !== user?.id) await awardListingPoints(existing.userId, result.id, user?.id ?? null);
  return { id: result.id, url: listingUrl(result.walkType, result.slug), status, applied, held };
}

/**
 * The configured Treat Points for a member's listing that went live: one ledger entry per listing
 * (source key listing/id), so however often it goes live the author is credited once.
 */
async function awardListingPoints(userId: number, listingId: number, awardedBy: number | null): Promise<{ earned: number; pending: boolean }> {
  const points = getEnv().LISTING_POINTS;
  if (points < 1) return { earned: 0, pending: false };
  const result = await creditPoints({ userId, points, reason: "For a listing that was accepted", source: { kind: "listing", id: listingId }, awardedBy });
  if (result.status === "duplicate") return { earned: 0, pending: false };
  return { earned: points, pending: result.status === "pending" };
}

/** Publish, deny, or send back to the author as a draft to change ("ask for changes"). */
export type ListingDecision = "accept" | "deny" | "changes";

export interface ModerationOutcome {
  listingId: number;
  /** False when the version already had the decided status (a repeated request): nothing changed. */
  changed: boolean;
  before: { status: number; listingStatus: number };
  after: { status: number; listingStatus: number };
  owner: { id: number; email: string; active: boolean } | null;
  fullTitle: string;
  url: string;
  points: { earned: number; pending: boolean };
}

/**
 * Moderation (the back office calls these): accepting a version makes it the live listing and, the first
 * time a member's listing goes live, credits the configured Treat Points; denying marks it denied. The
 * version's row is locked, so two administrators (or a double click) decide once; a repeated decision
 * changes nothing and reports changed: false. The caller mails the author and writes the audit log.
 */
export async function moderateListingVersion(admin: SessionUser, versionId: number, decision: ListingDecision, reason: string | null = null): Promise<ModerationOutcome> {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
  if (decision !== "accept" && !reason) throw new AppError(400, "Please choose a reason or type one, so the member knows what to change.");
  const target = decision === "accept" ? LISTING_STATUS.live : decision === "deny" ? LISTING_STATUS.denied : LISTING_STATUS.draft;
  const outcome = await sql().begin(async (tx) => {
    const [version] = await tx<{ listing_id: number; data: unknown; status: number; changes_requested: boolean; owner: number | null; listing_status: number; current_version_id: number | null; free: boolean }[]>`
      SELECT v.listing_id, v.data, v.status, v.changes_requested, l.user_id AS owner, l.status AS listing_status, l.current_version_id, l.free
      FROM listing_versions v JOIN listings l ON l.id = v.listing_id WHERE v.id = ${versionId}
      FOR UPDATE OF v, l`;
    if (!version) throw new AppError(404, "Sorry, we couldn't find that listing version.");
    const before = { status: version.status, listingStatus: version.listing_status };
    if (version.status === target && (decision !== "changes" || version.changes_requested)) return { listingId: version.listing_id, owner: version.owner, changed: false, before, after: before };
    if (decision === "deny" || decision === "changes") {
      // Asking for changes sends the version back to its author as a draft; a listing never live goes back to draft with it.
      await tx`UPDATE listing_versions SET status = ${target}, moderation_reason = ${reason}, changes_requested = ${decision === "changes"}, moderated_by = ${admin.id}, moderated_at = now() WHERE id = ${versionId}`;
      const [row] = await tx<{ status: number }[]>`
        UPDATE listings SET status = ${target}, updated_at = now() WHERE id = ${version.listing_id} AND current_version_id = ${versionId} AND status <> ${LISTING_STATUS.live}
        RETURNING status`;
      return { listingId: version.listing_id, owner: version.owner, changed: true, before, after: { status: target, listingStatus: row?.status ?? version.listing_status } };
    }
    const data = readVersionData(version.data);
    await applyToListing(tx, version.listing_id, data, LISTING_STATUS.live, version.owner, version.free);
    await tx`UPDATE listing_versions SET status = ${LISTING_STATUS.live}, moderation_reason = NULL, changes_requested = false, moderated_by = ${admin.id}, moderated_at = now() WHERE id = ${versionId}`;
    await tx`UPDATE listings SET current_version_id = ${versionId} WHERE id = ${version.listing_id}`;
    return { listingId: version.listing_id, owner: version.owner, changed: true, before, after: { status: LISTING_STATUS.live, listingStatus: LISTING_STATUS.live } };
  });
  const [listing] = await sql()<{ full_title: string; url: string; email: string | null; active: boolean | null }[]>`
    SELECT l.full_title, listing_url(l.walk_type, l.slug) AS url, u.email, u.deactivated_at IS NULL AS active
    FROM listings l LEFT JOIN users u ON u.id = l.user_id WHERE l.id = ${outcome.listingId}`;
  const points =
    decision === "accept" && outcome.changed && outcome.owner !== null && outcome.owner !== admin.id
      ? await awardListingPoints(outcome.owner, outcome.listingId, admin.id)
      : { earned: 0, pending: false };
  return {
    listingId: outcome.listingId,
    changed: outcome.changed,
    before: outcome.before,
    after: outcome.after,
    owner: outcome.owner !== null && listing?.email ? { id: outcome.owner, email: listing.email, active: listing.active === true } : null,
    fullTitle: listing?.full_title ?? "",
    url: listing?.url ?? "",
    points,
  };
}
