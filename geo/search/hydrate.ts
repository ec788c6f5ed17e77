import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../../db/client";
import { type GalleryPhotoRow, galleryOf, galleryPhotosSql } from "../gallery";
import type { JunctionSummary, LocationSummary, RoadSummary } from "./types";

export const SNIPPET_LENGTH = 200;

/** Road URLs follow the spec's scheme: /browse/road/{country}/{road-slug}. */
export function roadUrl(country: string, slug: string): string {
  return `/browse/road/${country}/${slug}`;
}

export function listingUrl(walkType: string, slug: string): string {
  return `/${walkType}/${slug}`;
}

/** Plain text of a sanitised description, cut to the spec's snippet length on a word boundary. */
export function snippet(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= SNIPPET_LENGTH) return text;
  const cut = text.slice(0, SNIPPET_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > SNIPPET_LENGTH * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?]+$/, "")}…`;
}

/** A premium listing's description where its full text is not shown: the snippet only, as one escaped paragraph (decision 0177). */
export function lockedDescription(html: string): string {
  return `<p>${snippet(html).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`;
}

export interface ListingRow {
  id: number;
  version_id: number | null;
  slug: string;
  walk_type: string;
  title: string;
  full_title: string;
  description: string;
  type_id: number;
  type_name: string;
  type_path: string;
  facilities: { id: number; name: string; slug: string }[];
  status: number;
  is_favourite: boolean;
  has_pub: boolean;
  has_beach: boolean;
  free: boolean;
  popularity: number;
  lat: number;
  lng: number;
  address: string;
  town: string;
  county: string;
  postcode: string;
  country_id: number;
  country_slug: string;
  photos: GalleryPhotoRow[];
  // The road's and the junction's columns are null exactly when road_id or junction_id is (outer joins).
  road_id: number | null;
  road_name: string;
  road_slug: string;
  road_description: string;
  road_country: string;
  road_motorway: boolean;
  road_icon: string;
  junction_id: number | null;
  junction_road_id: number;
  junction_number: string;
  junction_expanded_name: string;
  junction_position: number;
  junction_town: string | null;
  junction_lat: number;
  junction_lng: number;
}

export interface HydratedListing {
  location: LocationSummary;
  road: RoadSummary | null;
  junction: JunctionSummary | null;
  /** The junction's road: a search's junctions are listed by road, then position. */
  junctionRoadId: number | null;
}

/**
 * The statement that reads listings with everything a result card shows and the spec's whole Location:
 * type, country, facilities, gallery, road and junction, and whether `viewerId` (null: a visitor) has the
 * listing in one of their lists, for the listings `which` (a condition on `l`) selects.
 */
export function listingDetailsSql(sql: SqlClient, which: PendingQuery<Row[]>, viewerId: number | null = null): PendingQuery<Row[]> {
  const favourite =
    viewerId === null
      ? sql`false`
      : sql`EXISTS (SELECT 1 FROM favourite_items fi JOIN favourite_lists fl ON fl.id = fi.list_id WHERE fl.user_id = ${viewerId} AND fi.listing_id = l.id)`;
  return sql`
    SELECT l.id, l.current_version_id AS version_id, l.slug, l.walk_type, l.title, l.full_title, l.description,
           l.type_id, t.name AS type_name, t.path AS type_path, l.has_pub, l.has_beach, l.free, l.popularity, l.status,
           COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'slug', f.slug) ORDER BY f.id)
                     FROM facilities f WHERE f.id = ANY(l.facility_ids)), '[]'::json) AS facilities,
           ${favourite} AS is_favourite,
           ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng, l.address, l.town, l.county, l.postcode,
           l.country_id, c.slug AS country_slug, ${galleryPhotosSql(sql, sql`l.current_version_id`)} AS photos,
           r.id AS road_id, r.name AS road_name, r.slug AS road_slug, r.description AS road_description, rc.slug AS road_country,
           r.motorway AS road_motorway, r.icon AS road_icon,
           j.id AS junction_id, j.road_id AS junction_road_id, j.number AS junction_number, j.expanded_name AS junction_expanded_name,
           j.position AS junction_position, j.town AS junction_town, ST_Y(j.geom) AS junction_lat, ST_X(j.geom) AS junction_lng
    FROM listings l
    JOIN listing_types t ON t.id = l.type_id
    JOIN countries c ON c.id = l.country_id
    LEFT JOIN roads r ON r.id = l.road_id
    LEFT JOIN countries rc ON rc.id = r.country_id
    LEFT JOIN junctions j ON j.id = l.junction_id
    WHERE ${which}`;
}

/**
 * Loads the listings of one page (a handful of ids) with everything a result card shows, in one
 * statement. A route search runs this once after its page query; the other searches read the same
 * columns in their page's statement (`assemble`) and pass them to hydrateListings.
 */
export async function loadListings(sql: SqlClient, ids: number[], viewerId: number | null = null): Promise<Map<number, HydratedListing>> {
  if (ids.length === 0) return new Map();
  return hydrateListings(await sql<ListingRow[]>`${listingDetailsSql(sql, sql`l.id = ANY(${ids}::int[])`, viewerId)}`);
}

/** Result cards' listings by id, from rows of listingDetailsSql. */
export function hydrateListings(rows: readonly ListingRow[]): Map<number, HydratedListing> {
  return new Map(
    rows.map((r) => {
      const road =
        r.road_id === null
          ? null
          : toRoad({ id: r.road_id, name: r.road_name, slug: r.road_slug, description: r.road_description, country: r.road_country, motorway: r.road_motorway, icon: r.road_icon });
      const junction =
        r.junction_id === null
          ? null
          : toJunction({
                id: r.junction_id,
                road_id: r.junction_road_id,
                number: r.junction_number,
                expanded_name: r.junction_expanded_name,
                position: r.junction_position,
                town: r.junction_town,
                lat: r.junction_lat,
                lng: r.junction_lng,
            });
      const location: LocationSummary = {
        id: r.id,
        versionId: r.version_id,
        slug: r.slug,
        url: listingUrl(r.walk_type, r.slug),
        title: r.title,
        fullTitle: r.full_title,
        // A premium listing's full text is for those the listing page shows it to (decision 0270).
        description: r.free ? r.description : lockedDescription(r.description),
        snippet: snippet(r.description),
        road: road && { id: road.id, name: road.name, slug: road.slug },
        junction: junction && { id: junction.id, number: junction.number, expandedName: junction.expandedName, town: junction.town },
        type: { id: r.type_id, name: r.type_name, path: r.type_path },
        facilities: r.facilities,
        status: { id: r.status },
        has_pub: r.has_pub,
        has_beach: r.has_beach,
        free: r.free,
        isFavourite: r.is_favourite,
        popularity: r.popularity,
        lat: r.lat,
        lng: r.lng,
        address: r.address,
        town: r.town,
        county: r.county,
        postcode: r.postcode,
        country: { id: r.country_id, slug: r.country_slug },
        gallery: galleryOf(r.id, r.version_id, r.photos),
      };
      return [r.id, { road, junction, junctionRoadId: r.junction_id === null ? null : r.junction_road_id, location }];
    }),
  );
}

/** The distinct roads and junctions of some hydrated listings: roads by id, junctions by road then position. */
export function roadsAndJunctionsOf(listings: Iterable<HydratedListing>): { roads: RoadSummary[]; junctions: JunctionSummary[] } {
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
