import type { SqlClient } from "../db/client";
import { LISTING_STATUS } from "../db/schema/listings";
import { AppError } from "../core/errors";
import { parseDatabaseId } from "../core/ids";
import { type GalleryPhotoRow, type LocationGallery, galleryOf, galleryPhotosSql } from "./gallery";

/** The spec's Location (a listing) as the map tooltip and outside clients read it. */
export interface LocationDetails {
  id: number;
  versionId: number | null;
  slug: string;
  url: string;
  fullTitle: string;
  title: string;
  /** Sanitised HTML (p, br, strong, ul, li, ol, span, em). */
  description: string;
  road: { id: number; name: string; slug: string } | null;
  junction: { id: number; number: string; expandedName: string; town: string | null } | null;
  facilities: { id: number; name: string; slug: string }[];
  gallery: LocationGallery;
  /** Whether the viewer has the listing in one of their lists (false for visitors). */
  isFavourite: boolean;
  status: { id: number };
  lat: number;
  lng: number;
  type: { id: number };
  has_pub: boolean;
  has_beach: boolean;
  address: string;
  town: string;
  county: string;
  postcode: string;
  country: { id: number; slug: string };
  /** false means premium. */
  free: boolean;
}

interface LocationRow {
  id: number;
  current_version_id: number | null;
  slug: string;
  walk_type: string;
  full_title: string;
  title: string;
  description: string;
  road_id: number | null;
  road_name: string | null;
  road_slug: string | null;
  junction_id: number | null;
  junction_number: string | null;
  junction_expanded_name: string | null;
  junction_town: string | null;
  facilities: { id: number; name: string; slug: string }[];
  photos: GalleryPhotoRow[];
  /** Whether the viewer (if any) has it in one of their lists. */
  is_favourite: boolean;
  status: number;
  lat: number;
  lng: number;
  type_id: number;
  has_pub: boolean;
  has_beach: boolean;
  address: string;
  town: string;
  county: string;
  postcode: string;
  country_id: number;
  country_slug: string;
  free: boolean;
  user_id: number | null;
}

/** A listing id from a URL segment: digits within the integer range, else an AppError 400. */
export function parseLocationId(segment: string | undefined): number {
  const id = parseDatabaseId(segment);
  if (id === null) {
    throw new AppError(400, "A location id is a positive whole number", { fieldErrors: { id: "Please give a numeric location id" } });
  }
  return id;
}

/**
 * A live listing's details, or an AppError 404 when there is none (unknown, draft, submitted or denied).
 * Apart from the Location (never part of the JSON): the member who owns it, so the caller can decide what a
 * premium listing shows without a second query.
 */
export async function locationDetails(sql: SqlClient, id: number, viewerId: number | null = null): Promise<{ location: LocationDetails; ownerId: number | null }> {
  const [row] = await sql<LocationRow[]>`
    SELECT l.id, l.current_version_id, l.slug, l.walk_type, l.full_title, l.title, l.description,
           r.id AS road_id, r.name AS road_name, r.slug AS road_slug,
           j.id AS junction_id, j.number AS junction_number, j.expanded_name AS junction_expanded_name, j.town AS junction_town,
           COALESCE((
             SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'slug', f.slug) ORDER BY f.id)
             FROM facilities f WHERE f.id = ANY(l.facility_ids)
           ), '[]'::json) AS facilities,
           ${galleryPhotosSql(sql, sql`l.current_version_id`)} AS photos,
           EXISTS (SELECT 1 FROM favourite_items i JOIN favourite_lists fl ON fl.id = i.list_id WHERE i.listing_id = l.id AND fl.user_id = ${viewerId}::int) AS is_favourite,
           l.status, ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng, l.type_id,
           l.has_pub, l.has_beach, l.address, l.town, l.county, l.postcode,
           l.country_id, co.slug AS country_slug, l.free, l.user_id
    FROM listings l
    JOIN countries co ON co.id = l.country_id
    LEFT JOIN roads r ON r.id = l.road_id
    LEFT JOIN junctions j ON j.id = l.junction_id
    WHERE l.id = ${id} AND l.status = ${LISTING_STATUS.live}`;
  if (!row) throw new AppError(404, "We can't find that location", { code: "location-not-found" });
  return { location: { ...toLocationDetails(row), isFavourite: row.is_favourite }, ownerId: row.user_id };
}

function toLocationDetails(row: LocationRow): LocationDetails {
  return {
    id: row.id,
    versionId: row.current_version_id,
    slug: row.slug,
    url: `/${row.walk_type}/${row.slug}`,
    fullTitle: row.full_title,
    title: row.title,
    description: row.description,
    road: row.road_id !== null && row.road_name !== null && row.road_slug !== null ? { id: row.road_id, name: row.road_name, slug: row.road_slug } : null,
    junction:
      row.junction_id !== null && row.junction_number !== null && row.junction_expanded_name !== null
        ? { id: row.junction_id, number: row.junction_number, expandedName: row.junction_expanded_name, town: row.junction_town }
        : null,
    facilities: row.facilities,
    gallery: galleryOf(row.id, row.current_version_id, row.photos),
    isFavourite: false,
    status: { id: row.status },
    lat: row.lat,
    lng: row.lng,
    type: { id: row.type_id },
    has_pub: row.has_pub,
    has_beach: row.has_beach,
    address: row.address,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    country: { id: row.country_id, slug: row.country_slug },
    free: row.free,
  };
}
