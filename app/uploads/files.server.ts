// Uploaded images in the database and in storage: create, look up, attach to what saved them, delete.
import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, sql as rawSql } from "drizzle-orm";
import { uploadedFiles } from "../../db/schema";
import type { Database } from "../../db/client";
import { db } from "../db.server";
import { FILE_ID_PATTERN, toGalleryImage, type GalleryImage } from "../../core/images";
import { processImage, UPLOAD } from "../../media/images.server";
import { fileStorage } from "./storage.server";
import type { Uploader } from "./uploader.server";
import { AppError } from "../../core/errors";

/** Uploads not yet saved into a listing or review, per member or visitor, per day. */
export const PENDING_UPLOADS_PER_DAY = 60;
/** Bytes one member or visitor may upload per day (originals, before processing). */
export const UPLOAD_BYTES_PER_DAY = 200 * 1024 * 1024;
/** Uploads never saved into a listing or review are removed after this long (hourly clean-up job). */
export const ABANDONED_UPLOAD_HOURS = 24;
export const FILE_MESSAGES = {
  tooMany: "You have uploaded a lot of images today. Please save your listing or review first, or try again tomorrow.",
  notFound: "Sorry, we couldn't find that image.",
  notYours: "Sorry, you can only remove images you uploaded.",
  attached: "This image is part of a saved listing or review. Remove it there and save instead.",
  needsOwner: "Please allow cookies so that we can keep your uploads with your listing.",
  tooMuch: "You have uploaded a lot of photos today. Please try again tomorrow, or choose smaller images.",
} as const;

type Executor = Pick<Database, "select" | "update">;

function ownerCondition(uploader: Uploader) {
  if (uploader.user) return eq(uploadedFiles.userId, uploader.user.id);
  if (uploader.visitorKey) return eq(uploadedFiles.visitorKey, uploader.visitorKey);
  return rawSql`false`;
}

/** Processes and stores one upload; answers the spec's id and versions. Nothing is kept when a step fails. */
export async function createUpload(uploader: Uploader, input: Buffer): Promise<GalleryImage> {
  if (!uploader.user && !uploader.visitorKey) throw new AppError(403, FILE_MESSAGES.needsOwner, UPLOAD);
  const [recent] = await db()
    .select({
      pending: rawSql<number>`count(*) FILTER (WHERE ${uploadedFiles.attachedAt} IS NULL)::int`,
      bytes: rawSql<number>`coalesce(sum(${uploadedFiles.bytes}), 0)::float8`,
    })
    .from(uploadedFiles)
    .where(and(ownerCondition(uploader), gt(uploadedFiles.createdAt, rawSql`now() - interval '1 day'`)));
  if (!uploader.user?.isAdmin) {
    if ((recent?.pending ?? 0) >= PENDING_UPLOADS_PER_DAY) throw new AppError(429, FILE_MESSAGES.tooMany, { ...UPLOAD, retryAfterSeconds: 3600 });
    if ((recent?.bytes ?? 0) + input.length > UPLOAD_BYTES_PER_DAY) throw new AppError(429, FILE_MESSAGES.tooMuch, { ...UPLOAD, retryAfterSeconds: 3600 });
  }

  const image = await processImage(input);
  const id = randomBytes(12).toString("hex");
  const storage = fileStorage();
  await storage.putVersions(
    id,
    image.versions.map((version) => ({ name: `${version.size}.webp`, body: version.body })),
  );
  try {
    const [row] = await db()
      .insert(uploadedFiles)
      .values({
        id,
        userId: uploader.user?.id ?? null,
        visitorKey: uploader.user ? null : uploader.visitorKey,
        sourceFormat: image.format,
        width: image.width,
        height: image.height,
        bytes: input.length,
        versions: Object.fromEntries(image.versions.map((version) => [String(version.size), { width: version.width, height: version.height }])),
      })
      .returning();
    return toGalleryImage(row);
  } catch (error) {
    await storage.remove(id);
    throw error;
  }
}

/** Removes uploads never attached to a listing or review within ABANDONED_UPLOAD_HOURS (rows and stored files); answers how many. */
export async function deleteAbandonedUploads(batch = 500): Promise<number> {
  const abandoned = await db()
    .delete(uploadedFiles)
    .where(
      inArray(
        uploadedFiles.id,
        db()
          .select({ id: uploadedFiles.id })
          .from(uploadedFiles)
          .where(and(isNull(uploadedFiles.attachedAt), rawSql`${uploadedFiles.createdAt} < now() - make_interval(hours => ${ABANDONED_UPLOAD_HOURS})`))
          .limit(batch),
      ),
    )
    .returning({ id: uploadedFiles.id });
  const storage = fileStorage();
  for (const { id } of abandoned) await storage.remove(id);
  return abandoned.length;
}

/** Deletes an upload: its owner while no saved listing or review uses it; an administrator at any time. */
export async function deleteUpload(uploader: Uploader, id: string): Promise<void> {
  if (!FILE_ID_PATTERN.test(id)) throw new AppError(404, FILE_MESSAGES.notFound, UPLOAD);
  const [file] = await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, id));
  if (!file) throw new AppError(404, FILE_MESSAGES.notFound, UPLOAD);
  const admin = uploader.user?.isAdmin === true;
  const owner = uploader.user ? file.userId === uploader.user.id : uploader.visitorKey !== null && file.visitorKey === uploader.visitorKey;
  if (!owner && !admin) throw new AppError(403, FILE_MESSAGES.notYours, UPLOAD);
  if (file.attachedAt && !admin) throw new AppError(409, FILE_MESSAGES.attached, UPLOAD);
  await db().delete(uploadedFiles).where(eq(uploadedFiles.id, id));
  await fileStorage().remove(id);
}

/** Gallery images by id, in the order given; unknown ids are left out. */
export async function galleryImages(ids: readonly string[], executor: Executor = db()): Promise<GalleryImage[]> {
  const wanted = ids.filter((id) => FILE_ID_PATTERN.test(id));
  if (wanted.length === 0) return [];
  const rows = await executor.select().from(uploadedFiles).where(inArray(uploadedFiles.id, wanted));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toGalleryImage(row)] : [];
  });
}

/**
 * The ids a save may use: images the saver uploaded, plus images the thing already had (an edit keeps
 * its earlier photos). Anything else is dropped, so nobody can attach another person's upload.
 */
export async function usableImageIds(uploader: Uploader, ids: readonly string[], alreadyAttached: readonly string[], executor: Executor = db()): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id) => FILE_ID_PATTERN.test(id)))].slice(0, 30);
  if (wanted.length === 0) return [];
  const own = await executor
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(and(inArray(uploadedFiles.id, wanted), ownerCondition(uploader)));
  const allowed = new Set([...own.map((row) => row.id), ...alreadyAttached]);
  return wanted.filter((id) => allowed.has(id));
}

/** Marks images as used by a saved listing or review, in the caller's transaction. */
export async function attachImages(executor: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .update(uploadedFiles)
    .set({ attachedAt: rawSql`coalesce(${uploadedFiles.attachedAt}, now())` })
    .where(inArray(uploadedFiles.id, [...ids]));
}
