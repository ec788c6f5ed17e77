import type { SqlClient } from "../db/client";
import { imageUrl } from "../app/uploads/images";

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

interface GalleryRow {
  listing_id: number;
  file_id: string;
  versions: Record<string, { width: number; height: number }>;
}

/**
 * The galleries of some listings, from each one's current version, photos in their order: the one
 * projection the result cards (size 6), the map tooltip (size 2) and the JSON API read. A listing
 * without photos gets an empty gallery.
 */
export async function loadGalleries(sql: SqlClient, listings: { id: number; versionId: number | null }[]): Promise<Map<number, LocationGallery>> {
  const galleries = new Map<number, LocationGallery>(listings.map((l) => [l.id, { galleryId: l.versionId, id: l.id, items: [], url: null }]));
  const versionIds = listings.flatMap((l) => (l.versionId === null ? [] : [l.versionId]));
  if (versionIds.length === 0) return galleries;
  const rows = await sql<GalleryRow[]>`
    SELECT v.listing_id, f.id AS file_id, f.versions
    FROM listing_versions v
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(v.data->'gallery') = 'array' THEN v.data->'gallery' ELSE '[]'::jsonb END)
      WITH ORDINALITY g(file_id, position)
    JOIN uploaded_files f ON f.id = g.file_id
    WHERE v.id = ANY(${versionIds}::int[])
    ORDER BY v.listing_id, g.position`;
  for (const row of rows) {
    const gallery = galleries.get(row.listing_id);
    if (!gallery) continue;
    const versions: Record<string, GalleryVersion> = {};
    for (const [size, version] of Object.entries(row.versions)) versions[size] = { url: imageUrl(row.file_id, size), width: version.width, height: version.height };
    const url = imageUrl(row.file_id, 1);
    gallery.items.push({ id: row.file_id, versions, url });
    gallery.url ??= url;
  }
  return galleries;
}
