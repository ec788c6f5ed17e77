// Members in the back office: the list (search, filter, pagination, bulk delete), one member's page
// (username, email, password, address, award points, listings, reviews, points history), and deleting
// an account: deactivated and anonymised, all sessions ended, never one's own (docs/decisions/0053).
import { randomUUID } from "node:crypto";
import { sql as rawSql } from "drizzle-orm";
import type { TransactionSql } from "postgres";
import type { SessionUser } from "../auth/guards.server";
import { hashPassword } from "../auth/password.server";
import { db, sql } from "../db.server";
import { AppError } from "../../core/errors";
import { creditPointsIn, pointsSummary } from "../points/ledger.server";
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

export async function listUsers(filter: UserFilter, params: URLSearchParams): Promise<AdminUsersPage> {
  const q = boundedText(params.get("q"), 100);
  const { page, limit } = pageOf(params);
  const s = sql();
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = s`WHERE ${filter === "deleted" ? s`deactivated_at IS NOT NULL` : s`deactivated_at IS NULL`}
    ${filter === "unverified" ? s`AND NOT email_verified` : filter === "admins" ? s`AND is_admin` : s``}
    ${q ? s`AND (lower(email) LIKE ${like} OR lower(coalesce(username, '')) LIKE ${like})` : s``}`;
  const [{ total }] = await s<{ total: number }[]>`SELECT count(*)::int AS total FROM users ${where}`;
  const rows = await s<Row[]>`
    SELECT id, email, username, is_admin, email_verified, points, created_at, deactivated_at FROM users ${where}
    ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  return { filter, users: rows.map(toRow), query: { q }, pagination: { page, limit, total, totalPages: pageCount(total, limit) } };
}

export async function userDetail(id: number): Promise<AdminUserDetail> {
  const [row] = await sql()<Row[]>`SELECT id, email, username, is_admin, email_verified, points, created_at, deactivated_at FROM users WHERE id = ${id}`;
  if (!row) throw new AppError(404, "Sorry, we couldn't find that member.");
  const [address] = await sql()<{ address1: string; address2: string; town: string; county: string; postcode: string; country_id: number }[]>`
    SELECT address1, address2, town, county, postcode, country_id FROM addresses WHERE user_id = ${id} ORDER BY id LIMIT 1`;
  const listings = await sql()<{ id: number; title: string; url: string; status: number }[]>`
    SELECT id, title, listing_url(walk_type, slug) AS url, status FROM listings WHERE user_id = ${id} ORDER BY updated_at DESC LIMIT 50`;
  const reviews = await sql()<{ id: number; title: string; status: number; listing: string }[]>`
    SELECT r.id, r.title, r.status, l.title AS listing FROM reviews r JOIN listings l ON l.id = r.listing_id WHERE r.user_id = ${id} ORDER BY r.created_at DESC LIMIT 50`;
  const [{ sessions }] = await sql()<{ sessions: number }[]>`SELECT count(*)::int AS sessions FROM sessions WHERE user_id = ${id}`;
  const summary = await pointsSummary(id, 50);
  const [{ profile_image: profileImageId }] = await sql()<{ profile_image: string | null }[]>`SELECT attributes->>'profile-image' AS profile_image FROM users WHERE id = ${id}`;
  const galleryIds = await sql()<{ file_id: string }[]>`SELECT file_id FROM member_gallery_items WHERE user_id = ${id} ORDER BY created_at DESC, file_id DESC LIMIT 100`;
  const [profileImage] = profileImageId ? await galleryImages([profileImageId]) : [];
  const gallery = await galleryImages(galleryIds.map((row) => row.file_id));
  const thumb = (image: (typeof gallery)[number]) => ({ id: image.id, url: image.versions["6"]?.url ?? "", alt: image.altTitle });
  return {
    ...toRow(row),
    address: address ? { address1: address.address1, address2: address.address2, town: address.town, county: address.county, postcode: address.postcode, countryId: address.country_id } : null,
    pending: summary.pending,
    listings: listings.map((listing) => ({ id: listing.id, title: listing.title, url: listing.url, status: LISTING_STATUS_NAMES[listing.status] ?? "" })),
    reviews: reviews.map((review) => ({ id: review.id, hexId: hexId(review.id), title: review.title || "Untitled review", status: REVIEW_STATUS_NAMES[review.status] ?? "", listing: review.listing })),
    history: summary.entries.map((entry) => ({ id: entry.id, date: iso(entry.date), reason: entry.reason, points: entry.points, status: entry.status, source: entry.sourceKind, awardedBy: entry.awardedBy })),
    sessions,
    profileImage: profileImage ? thumb(profileImage) : null,
    gallery: gallery.map(thumb),
  };
}

function assertAdmin(admin: SessionUser): void {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && (error as { code?: string }).code === "23505";
}

async function updateUser(admin: SessionUser, id: number, action: string, change: (tx: TransactionSql) => Promise<{ before: unknown; after: unknown }>): Promise<void> {
  assertAdmin(admin);
  await sql().begin(async (tx) => {
    const [row] = await tx<{ id: number; deactivated_at: string | null }[]>`SELECT id, deactivated_at FROM users WHERE id = ${id} FOR UPDATE`;
    if (!row) throw new AppError(404, "Sorry, we couldn't find that member.");
    if (row.deactivated_at) throw new AppError(409, "This account has been deleted.");
    const { before, after } = await change(tx);
    await tx`INSERT INTO admin_audit_log (actor_id, action, record_type, record_id, before, after)
             VALUES (${admin.id}, ${action}, 'user', ${String(id)}, ${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`;
  });
}

export const USERNAME_TAKEN = "Sorry, that username is already taken. Please choose another one.";
export const EMAIL_TAKEN = "That email address is already used by another account.";

export async function changeUsername(admin: SessionUser, id: number, username: string): Promise<void> {
  try {
    await updateUser(admin, id, "user.change-username", async (tx) => {
      const [before] = await tx<{ username: string | null }[]>`SELECT username FROM users WHERE id = ${id}`;
      await tx`UPDATE users SET username = ${username} WHERE id = ${id}`;
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
      const [before] = await tx<{ email: string }[]>`SELECT email FROM users WHERE id = ${id}`;
      await tx`UPDATE users SET email = ${email} WHERE id = ${id}`;
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
    await tx`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${id}`;
    await tx`DELETE FROM sessions WHERE user_id = ${id}`;
    return { before: { password: "(set)" }, after: { password: "(changed)" } };
  });
}

export async function changeAddress(admin: SessionUser, id: number, values: { address1: string; address2: string; town: string; county: string; postcode: string; country: number }): Promise<void> {
  const [country] = await sql()<{ id: number }[]>`SELECT id FROM countries WHERE id = ${values.country} AND selectable AND id NOT BETWEEN 250 AND 253`;
  if (!country) throw new AppError(422, "Please select your country", { fieldErrors: { country: "Please select your country" } });
  await updateUser(admin, id, "user.change-address", async (tx) => {
    const [first] = await tx<{ id: number; address1: string; address2: string; town: string; county: string; postcode: string; country_id: number }[]>`
      SELECT id, address1, address2, town, county, postcode, country_id FROM addresses WHERE user_id = ${id} ORDER BY id LIMIT 1 FOR UPDATE`;
    const postcode = values.postcode.toUpperCase();
    if (first) {
      await tx`UPDATE addresses SET address1 = ${values.address1}, address2 = ${values.address2}, town = ${values.town}, county = ${values.county}, postcode = ${postcode}, country_id = ${country.id}, updated_at = now() WHERE id = ${first.id}`;
    } else {
      await tx`INSERT INTO addresses (user_id, address1, address2, town, county, postcode, country_id) VALUES (${id}, ${values.address1}, ${values.address2}, ${values.town}, ${values.county}, ${postcode}, ${country.id})`;
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
    const [row] = await tx<{ image: string | null }[]>`SELECT attributes->>'profile-image' AS image FROM users WHERE id = ${id}`;
    if (!row?.image) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
    removed = row.image;
    await tx`UPDATE users SET attributes = attributes || '{"profile-image": null}'::jsonb WHERE id = ${id}`;
    return { before: { profileImage: removed }, after: { profileImage: null } };
  });
  await deleteRemovedFile(admin, removed);
}

/** An administrator removes one photo from a member's gallery: audited, and the file deleted. */
export async function removeGalleryImageOf(admin: SessionUser, id: number, fileId: string): Promise<void> {
  if (!FILE_ID_PATTERN.test(fileId)) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
  await updateUser(admin, id, "user.remove-gallery-image", async (tx) => {
    const rows = await tx`DELETE FROM member_gallery_items WHERE user_id = ${id} AND file_id = ${fileId} RETURNING file_id`;
    if (rows.length === 0) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
    return { before: { galleryImage: fileId }, after: { galleryImage: null } };
  });
  await deleteRemovedFile(admin, fileId);
}
