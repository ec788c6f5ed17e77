import { desc, eq, sql } from "drizzle-orm";
import {
  countries,
  junctions,
  listingTypeCounts,
  listingTypes,
  roads,
} from "../../db/schema";
import { compareRoads } from "../components/RoadBadge";
import { db } from "../db.server";
import type { HomeRoad } from "./home-roads";
import {
  RENDER_CACHE_SETTLE_MS,
  contentVersion,
} from "../http/content-version.server";

export interface DirectoryStats {
  listingsByType: { typeId: number; name: string; count: number }[];
  /** Each road once, in sign order (`compareRoads`), with what the homepage shows of it and what its road search form needs (the slug). */
  roads: HomeRoad[];
}

/**
 * What the directory holds: live listings per type (from the counter the listings triggers keep in
 * the same transaction, never a count of every listing) and the roads with their junction counts.
 */
export async function directoryStats(): Promise<DirectoryStats> {
  const version = await contentVersion();
  const now = Date.now();
  if (kept?.version !== version)
    kept = { version, seenAt: now, loadedAt: -Infinity, stats: null };
  // As the render cache: what was read within a moment of the version moving may come from a replica
  // that had not yet seen the write, so it is kept only when read after that moment.
  if (kept.stats && kept.loadedAt - kept.seenAt >= RENDER_CACHE_SETTLE_MS)
    return kept.stats;
  const entry = kept;
  const stats = readDirectoryStats();
  stats.catch(() => {
    if (entry.stats === stats) entry.stats = null;
  });
  entry.stats = stats;
  entry.loadedAt = now;
  return stats;
}

/**
 * The last content version's figures: the same object for every homepage while nothing a page shows has
 * changed (its road section's HTML is kept by that object: decision 0323), instead of two statements,
 * one with a count for each road, on every homepage.
 */
let kept: {
  version: string;
  seenAt: number;
  loadedAt: number;
  stats: Promise<DirectoryStats> | null;
} | null = null;

async function readDirectoryStats(): Promise<DirectoryStats> {
  const [byType, roadRows] = await Promise.all([
    db()
      .select({
        typeId: listingTypes.id,
        name: listingTypes.name,
        count: sql<number>`coalesce(${listingTypeCounts.live}, 0)::int`,
      })
      .from(listingTypes)
      .leftJoin(
        listingTypeCounts,
        eq(listingTypeCounts.typeId, listingTypes.id)
      )
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
  // In sign order once here (a stable sort: ties keep the query's order), not on each render: the page's
  // first string comparison in the browser made ICU's collator, about 10 ms of a phone's hydration (decision 0351).
  return { listingsByType: byType, roads: roadRows.sort(compareRoads) };
}
