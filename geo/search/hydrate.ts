import type { SqlClient } from "../../db/client";
import type { JunctionSummary, RoadSummary } from "./types";

/** Road URLs follow the spec's scheme: /browse/road/{country}/{road-slug}. */
export function roadUrl(country: string, slug: string): string {
  return `/browse/road/${country}/${slug}`;
}

/** The distinct roads and junctions of some hydrated listings: roads by id, junctions by road then position. */
export function roadsAndJunctionsOf(listings: Iterable<{ road: RoadSummary | null; junction: JunctionSummary | null; junctionRoadId: number | null }>): { roads: RoadSummary[]; junctions: JunctionSummary[] } {
  const roads = new Map<number, RoadSummary>();
  const junctions = new Map<number, { junction: JunctionSummary; roadId: number }>();
  for (const listing of listings) {
    if (listing.road) roads.set(listing.road.id, listing.road);
    if (listing.junction) junctions.set(listing.junction.id, { junction: listing.junction, roadId: listing.junctionRoadId ?? 0 });
  }
  return {
    roads: [...roads.values()].sort((a, b) => a.id - b.id),
    junctions: [...junctions.values()].sort((a, b) => a.roadId - b.roadId || a.junction.position - b.junction.position).map((j) => j.junction),
  };
}

interface RoadRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  country: string;
  motorway: boolean;
  icon: string;
}

function toRoad(r: RoadRow): RoadSummary {
  return { ...r, url: roadUrl(r.country, r.slug) };
}

const ROAD_COLUMNS = (sql: SqlClient) => sql`r.id, r.name, r.slug, r.description, c.slug AS country, r.motorway, r.icon`;

/** A road by id, by name ("M6", "A1(M)") or by country and slug. */
export async function findRoad(sql: SqlClient, by: { id?: number; name?: string; slug?: string; country?: string }): Promise<RoadSummary | null> {
  const where =
    by.id !== undefined
      ? sql`r.id = ${by.id}`
      : by.slug
        ? by.country
          ? sql`r.slug = ${by.slug} AND c.slug = ${by.country}`
          : sql`r.slug = ${by.slug}`
        : sql`upper(r.name) = upper(${by.name ?? ""})`;
  const rows = await sql<RoadRow[]>`
    SELECT ${ROAD_COLUMNS(sql)} FROM roads r JOIN countries c ON c.id = r.country_id WHERE ${where}
    ORDER BY c.id DESC, r.id LIMIT 1`;
  return rows[0] ? toRoad(rows[0]) : null;
}

interface JunctionRow {
  id: number;
  road_id: number;
  number: string;
  expanded_name: string;
  position: number;
  town: string | null;
  lat: number;
  lng: number;
}

function toJunction(r: JunctionRow): JunctionSummary {
  return { id: r.id, number: r.number, expandedName: r.expanded_name, position: r.position, town: r.town, lat: r.lat, lng: r.lng };
}

/** A road's junctions in order along it. */
export async function loadJunctions(sql: SqlClient, roadId: number): Promise<JunctionSummary[]> {
  const rows = await sql<JunctionRow[]>`
    SELECT j.id, j.road_id, j.number, j.expanded_name, j.position, j.town, ST_Y(j.geom) AS lat, ST_X(j.geom) AS lng
    FROM junctions j WHERE j.road_id = ${roadId} ORDER BY j.position`;
  return rows.map(toJunction);
}
