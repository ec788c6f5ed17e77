import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../db/client";
import { imageUrl } from "../core/images";

/** One size of an uploaded image. */
export interface GalleryVersion {
  url: string;
  width: number;
  height: number;
}

/** The spec's gallery of a Location (§3): galleryId, id, items with versions keyed by size, url. */
export interface LocationGallery {
  /** The listing version the gallery belongs to. */
  galleryId: number | null;
  /** The listing's id. */
  id: number;
  items: { id: string; versions: Record<string, GalleryVersion>; url: string }[];
  /** The first image at full size; null without photos. */
  url: string | null;
}

/** One photo of a gallery as the database gives it: the uploaded file's id and its sizes. */
export interface GalleryPhotoRow {
  file_id: string;
  versions: Record<string, { width: number; height: number }>;
  alt_title: string;
  /** Seconds since 1970 of the upload. */
  created: number;
}

/**
 * The photos of a listing version as a JSON array of GalleryPhotoRow, in their order: a subquery over
 * `versionId`, an expression of the caller's statement, so the gallery comes back with the listing in
 * one statement. The one gallery read: the result cards (size 6), the map tooltip (size 2), the listing
 * page (geo/listing.ts) and the JSON API read it.
 */
export function galleryPhotosSql(sql: SqlClient, versionId: PendingQuery<Row[]>): PendingQuery<Row[]> {
  return sql`(
    SELECT coalesce(json_agg(json_build_object('file_id', f.id, 'versions', f.versions, 'alt_title', f.alt_title, 'created', floor(extract(epoch FROM f.created_at))) ORDER BY g.position), '[]'::json)
    FROM listing_versions v
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(v.data->'gallery') = 'array' THEN v.data->'gallery' ELSE '[]'::jsonb END)
      WITH ORDINALITY g(file_id, position)
    JOIN uploaded_files f ON f.id = g.file_id
    WHERE v.id = ${versionId})`;
}

/** A listing's gallery from its current version's photos (galleryPhotosSql's rows); no photos, an empty gallery. */
export function galleryOf(id: number, versionId: number | null, photos: GalleryPhotoRow[]): LocationGallery {
  const items = photos.map((photo) => {
    const versions: Record<string, GalleryVersion> = {};
    for (const [size, version] of Object.entries(photo.versions)) versions[size] = { url: imageUrl(photo.file_id, size), width: version.width, height: version.height };
    return { id: photo.file_id, versions, url: imageUrl(photo.file_id, 1) };
  });
  return { galleryId: versionId, id, items, url: items[0]?.url ?? null };
}
