// Saving the listing form: every save is a new listing_versions row. A save is applied to the listing
// itself unless the listing is live and the saver is not an administrator (then the version waits for
// moderation and the live listing stays as it is). docs/decisions/0031-listing-form.md.
import { randomBytes } from "node:crypto";
import { and, eq, like, ne, or, sql } from "drizzle-orm";
import { facilities as facilitiesTable, listings, listingVersions, users } from "../../db/schema";
import { LISTING_STATUS } from "../../db/schema/listings";
import { nearestJunction } from "../../geo/road-links";
import { audit } from "../admin/audit.server";
import type { SessionUser } from "../auth/guards.server";
import { db, sqlClientOf, type Transaction } from "../db.server";
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

async function uniqueSlug(tx: Transaction, title: string, ownId: number | null): Promise<string> {
  const base = slugify(title);
  const taken = await tx
    .select({ slug: listings.slug })
    .from(listings)
    .where(and(or(eq(listings.slug, base), like(listings.slug, `${base}-%`)), sql`${listings.id} IS DISTINCT FROM ${ownId}`));
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

async function applyToListing(tx: Transaction, listingId: number | null, data: ListingVersionData, status: number, userId: number | null, free: boolean): Promise<{ id: number; slug: string; walkType: string }> {
  const walkType = data.walkType || "dog-walk";
  const typeId = data.type ?? 1;
  const point = data.lat !== null && data.lng !== null ? { lat: data.lat, lng: data.lng } : DRAFT_PLACEHOLDER;
  const location = sql`ST_SetSRID(ST_MakePoint(${point.lng}::float8, ${point.lat}::float8), 4326)::geography`;
  // geo/'s one definition of a listing's junction, run in this transaction.
  const junction = await nearestJunction(sqlClientOf(tx), point);
  const slug = await uniqueSlug(tx, data.title || "draft listing", listingId);
  const facilityIds = (await tx.select({ id: facilitiesTable.id }).from(facilitiesTable).where(sql`${facilitiesTable.id} = ANY(${sql.param(data.facilities)}::int[])`)).map((row) => row.id);
  const columns = {
    slug,
    typeId,
    walkType,
    title: data.title || "Untitled draft",
    fullTitle: data.fullTitle || data.title || "Untitled draft",
    description: data.description,
    address: data.address,
    town: data.town,
    county: data.county,
    postcode: data.postcode,
    countryId: data.country ?? 235,
    roadId: junction?.road_id ?? null,
    junctionId: junction?.id ?? null,
    hasPub: data.has_pub,
    hasBeach: data.has_beach,
    free,
    status,
    facilityIds,
    location,
  };
  const returning = { id: listings.id, slug: listings.slug, walkType: listings.walkType };
  if (listingId === null) {
    const [row] = await tx
      .insert(listings)
      .values({ ...columns, userId })
      .returning(returning);
    return row;
  }
  const [row] = await tx
    .update(listings)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(listings.id, listingId))
    .returning(returning);
  return row;
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
  const result = await db().transaction(async (tx) => {
    const target = applied
      ? await applyToListing(tx, existing?.id ?? null, data, status, existing ? existing.userId : (user?.id ?? null), existing?.free ?? true)
      : { id: existing.id, slug: existing.slug, walkType: existing.walkType };
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${listingVersions.version}), 0) + 1` })
      .from(listingVersions)
      .where(eq(listingVersions.listingId, target.id));
    const [version] = await tx
      .insert(listingVersions)
      .values({ listingId: target.id, version: next, status, data, userId: user?.id ?? null, heldUntilVerified: held })
      .returning({ id: listingVersions.id });
    if (applied) await tx.update(listings).set({ currentVersionId: version.id }).where(eq(listings.id, target.id));
    // An administrator's save goes live at once, without moderation: the audit log records it with its version.
    if (admin && user) {
      await audit(
        {
          actorId: user.id,
          action: existing ? "listing.edit" : "listing.add",
          recordType: "listing",
          recordId: target.id,
          before: existing ? { version: existing.versionId, status: existing.status, title: existing.title } : null,
          after: { version: version.id, number: next, status, title: data.title },
        },
        tx,
      );
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
  const outcome = await db().transaction(async (tx) => {
    const [version] = await tx
      .select({
        listing_id: listingVersions.listingId,
        data: listingVersions.data,
        status: listingVersions.status,
        changes_requested: listingVersions.changesRequested,
        owner: listings.userId,
        listing_status: listings.status,
        free: listings.free,
      })
      .from(listingVersions)
      .innerJoin(listings, eq(listings.id, listingVersions.listingId))
      .where(eq(listingVersions.id, versionId))
      .for("update", { of: [listingVersions, listings] });
    if (!version) throw new AppError(404, "Sorry, we couldn't find that listing version.");
    const before = { status: version.status, listingStatus: version.listing_status };
    if (version.status === target && (decision !== "changes" || version.changes_requested)) return { listingId: version.listing_id, owner: version.owner, changed: false, before, after: before };
    if (decision === "deny" || decision === "changes") {
      // Asking for changes sends the version back to its author as a draft; a listing never live goes back to draft with it.
      await tx
        .update(listingVersions)
        .set({ status: target, moderationReason: reason, changesRequested: decision === "changes", moderatedBy: admin.id, moderatedAt: sql`now()` })
        .where(eq(listingVersions.id, versionId));
      const [row] = await tx
        .update(listings)
        .set({ status: target, updatedAt: sql`now()` })
        .where(and(eq(listings.id, version.listing_id), eq(listings.currentVersionId, versionId), ne(listings.status, LISTING_STATUS.live)))
        .returning({ status: listings.status });
      return { listingId: version.listing_id, owner: version.owner, changed: true, before, after: { status: target, listingStatus: row?.status ?? version.listing_status } };
    }
    const data = readVersionData(version.data);
    await applyToListing(tx, version.listing_id, data, LISTING_STATUS.live, version.owner, version.free);
    await tx
      .update(listingVersions)
      .set({ status: LISTING_STATUS.live, moderationReason: null, changesRequested: false, moderatedBy: admin.id, moderatedAt: sql`now()` })
      .where(eq(listingVersions.id, versionId));
    await tx.update(listings).set({ currentVersionId: versionId }).where(eq(listings.id, version.listing_id));
    return { listingId: version.listing_id, owner: version.owner, changed: true, before, after: { status: LISTING_STATUS.live, listingStatus: LISTING_STATUS.live } };
  });
  const [listing] = await db()
    .select({
      full_title: listings.fullTitle,
      url: sql<string>`listing_url(${listings.walkType}, ${listings.slug})`,
      email: users.email,
      active: sql<boolean | null>`${users.deactivatedAt} IS NULL`,
    })
    .from(listings)
    .leftJoin(users, eq(users.id, listings.userId))
    .where(eq(listings.id, outcome.listingId));
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
