import { mkdtemp, readdir, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, sql } from "../../app/db.server";
import { AppError } from "../../core/errors";
import { createUpload, deleteUpload, usableImageIds } from "../../app/uploads/files.server";
import { IMAGE_VERSIONS, type ImageVersionSize } from "../../core/images";
import { processImage, UPLOAD_MESSAGES } from "../../media/images.server";
import type { Uploader } from "../../app/uploads/uploader.server";
import { appErrorOf } from "../support/app-error";

// Uploaded images: versions, WebP, no metadata, refusals that leave nothing behind, and ownership.
const fixtures = path.resolve("tests/fixtures/images");
let uploadDir = "";
const users: number[] = [];

function member(id: number, isAdmin = false): Uploader {
  return { user: { id, email: `u${id}@test`, username: null, isAdmin, emailVerified: true, hasPassword: true, sessionId: "x" }, visitorKey: null };
}

async function newUser(): Promise<number> {
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email) VALUES (${`uploads-${Date.now()}-${Math.random()}@test.pawroute`}) RETURNING id`;
  users.push(row.id);
  return row.id;
}

async function storedFolders(): Promise<string[]> {
  const prefixes = await readdir(uploadDir).catch(() => []);
  const all = await Promise.all(prefixes.map(async (prefix) => (await readdir(path.join(uploadDir, prefix))).map((name) => `${prefix}/${name}`)));
  return all.flat();
}

async function rejects(input: Buffer): Promise<AppError> {
  return appErrorOf(createUpload(member(users[0]), input));
}

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), "pawroute-uploads-"));
  process.env.UPLOAD_DIR = uploadDir;
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  await newUser();
  await newUser();
});

afterAll(async () => {
  await sql()`DELETE FROM uploaded_files WHERE user_id = ANY(${users}::int[])`;
  await sql()`DELETE FROM users WHERE id = ANY(${users}::int[])`;
  await closeDatabase();
  await rm(uploadDir, { recursive: true, force: true });
});

describe("processImage", () => {
  it("makes every size as WebP without EXIF or GPS", async () => {
    const image = await processImage(readFileSync(path.join(fixtures, "with-gps.jpg")));
    expect(image.versions.map((version) => version.size)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(image.versions.find((version) => version.size === 6)).toMatchObject({ width: 160, height: 120 });
    expect(image.versions.find((version) => version.size === 2)).toMatchObject({ width: 320, height: 200 });
    for (const version of image.versions) {
      const meta = await sharp(version.body).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
  });

  it("processes a 12-megapixel JPEG into every version, each within its size and in proportion", async () => {
    // Its timing (budget 2 s): tests/bench/timings.ts (npm run bench:timings).
    const width = 4000;
    const height = 3000;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    const image = await processImage(jpeg);
    expect(image.width * image.height).toBe(12_000_000);
    expect(image.versions).toHaveLength(6);
    for (const version of image.versions) {
      const spec = IMAGE_VERSIONS[version.size as ImageVersionSize];
      const meta = await sharp(version.body).metadata();
      expect(meta.format).toBe("webp");
      expect({ width: meta.width, height: meta.height }).toEqual({ width: version.width, height: version.height });
      if (spec.crop) {
        // Cropped sizes fill their box exactly.
        expect({ width: version.width, height: version.height }).toEqual({ width: spec.width, height: spec.height });
      } else {
        // The others fit inside their box, keep the photo's 4:3 and touch the box on the long side.
        expect(version.width).toBe(spec.width);
        expect(version.height).toBeLessThanOrEqual(spec.height);
        expect(Math.abs(version.width / version.height - 4 / 3)).toBeLessThan(0.01);
      }
    }
  });

  it("refuses a non-image, an SVG, an oversized file and a decompression bomb with a clear message", async () => {
    expect((await rejects(readFileSync(path.join(fixtures, "not-an-image.jpg")))).message).toBe(UPLOAD_MESSAGES.notAnImage);
    expect((await rejects(readFileSync(path.join(fixtures, "drawing.svg")))).message).toBe(UPLOAD_MESSAGES.notAnImage);
    const big = await rejects(Buffer.alloc(50 * 1024 * 1024, 0xff));
    expect(big.message).toBe(UPLOAD_MESSAGES.tooBig);
    expect(big.status).toBe(413);
    const bomb = await rejects(readFileSync(path.join(fixtures, "bomb.png")));
    expect(bomb.message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(await storedFolders()).toEqual([]);
    const [{ count }] = await sql()<{ count: number }[]>`SELECT count(*)::int AS count FROM uploaded_files WHERE user_id = ${users[0]}`;
    expect(count).toBe(0);
  });
});

describe("uploads and their owners", () => {
  it("stores an upload, lets only its owner delete it, and leaves nothing behind", async () => {
    const image = await createUpload(member(users[0]), readFileSync(path.join(fixtures, "with-gps.jpg")));
    expect(image.id).toMatch(/^[0-9a-f]{24}$/);
    expect(image.versions["6"].url).toBe(`/uploads/${image.id}/6.webp`);
    expect(image.srcset).toContain(`/uploads/${image.id}/5.webp 640w`);
    expect(await storedFolders()).toEqual([`${image.id.slice(0, 2)}/${image.id}`]);

    const other = await deleteUpload(member(users[1]), image.id).catch((error: unknown) => error);
    expect(other).toBeInstanceOf(AppError);
    expect(other).toMatchObject({ status: 403 });
    expect(await usableImageIds(member(users[1]), [image.id], [])).toEqual([]);
    expect(await usableImageIds(member(users[0]), [image.id], [])).toEqual([image.id]);

    await deleteUpload(member(users[0]), image.id);
    expect(await storedFolders()).toEqual([]);
  });

  it("keeps an image a saved listing uses from its uploader, but not from an administrator", async () => {
    const image = await createUpload(member(users[0]), readFileSync(path.join(fixtures, "with-gps.jpg")));
    await sql()`UPDATE uploaded_files SET attached_at = now() WHERE id = ${image.id}`;
    await expect(deleteUpload(member(users[0]), image.id)).rejects.toMatchObject({ status: 409 });
    await deleteUpload(member(users[1], true), image.id);
    expect(await storedFolders()).toEqual([]);
  });
});
