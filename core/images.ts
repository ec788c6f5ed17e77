/**
 * The sizes every uploaded image is stored in (the spec's versions keyed by size). 2 is the map
 * tooltip's and 6 the thumbnail's (spec §9), both cropped to fill; the others keep the shape.
 */
export const IMAGE_VERSIONS = {
  1: { width: 2048, height: 2048, crop: false },
  2: { width: 320, height: 200, crop: true },
  3: { width: 1280, height: 1280, crop: false },
  4: { width: 960, height: 960, crop: false },
  5: { width: 640, height: 640, crop: false },
  6: { width: 160, height: 120, crop: true },
} as const;

export type ImageVersionSize = keyof typeof IMAGE_VERSIONS;
export const IMAGE_VERSION_SIZES: ImageVersionSize[] = [1, 2, 3, 4, 5, 6];
/** The uncropped sizes, smallest first: the srcset of a gallery image. */
export const SRCSET_SIZES: ImageVersionSize[] = [5, 4, 3, 1];

export interface ImageVersionView {
  url: string;
  width: number;
  height: number;
}

/** The spec's uploaded image / gallery item as pages and the JSON API give it. */
export interface GalleryImage {
  id: string;
  altTitle: string;
  date: { timestamp: number };
  versions: Record<string, ImageVersionView>;
  srcset: string;
}

/** File ids are 24 lowercase hex characters. */
export const FILE_ID_PATTERN = /^[0-9a-f]{24}$/;

export function imageUrl(id: string, size: ImageVersionSize | string): string {
  return `/uploads/${id}/${size}.webp`;
}

export function toGalleryImage(file: { id: string; altTitle: string; createdAt: Date; versions: Record<string, { width: number; height: number }> }): GalleryImage {
  const versions: Record<string, ImageVersionView> = {};
  for (const [size, version] of Object.entries(file.versions)) versions[size] = { url: imageUrl(file.id, size), width: version.width, height: version.height };
  const srcset = SRCSET_SIZES.flatMap((size) => {
    const version = versions[String(size)];
    return version ? [`${version.url} ${version.width}w`] : [];
  })
    .filter((entry, index, all) => all.findIndex((other) => other.split(" ")[1] === entry.split(" ")[1]) === index)
    .join(", ");
  return { id: file.id, altTitle: file.altTitle, date: { timestamp: Math.floor(file.createdAt.getTime() / 1000) }, versions, srcset };
}
