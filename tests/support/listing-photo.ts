import type { DatabaseHandle } from "../../db/client";

/**
 * Gives the first live listing of `town` one uploaded photo (`fileId`, with versions 1, 2 and 6) and returns
 * its ids and a `restore` that puts its gallery back and deletes the upload: for tests of what a listing
 * with a photo shows (its card's thumbnail, the map tooltip's gallery).
 */
export async function giveListingAPhoto(
  sql: DatabaseHandle["sql"],
  town: string,
  fileId: string,
): Promise<{ listingId: number; versionId: number; restore: () => Promise<void> }> {
  const [row] = await sql<{ id: number; version_id: number; gallery: unknown }[]>`
    SELECT l.id, l.current_version_id AS version_id, v.data->'gallery' AS gallery
    FROM listings l JOIN listing_versions v ON v.id = l.current_version_id
    WHERE l.status = 2 AND l.town = ${town} ORDER BY l.id LIMIT 1`;
  const versions = { "1": { width: 2048, height: 1536 }, "2": { width: 320, height: 200 }, "6": { width: 160, height: 120 } };
  await sql`INSERT INTO uploaded_files (id, source_format, width, height, bytes, versions, alt_title, attached_at)
            VALUES (${fileId}, 'jpeg', 2048, 1536, 1000, ${JSON.stringify(versions)}::jsonb, '', now()) ON CONFLICT (id) DO NOTHING`;
  await sql`UPDATE listing_versions SET data = jsonb_set(data, '{gallery}', ${JSON.stringify([fileId])}::jsonb) WHERE id = ${row.version_id}`;
  return {
    listingId: row.id,
    versionId: row.version_id,
    restore: async () => {
      const gallery = row.gallery === null ? sql`data - 'gallery'` : sql`jsonb_set(data, '{gallery}', ${JSON.stringify(row.gallery)}::jsonb)`;
      await sql`UPDATE listing_versions SET data = ${gallery} WHERE id = ${row.version_id}`;
      await sql`DELETE FROM uploaded_files WHERE id = ${fileId}`;
    },
  };
}
