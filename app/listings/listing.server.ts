// One listing as its pages read it: the listing row, its current version's extras and gallery, its
// road and junction, and who may see or change it.
import { redirect } from "@remix-run/node";
import type { SqlClient } from "../../db/client";
import { LISTING_STATUS } from "../../db/schema/listings";
import type { SessionUser } from "../auth/guards.server";
import { idFromSegment, isWalkTypePath, SLUG_PATTERN, WALK_TYPES, type WalkTypePath } from "../../core/walk-types";
import { readVersionData, type ListingExtras } from "./version-data";
import { AppError } from "../../core/errors";

export interface ListingRecord {
  id: number;
  versionId: number | null;
  slug: string;
  walkType: WalkTypePath;
  url: string;
  typeId: number;
  typeName: string;
  title: string;
  fullTitle: string;
  description: string;
  address: string;
  town: string;
  county: string;
  postcode: string;
  country: { id: number; name: string; slug: string };
  road: { id: number; name: string; slug: string; country: string; motorway: boolean } | null;
  junction: { id: number; number: string; expandedName: string } | null;
  facilities: { id: number; name: string; slug: string; icon: string }[];
  hasPub: boolean;
  hasBeach: boolean;
  free: boolean;
  status: number;
  lat: number;
  lng: number;
  userId: number | null;
  updatedAt: string;
  gallery: string[];
  extras: ListingExtras;
}

interface Row {
  id: number;
  current_version_id: number | null;
  slug: string;
  walk_type: string;
  type_id: number;
  title: string;
  full_title: string;
  description: string;
  address: string;
  town: string;
  county: string;
  postcode: string;
  country_id: number;
  country_name: string;
  country_slug: string;
  road_id: number | null;
  road_name: string | null;
  road_slug: string | null;
  road_country: string | null;
  road_motorway: boolean | null;
  junction_id: number | null;
  junction_number: string | null;
  junction_expanded_name: string | null;
  facilities: { id: number; name: string; slug: string; icon: string }[];
  has_pub: boolean;
  has_beach: boolean;
  free: boolean;
  status: number;
  lat: number;
  lng: number;
  user_id: number | null;
  updated_at: string;
  version_data: unknown;
}

function toRecord(row: Row): ListingRecord {
  const walkType: WalkTypePath = isWalkTypePath(row.walk_type) ? row.walk_type : "dog-walk";
  const version = readVersionData(row.version_data);
  return {
    id: row.id,
    versionId: row.current_version_id,
    slug: row.slug,
    walkType,
    url: `/${walkType}/${row.slug}`,
    typeId: row.type_id,
    typeName: WALK_TYPES[walkType].label,
    title: row.title,
    fullTitle: row.full_title,
    description: row.description,
    address: row.address,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    country: { id: row.country_id, name: row.country_name, slug: row.country_slug },
    road:
      row.road_id !== null && row.road_name !== null && row.road_slug !== null
        ? { id: row.road_id, name: row.road_name, slug: row.road_slug, country: row.road_country ?? "", motorway: row.road_motorway ?? false }
        : null,
    junction: row.junction_id !== null && row.junction_number !== null && row.junction_expanded_name !== null ? { id: row.junction_id, number: row.junction_number, expandedName: row.junction_expanded_name } : null,
    facilities: row.facilities,
    hasPub: row.has_pub,
    hasBeach: row.has_beach,
    free: row.free,
    status: row.status,
    lat: row.lat,
    lng: row.lng,
    userId: row.user_id,
    updatedAt: row.updated_at,
    gallery: version.gallery,
    extras: version.extras,
  };
}

async function findListing(sql: SqlClient, by: { slug: string } | { id: number }): Promise<ListingRecord | null> {
  const where = "slug" in by ? sql`l.slug = ${by.slug}` : sql`l.id = ${by.id}`;
  const [row] = await sql<Row[]>`
    SELECT l.id, l.current_version_id, l.slug, l.walk_type, l.type_id, l.title, l.full_title, l.description,
           l.address, l.town, l.county, l.postcode, l.country_id, co.name AS country_name, co.slug AS country_slug,
           r.id AS road_id, r.name AS road_name, r.slug AS road_slug, rc.slug AS road_country, r.motorway AS road_motorway,
           j.id AS junction_id, j.number AS junction_number, j.expanded_name AS junction_expanded_name,
           COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'slug', f.slug, 'icon', f.icon) ORDER BY f.id)
                     FROM facilities f WHERE f.id = ANY(l.facility_ids)), '[]'::json) AS facilities,
           l.has_pub, l.has_beach, l.free, l.status, ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng,
           l.user_id, to_char(l.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at, v.data AS version_data
    FROM listings l
    JOIN countries co ON co.id = l.country_id
    LEFT JOIN roads r ON r.id = l.road_id
    LEFT JOIN countries rc ON rc.id = r.country_id
    LEFT JOIN junctions j ON j.id = l.junction_id
    LEFT JOIN listing_versions v ON v.id = l.current_version_id
    WHERE ${where}`;
  return row ? toRecord(row) : null;
}

/** Who may see a listing that is not live (draft, submitted, denied): its author and administrators. */
export function canManage(listing: Pick<ListingRecord, "userId">, user: SessionUser | null): boolean {
  return user !== null && (user.isAdmin || (listing.userId !== null && listing.userId === user.id));
}

function notFound(): never {
  throw new AppError(404, "Not found");
}

/**
 * The listing a /{type}/{slug}[/…] URL names, for the viewer: unknown or hidden → 404; the right slug
 * under the wrong type segment → a permanent redirect to the canonical URL (keeping the rest of the
 * path and the query). A `_{id}` segment (the spec's /dog-walk/_{id}/… modal variants) names it by id.
 */
export async function listingForRequest(sql: SqlClient, request: Request, segment: string | undefined, user: SessionUser | null, options: { byIdAnyType?: boolean } = {}): Promise<ListingRecord> {
  const raw = segment ?? "";
  const id = idFromSegment(raw);
  if (id === null && !SLUG_PATTERN.test(raw)) notFound();
  const listing = await findListing(sql, id === null ? { slug: raw } : { id });
  if (!listing) notFound();
  if (listing.status !== LISTING_STATUS.live && !canManage(listing, user)) notFound();
  if (id === null || !options.byIdAnyType) {
    const url = new URL(request.url);
    const [, typeSegment, slugSegment, ...rest] = url.pathname.split("/");
    if (id !== null || typeSegment !== listing.walkType || slugSegment !== listing.slug) {
      const tail = rest.length ? `/${rest.join("/")}` : "";
      throw redirect(`${listing.url}${tail}${url.search}`, 301);
    }
  }
  return listing;
}
