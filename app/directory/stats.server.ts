import { desc, eq, sql } from "drizzle-orm";
import { countries, junctions, listingTypeCounts, listingTypes, roads } from "../../db/schema";
import { db } from "../db.server";

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
  const [byType, roadRows] = await Promise.all([
    db()
      .select({ typeId: listingTypes.id, name: listingTypes.name, count: sql<number>`coalesce(${listingTypeCounts.live}, 0)::int` })
      .from(listingTypes)
      .leftJoin(listingTypeCounts, eq(listingTypeCounts.typeId, listingTypes.id))
      .orderBy(listingTypes.id),
    db()
      .select({
        id: roads.id,
        name: roads.name,
        slug: roads.slug,
        description: roads.description,
        country: countries.slug,
        motorway: roads.motorway,
        junctions: sql<number>`(SELECT count(*)::int FROM ${junctions} j WHERE j.road_id = ${roads.id})`,
      })
      .from(roads)
      .innerJoin(countries, eq(countries.id, roads.countryId))
      .orderBy(desc(countries.id), sql`length(${roads.name})`, roads.name),
  ]);
  return { listingsByType: byType, roads: roadRows };
}
