// Turns an uploaded file (or a demo picture of the seed) into the stored WebP versions. media/ sits below
// app/ and db/ (docs/decisions/0319): it imports only core/, never a request or an app/ module. sharp reads only the header first, so a
// non-image or a decompression bomb is refused before any pixels are decoded.
import type { Metadata, OutputInfo, Sharp, SharpOptions } from "sharp";
import { IMAGE_VERSIONS, IMAGE_VERSION_SIZES } from "../core/images";
import { AppError } from "../core/errors";

/** Bigger uploads are refused before they are read to the end. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** 50 megapixels: any camera photo, but not a small file that unpacks to gigabytes. */
export const MAX_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = ["jpeg", "png", "webp", "gif", "heif", "tiff"];

export const UPLOAD_MESSAGES = {
  notAnImage: "Sorry, that file isn't an image we can use. Please choose a JPEG, PNG, WebP, GIF or HEIC photo.",
  tooBig: "Sorry, that file is too big. Please choose an image under 15 MB.",
  tooManyPixels: "Sorry, that image is too large to process. Please choose one under 50 megapixels.",
  missing: "Please choose an image to upload.",
} as const;

/** Options of every upload AppError: forms show its message on the gallery field. */
export const UPLOAD = { code: "upload" } as const;

export interface ProcessedImage {
  format: string;
  width: number;
  height: number;
  versions: { size: number; body: Buffer; width: number; height: number }[];
}

let loading: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp, loaded on the first upload a process handles: libvips adds to a process's memory, and most of a server's workers serve searches and pages only (decision 0196).
 */
function loadSharp(): Promise<(input: Buffer, options: SharpOptions) => Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

async function readHeader(input: Buffer): Promise<Metadata> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, UPLOAD_MESSAGES.notAnImage, UPLOAD);
  }
}

/** Every version as WebP, without EXIF, GPS or any other metadata. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError(400, UPLOAD_MESSAGES.missing, UPLOAD);
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError(413, UPLOAD_MESSAGES.tooBig, UPLOAD);
  const header = await readHeader(input);
  const sharp = await loadSharp();
  if (!header.format || !ACCEPTED_FORMATS.includes(header.format) || !header.width || !header.height) throw new AppError(415, UPLOAD_MESSAGES.notAnImage, UPLOAD);
  if (header.width * header.height > MAX_PIXELS) throw new AppError(413, UPLOAD_MESSAGES.tooManyPixels, UPLOAD);

  // Decode once (JPEG shrinks on load), upright by its orientation tag, to the largest version's size.
  const largest = IMAGE_VERSIONS[1];
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: largest.width, height: largest.height, fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(415, UPLOAD_MESSAGES.notAnImage, UPLOAD);
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };

  const versions = await Promise.all(
    IMAGE_VERSION_SIZES.map(async (size) => {
      const spec = IMAGE_VERSIONS[size];
      const { data, info } = await sharp(base.data, { raw })
        .resize({ width: spec.width, height: spec.height, fit: spec.crop ? "cover" : "inside", withoutEnlargement: !spec.crop })
        .webp({ quality: spec.crop ? 72 : 80, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      return { size, body: data, width: info.width, height: info.height };
    }),
  );
  const upright = (header.orientation ?? 1) >= 5;
  return { format: header.format, width: upright ? header.height : header.width, height: upright ? header.width : header.height, versions };
}
