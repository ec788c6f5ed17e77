// Members in the back office: the list (search, filter, pagination, bulk delete), one member's page
// (username, email, password, address, award points, listings, reviews, points history), and deleting
// an account: deactivated and anonymised, all sessions ended, never one's own (docs/decisions/0053).
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, isNotNull, isNull, notBetween, sql as rawSql, type SQL } from "drizzle-orm";
import { addresses, countries, listings, memberGalleryItems, reviews, sessions, users } from "../../db/schema";
import type { SessionUser } from "../auth/guards.server";
import { hashPassword } from "../auth/password.server";
import { db } from "../db.server";
import { AppError } from "../../core/errors";
import { creditPointsIn, pointsSummary, type Transaction } from "../points/ledger.server";
import { deleteUpload, galleryImages } from "../uploads/files.server";
import { FILE_ID_PATTERN } from "../../core/images";
import { audit } from "./audit.server";
import { ADMIN_MESSAGES } from "./messages";
import { boundedText, hexId, iso, pageOf } from "./params.server";
import type { AdminUserDetail, AdminUserRow, AdminUsersPage, UserFilter } from "./users.types";
import { pageCount } from "../../kit/pager";

const LISTING_STATUS_NAMES: Record<number, string> = { 1: "Submitted", 2: "Live", 3: "Denied", 4: "Draft" };
const REVIEW_STATUS_NAMES: Record<number, string> = { 0: "Awaiting moderation", 1: "Restored", 2: "Accepted", 3: "Denied" };

interface Row {
  id: number;
  email: string;
  username: string | null;
  is_admin: boolean;
  email_verified: boolean;
  points: number;
  created_at: Date | string;
  deactivated_at: Date | string | null;
}

function toRow(row: Row): AdminUserRow {
  return {
    id: row.id,
    hexId: hexId(row.id),
    email: row.email,
    username: row.username,
    isAdmin: row.is_admin,
    verified: row.email_verified,
    points: row.points,
    createdAt: iso(row.created_at),
    deleted: row.deactivated_at !== null,
  };
}

/** The columns of a member's row in the table and on their page. */
const rowColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  is_admin: users.isAdmin,
  email_verified: users.emailVerified,
  points: users.points,
  created_at: users.createdAt,
  deactivated_at: users.deactivatedAt,
};

export async function listUsers(filter: UserFilter, params: URLSearchParams): Promise<AdminUsersPage> {
  const q = boundedText(params.get("q"), 100);
  const { page, limit } = pageOf(params);
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions: SQL[] = [filter === "deleted" ? isNotNull(users.deactivatedAt) : isNull(users.deactivatedAt)];
  if (filter === "unverified") conditions.push(rawSql`NOT ${users.emailVerified}`);
  else if (filter === "admins") conditions.push(rawSql`${users.isAdmin}`);
  if (q) conditions.push(rawSql`(lower(${users.email}) LIKE ${like} OR lower(coalesce(${users.username}, '')) LIKE ${like})`);
  const where = and(...conditions);
  const [{ total }] = await db().select({ total: count() }).from(users).where(where);
  const rows = await db()
    .select(rowColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { filter, users: rows.map(toRow), query: { q }, pagination: { page, limit, total, totalPages: pageCount(total, limit) } };
}

export async function userDetail(id: number): Promise<AdminUserDetail> {
  const [row] = await db().select(rowColumns).from(users).where(eq(users.id, id));
  if (!row) throw new AppError(404, "Sorry, we couldn't find that member.");
  const [address] = await db()
    .select({ address1: addresses.address1, address2: addresses.address2, town: addresses.town, county: addresses.county, postcode: addresses.postcode, country_id: addresses.countryId })
    .from(addresses)
    .where(eq(addresses.userId, id))
    .orderBy(addresses.id)
    .limit(1);
  const memberListings = await db()
    .select({ id: listings.id, title: listings.title, url: rawSql<string>`listing_url(${listings.walkType}, ${listings.slug})`, status: listings.status })
    .from(listings)
    .where(eq(listings.userId, id))
    .orderBy(desc(listings.updatedAt))
    .limit(50);
  const memberReviews = await db()
    .select({ id: reviews.id, title: reviews.title, status: reviews.status, listing: listings.title })
    .from(reviews)
    .innerJoin(listings, eq(listings.id, reviews.listingId))
    .where(eq(reviews.userId, id))
    .orderBy(desc(reviews.createdAt))
    .limit(50);
  const [{ sessions: sessionCount }] = await db().select({ sessions: count() }).from(sessions).where(eq(sessions.userId, id));
  const summary = await pointsSummary(id, 50);
  const [{ profile_image: profileImageId }] = await db()
    .select({ profile_image: rawSql<string | null>`${users.attributes}->>'profile-image'` })
    .from(users)
    .where(eq(users.id, id));
  const galleryIds = await db()
    .select({ file_id: memberGalleryItems.fileId })
    .from(memberGalleryItems)
    .where(eq(memberGalleryItems.userId, id))
    .orderBy(desc(memberGalleryItems.createdAt), desc(memberGalleryItems.fileId))
    .limit(100);
  const [profileImage] = profileImageId ? await galleryImages([profileImageId]) : [];
  const gallery = await galleryImages(galleryIds.map((row) => row.file_id));
  const thumb = (image: (typeof gallery)[number]) => ({ id: image.id, url: image.versions["6"]?.url ?? "", alt: image.altTitle });
  return {
    ...toRow(row),
    address: address ? { address1: address.address1, address2: address.address2, town: address.town, county: address.county, postcode: address.postcode, countryId: address.country_id } : null,
    pending: summary.pending,
    listings: memberListings.map((listing) => ({ id: listing.id, title: listing.title, url: listing.url, status: LISTING_STATUS_NAMES[listing.status] ?? "" })),
    reviews: memberReviews.map((review) => ({ id: review.id, hexId: hexId(review.id), title: review.title || "Untitled review", status: REVIEW_STATUS_NAMES[review.status] ?? "", listing: review.listing })),
    history: summary.entries.map((entry) => ({ id: entry.id, date: iso(entry.date), reason: entry.reason, points: entry.points, status: entry.status, source: entry.sourceKind, awardedBy: entry.awardedBy })),
    sessions: sessionCount,
    profileImage: profileImage ? thumb(profileImage) : null,
    gallery: gallery.map(thumb),
  };
}

function assertAdmin(admin: SessionUser): void {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
}

/** PostgreSQL's unique violation, as drizzle reports it (its query error carries the driver's as `cause`). */
function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  return typeof cause === "object" && cause !== null && "code" in cause && cause.code === "23505";
}

async function updateUser(admin: SessionUser, id: number, action: string, change: (tx: Transaction) => Promise<{ before: unknown; after: unknown }>): Promise<void> {
  assertAdmin(admin);
  await db().transaction(async (tx) => {
    const [row] = await tx.select({ id: users.id, deactivated_at: users.deactivatedAt }).from(users).where(eq(users.id, id)).for("update");
    if (!row) throw new AppError(404, "Sorry, we couldn't find that member.");
    if (row.deactivated_at) throw new AppError(409, "This account has been deleted.");
    const { before, after } = await change(tx);
    await audit({ actorId: admin.id, action, recordType: "user", recordId: id, before, after }, tx);
  });
}

export const USERNAME_TAKEN = "Sorry, that username is already taken. Please choose another one.";
export const EMAIL_TAKEN = "That email address is already used by another account.";

export async function changeUsername(admin: SessionUser, id: number, username: string): Promise<void> {
  try {
    await updateUser(admin, id, "user.change-username", async (tx) => {
      const [before] = await tx.select({ username: users.username }).from(users).where(eq(users.id, id));
      await tx.update(users).set({ username }).where(eq(users.id, id));
      return { before, after: { username } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, USERNAME_TAKEN, { fieldErrors: { username: USERNAME_TAKEN } });
    throw error;
  }
}

/** An administrator's change of a member's email: set at once and treated as verified (no-email-validate). */
export async function changeEmail(admin: SessionUser, id: number, email: string): Promise<void> {
  try {
    await updateUser(admin, id, "user.change-email", async (tx) => {
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
      await tx.update(users).set({ email }).where(eq(users.id, id));
      return { before, after: { email } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, EMAIL_TAKEN, { fieldErrors: { email: EMAIL_TAKEN } });
    throw error;
  }
}

/** Sets a new password and ends the member's sessions (the audit entry never holds the password). */
export async function changePassword(admin: SessionUser, id: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await updateUser(admin, id, "user.change-password", async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    return { before: { password: "(set)" }, after: { password: "(changed)" } };
  });
}

export async function changeAddress(admin: SessionUser, id: number, values: { address1: string; address2: string; town: string; county: string; postcode: string; country: number }): Promise<void> {
  const [country] = await db()
    .select({ id: countries.id })
    .from(countries)
    .where(and(eq(countries.id, values.country), rawSql`${countries.selectable}`, notBetween(countries.id, 250, 253)));
  if (!country) throw new AppError(422, "Please select your country", { fieldErrors: { country: "Please select your country" } });
  await updateUser(admin, id, "user.change-address", async (tx) => {
    const [first] = await tx
      .select({ id: addresses.id, address1: addresses.address1, address2: addresses.address2, town: addresses.town, county: addresses.county, postcode: addresses.postcode, country_id: addresses.countryId })
      .from(addresses)
      .where(eq(addresses.userId, id))
      .orderBy(addresses.id)
      .limit(1)
      .for("update");
    const postcode = values.postcode.toUpperCase();
    const address = { address1: values.address1, address2: values.address2, town: values.town, county: values.county, postcode, countryId: country.id };
    if (first) {
      await tx
        .update(addresses)
        .set({ ...address, updatedAt: rawSql`now()` })
        .where(eq(addresses.id, first.id));
    } else {
      await tx.insert(addresses).values({ userId: id, ...address });
    }
    return { before: first ?? null, after: { ...values, postcode } };
  });
}

/** A fresh idempotency key for one award form: the same key (a resent form) credits once. */
export function newAwardKey(): string {
  return randomUUID();
}

/** The administrator's award: the ledger entry (source award/key) and its audit entry in one transaction. */
export async function awardPointsTo(admin: SessionUser, id: number, points: number, message: string, key: string): Promise<{ status: string; total: number }> {
  assertAdmin(admin);
  if (!/^[0-9a-f-]{36}$/.test(key)) throw new AppError(400, "This form has expired: please reload the page.");
  return db().transaction(async (tx) => {
    const result = await creditPointsIn(tx, { userId: id, points, reason: message, source: { kind: "award", id: key }, awardedBy: admin.id });
    if (result.status !== "duplicate") await audit({ actorId: admin.id, action: "points.award", recordType: "user", recordId: id, before: null, after: { points, reason: message, status: result.status } }, tx);
    return { status: result.status, total: result.total };
  });
}

/**
 * Deleting a member: the account is deactivated and anonymised (email, username, password, names and
 * address removed), its sessions and mailed links end, its listings and reviews stay under "a former
 * member". An administrator cannot delete their own account.
 */
export async function deleteUsers(admin: SessionUser, ids: number[]): Promise<number> {
  assertAdmin(admin);
  if (ids.includes(admin.id)) throw new AppError(409, "you cannot delete your own account");
  return db().transaction(async (tx) => {
    let deleted = 0;
    for (const id of ids) {
      const rows = await tx.execute<{ email: string; username: string | null; is_admin: boolean }>(rawSql`
        SELECT email, username, is_admin FROM users WHERE id = ${id} AND deactivated_at IS NULL FOR UPDATE`);
      const before = rows[0];
      if (!before) continue;
      await tx.execute(rawSql`
        UPDATE users SET deactivated_at = now(), email = ${`deleted-${id}@deleted.pawroute.invalid`}, username = NULL, password_hash = NULL,
                         is_admin = false, attributes = '{}'::jsonb
        WHERE id = ${id}`);
      await tx.execute(rawSql`DELETE FROM sessions WHERE user_id = ${id}`);
      await tx.execute(rawSql`DELETE FROM addresses WHERE user_id = ${id}`);
      await tx.execute(rawSql`DELETE FROM account_tokens WHERE user_id = ${id}`);
      await tx.execute(rawSql`DELETE FROM mailing_list_subscriptions WHERE user_id = ${id}`);
      await audit({ actorId: admin.id, action: "user.delete", recordType: "user", recordId: id, before, after: { deactivated: true } }, tx);
      deleted += 1;
    }
    return deleted;
  });
}

/** The file of an image an administrator removed: gone from storage too (an administrator may delete any upload). */
async function deleteRemovedFile(admin: SessionUser, fileId: string): Promise<void> {
  try {
    await deleteUpload({ user: admin, visitorKey: null }, fileId);
  } catch (error) {
    if (!(error instanceof AppError && error.status === 404)) throw error;
  }
}

/** An administrator removes a member's profile image (the spec's profile-image: null): audited, and the file deleted. */
export async function removeProfileImageOf(admin: SessionUser, id: number): Promise<void> {
  let removed = "";
  await updateUser(admin, id, "user.remove-profile-image", async (tx) => {
    const [row] = await tx
      .select({ image: rawSql<string | null>`${users.attributes}->>'profile-image'` })
      .from(users)
      .where(eq(users.id, id));
    if (!row?.image) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
    removed = row.image;
    await tx
      .update(users)
      .set({ attributes: rawSql`${users.attributes} || '{"profile-image": null}'::jsonb` })
      .where(eq(users.id, id));
    return { before: { profileImage: removed }, after: { profileImage: null } };
  });
  await deleteRemovedFile(admin, removed);
}

/** An administrator removes one photo from a member's gallery: audited, and the file deleted. */
export async function removeGalleryImageOf(admin: SessionUser, id: number, fileId: string): Promise<void> {
  if (!FILE_ID_PATTERN.test(fileId)) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
  await updateUser(admin, id, "user.remove-gallery-image", async (tx) => {
    const rows = await tx
      .delete(memberGalleryItems)
      .where(and(eq(memberGalleryItems.userId, id), eq(memberGalleryItems.fileId, fileId)))
      .returning({ file_id: memberGalleryItems.fileId });
    if (rows.length === 0) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
    return { before: { galleryImage: fileId }, after: { galleryImage: null } };
  });
  await deleteRemovedFile(admin, fileId);
}
