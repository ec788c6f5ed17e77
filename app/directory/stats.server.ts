import { sql } from "../db.server";

export interface DirectoryStats {
  listingsByType: { typeId: number; name: string; count: number }[];
  /** Each road once, with what the homepage shows of it and what its road search form needs (the slug). */
  roads: { id: number; name: string; slug: string; description: string; country: string; motorway: boolean; junctions: number }[];
}

/**
 * What the directory holds: live listings per type (from the counter the listings triggers keep in
 * the same transaction, never a count of every listing) and the roads with their junction counts.
 */
export async function directoryStats(): Promise<DirectoryStats> {
  const [byType, roads] = await Promise.all([
    sql()<{ typeId: number; name: string; count: number }[]>`
      SELECT t.id AS "typeId", t.name, coalesce(c.live, 0)::int AS count
      FROM listing_types t LEFT JOIN listing_type_counts c ON c.type_id = t.id
      ORDER BY t.id`,
    sql()<DirectoryStats["roads"]>`
      SELECT r.id, r.name, r.slug, r.description, c.slug AS country, r.motorway,
             (SELECT count(*)::int FROM junctions j WHERE j.road_id = r.id) AS junctions
      FROM roads r JOIN countries c ON c.id = r.country_id
      ORDER BY c.id DESC, length(r.name), r.name`,
  ]);
  return { listingsByType: byType, roads };
}
