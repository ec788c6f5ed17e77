// Profiles (account-and-back-office.md §2, §3, §4): bio, twitter username, profile image (none → set →
// changed → deleted) and the gallery, all the logged-in member's own. Every write takes the member from
// the session, never from the form, so nobody can change another member's profile.
import { and, desc, eq, sql as rawSql } from "drizzle-orm";
import { listings, memberGalleryItems, reviews, uploadedFiles, users, type UserAttributes } from "../../db/schema";
import type { SessionUser } from "../auth/guards.server";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { AppError, found } from "../../core/errors";
import { listsOf } from "../favourites/favourites.server";
import { allTimeRank } from "../points/leaderboard.server";
import { creditPointsIn } from "../points/ledger.server";
import { createUpload, galleryImages } from "../uploads/files.server";
import { FILE_ID_PATTERN, type GalleryImage } from "../../core/images";
import { fileStorage } from "../uploads/storage.server";
import { listingUrl } from "../../geo/listing";

export const PROFILE_MESSAGES = {
  details: "Your profile details have been updated successfully.",
  imageSet: "Your profile image has been updated successfully",
  imageRemoved: "Your profile image has been removed successfully.",
  imageUpdated: "The Image has been updated successfully.",
  galleryAdded: "Your photos have been added to your gallery.",
  galleryDeleted: "The image has been deleted from your gallery.",
  imageNotFound: "Sorry, we couldn't find that image.",
  profileNotFound: "Sorry, we couldn't find that member.",
  notYours: "You can only change your own profile.",
} as const;

/** Gallery images a member may keep on their profile. */
export const GALLERY_MAX = 60;

export interface OwnProfile {
  bio: string;
  twitterUsername: string;
  profileImage: GalleryImage | null;
  gallery: GalleryImage[];
}

async function attributesOf(userId: number): Promise<UserAttributes> {
  const [row] = await db().select({ attributes: users.attributes }).from(users).where(eq(users.id, userId));
  return row?.attributes ?? {};
}

async function galleryOf(userId: number): Promise<GalleryImage[]> {
  const rows = await db()
    .select({ id: memberGalleryItems.fileId })
    .from(memberGalleryItems)
    .where(eq(memberGalleryItems.userId, userId))
    .orderBy(desc(memberGalleryItems.createdAt), desc(memberGalleryItems.fileId));
  return galleryImages(rows.map((row) => row.id));
}

async function imageOf(id: string | null | undefined): Promise<GalleryImage | null> {
  if (!id) return null;
  const [image] = await galleryImages([id]);
  return image ?? null;
}

export async function ownProfile(userId: number): Promise<OwnProfile> {
  const attributes = await attributesOf(userId);
  const [profileImage, gallery] = await Promise.all([imageOf(attributes["profile-image"]), galleryOf(userId)]);
  return { bio: attributes.bio ?? "", twitterUsername: attributes["twitter-username"] ?? "", profileImage, gallery };
}

/** Saves bio and twitter username; the first non-empty bio earns BIO_POINTS once (ledger source 'bio'). */
export async function updateProfile(user: SessionUser, values: { bio: string; twitterUsername: string }): Promise<void> {
  await db().transaction(async (tx) => {
    const patch = { bio: values.bio, "twitter-username": values.twitterUsername };
    await tx
      .update(users)
      .set({ attributes: rawSql`${users.attributes} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(users.id, user.id));
    const points = getEnv().BIO_POINTS;
    if (values.bio && points > 0) await creditPointsIn(tx, { userId: user.id, points, reason: "Wrote your profile bio", source: { kind: "bio", id: user.id } });
  });
}

/** Removes an upload's row and its stored versions. */
async function removeFile(id: string): Promise<void> {
  await db().delete(uploadedFiles).where(eq(uploadedFiles.id, id));
  await fileStorage().remove(id);
}

/** Sets or changes the profile image from an uploaded file; the previous image is deleted. */
export async function setProfileImage(user: SessionUser, file: Buffer): Promise<void> {
  const image = await createUpload({ user, visitorKey: null }, file);
  const previous = await db().transaction(async (tx) => {
    const [row] = await tx.select({ attributes: users.attributes }).from(users).where(eq(users.id, user.id)).for("update");
    await tx
      .update(users)
      .set({ attributes: rawSql`${users.attributes} || ${JSON.stringify({ "profile-image": image.id })}::jsonb` })
      .where(eq(users.id, user.id));
    await tx.update(uploadedFiles).set({ attachedAt: rawSql`now()` }).where(eq(uploadedFiles.id, image.id));
    return row?.attributes["profile-image"] ?? null;
  });
  if (previous && previous !== image.id) await removeFile(previous);
}

/** Deletes the profile image (the spec's profile-image: null). */
export async function removeProfileImage(user: SessionUser): Promise<boolean> {
  const previous = await db().transaction(async (tx) => {
    const [row] = await tx.select({ attributes: users.attributes }).from(users).where(eq(users.id, user.id)).for("update");
    await tx
      .update(users)
      .set({ attributes: rawSql`${users.attributes} || '{"profile-image": null}'::jsonb` })
      .where(eq(users.id, user.id));
    return row?.attributes["profile-image"] ?? null;
  });
  if (previous) await removeFile(previous);
  return previous !== null;
}

/** Adds uploaded photos to the member's gallery. */
export async function addGalleryImages(user: SessionUser, files: Buffer[]): Promise<number> {
  const [count] = await db()
    .select({ n: rawSql<number>`count(*)::int` })
    .from(memberGalleryItems)
    .where(eq(memberGalleryItems.userId, user.id));
  if ((count?.n ?? 0) + files.length > GALLERY_MAX) throw new AppError(409, `Your gallery can hold ${GALLERY_MAX} photos. Please delete some before adding more.`);
  for (const file of files) {
    const image = await createUpload({ user, visitorKey: null }, file);
    await db().transaction(async (tx) => {
      await tx.insert(memberGalleryItems).values({ fileId: image.id, userId: user.id });
      await tx.update(uploadedFiles).set({ attachedAt: rawSql`now()` }).where(eq(uploadedFiles.id, image.id));
    });
  }
  return files.length;
}

/** One of the member's own gallery images, or null for anything else (another member's, unknown, malformed). */
export async function findOwnGalleryImage(userId: number, id: string): Promise<GalleryImage | null> {
  if (!FILE_ID_PATTERN.test(id)) return null;
  const [row] = await db()
    .select({ id: memberGalleryItems.fileId })
    .from(memberGalleryItems)
    .where(and(eq(memberGalleryItems.fileId, id), eq(memberGalleryItems.userId, userId)));
  return row ? imageOf(row.id) : null;
}

/** The same, as a 404 when it is not the member's: another member's image looks exactly like an unknown one. */
export async function ownGalleryImage(userId: number, id: string): Promise<GalleryImage> {
  return found(await findOwnGalleryImage(userId, id), PROFILE_MESSAGES.imageNotFound);
}

export async function updateGalleryImage(user: SessionUser, id: string, altTitle: string): Promise<void> {
  await ownGalleryImage(user.id, id);
  await db().update(uploadedFiles).set({ altTitle }).where(eq(uploadedFiles.id, id));
}

export async function deleteGalleryImage(user: SessionUser, id: string): Promise<void> {
  await ownGalleryImage(user.id, id);
  await removeFile(id);
}

export interface PublicProfile {
  username: string;
  bio: string;
  twitterUsername: string;
  memberSince: string;
  points: number;
  rank: number | null;
  profileImage: GalleryImage | null;
  gallery: GalleryImage[];
  lists: { id: number; name: string; count: number }[];
  reviews: { id: number; title: string; rating: number; date: string; listingTitle: string; listingUrl: string }[];
}

/** The public profile of an active member by username (any case); null when there is none. */
export async function publicProfile(username: string): Promise<(PublicProfile & { userId: number }) | null> {
  if (username.length < 1 || username.length > 40 || username.includes("\u0000")) return null;
  const [user] = await db()
    .select({ id: users.id, username: users.username, attributes: users.attributes, points: users.points, createdAt: users.createdAt })
    .from(users)
    .where(and(rawSql`lower(${users.username}) = lower(${username})`, rawSql`${users.deactivatedAt} IS NULL`));
  if (!user?.username) return null;
  const [profileImage, gallery, lists, rank, written] = await Promise.all([
    imageOf(user.attributes["profile-image"]),
    galleryOf(user.id),
    listsOf(user.id),
    allTimeRank(user.id),
    db()
      .select({ id: reviews.id, title: reviews.title, rating: reviews.rating, date: reviews.createdAt, listingTitle: listings.title, walkType: listings.walkType, slug: listings.slug })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(and(eq(reviews.userId, user.id), rawSql`${reviews.status} IN (1, 2)`, eq(listings.status, 2)))
      .orderBy(desc(reviews.createdAt))
      .limit(20),
  ]);
  return {
    userId: user.id,
    username: user.username,
    bio: user.attributes.bio ?? "",
    twitterUsername: user.attributes["twitter-username"] ?? "",
    memberSince: user.createdAt.toISOString(),
    points: user.points,
    rank,
    profileImage,
    gallery,
    lists: lists.map((list) => ({ id: list.id, name: list.name, count: list.count })),
    reviews: written.map((review) => ({
      id: review.id,
      title: review.title,
      rating: review.rating,
      date: review.date.toISOString(),
      listingTitle: review.listingTitle,
      listingUrl: listingUrl(review.walkType, review.slug),
    })),
  };
}
