import type { SqlClient } from "../../db/client";
import type { SearchFilters } from "./filters";
import { searchFiltersSchema } from "./filters-schema";
import { groupFilterSql } from "./query";

export type RoadCountFilters = Pick<SearchFilters, "types" | "facilities" | "allWalks" | "pubWalks" | "beachWalks" | "accommodation" | "dogServices">;

/** Only the filters that change road counts, read with the search schema's rules. */
export const roadCountFiltersSchema = searchFiltersSchema.innerType().pick({ types: true, facilities: true, allWalks: true, pubWalks: true, beachWalks: true, accommodation: true, dogServices: true }).superRefine((f, ctx) => {
  if (f.allWalks && (f.pubWalks || f.beachWalks)) {
    ctx.addIssue({ code: "custom", path: ["allWalks"], message: "allWalks cannot be combined with pubWalks or beachWalks" });
  }
});

/** The cache key of a filter set: the same filters in any order share one entry. */
export function roadCountKey(f: RoadCountFilters): string {
  return JSON.stringify([f.types, f.facilities, f.allWalks, f.pubWalks, f.beachWalks, f.accommodation, f.dogServices]);
}

/**
 * Live listings per road for the motorway pickers: road id → count (every road, 0 included).
 * Counted from road_listing_groups (live junction listings per road, type, walk type, walk flags and facility
 * set, kept by triggers on listings) rather than from every listing; cached in road_count_cache per
 * filter set, which a trigger on listings empties on any change.
 */
export async function roadCounts(sql: SqlClient, f: RoadCountFilters): Promise<{ counts: Record<string, number>; cached: boolean }> {
  const key = roadCountKey(f);
  const [hit] = await sql<{ counts: Record<string, number> }[]>`SELECT counts FROM road_count_cache WHERE key = ${key}`;
  if (hit) return { counts: hit.counts, cached: true };
  const rows = await sql<{ id: number; n: number }[]>`
    SELECT r.id, coalesce(c.n, 0)::int AS n
    FROM roads r
    LEFT JOIN (
      SELECT g.road_id, sum(g.n) AS n FROM road_listing_groups g WHERE ${groupFilterSql(sql, f)} GROUP BY g.road_id
    ) c ON c.road_id = r.id
    ORDER BY r.id`;
  const counts = Object.fromEntries(rows.map((r) => [String(r.id), r.n]));
  await sql`INSERT INTO road_count_cache (key, counts) VALUES (${key}, ${JSON.stringify(counts)}::jsonb) ON CONFLICT (key) DO NOTHING`;
  return { counts, cached: false };
}
