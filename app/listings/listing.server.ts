// One listing as its pages read it: the listing row, its current version's extras and gallery, its
// road and junction, and who may see or change it.
import { redirect } from "@remix-run/node";
import type { SqlClient } from "../../db/client";
import { type Listing, listingUrl, readListings } from "../../geo/listing";
import { LISTING_STATUS } from "../../db/schema/listings";
import type { SessionUser } from "../auth/guards.server";
import { type GalleryImage, toGalleryImage } from "../../core/images";
import { idFromSegment, isWalkTypePath, SLUG_PATTERN, WALK_TYPES, type WalkTypePath } from "../../core/walk-types";
import { extrasSchema, type ListingExtras } from "./version-data";
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
  /** The current version's photos, in order. */
  gallery: GalleryImage[];
  extras: ListingExtras;
}

function toRecord(listing: Listing): ListingRecord {
  const walkType: WalkTypePath = isWalkTypePath(listing.walkType) ? listing.walkType : "dog-walk";
  const extras = extrasSchema.safeParse(listing.extras ?? undefined);
  const { road, junction } = listing;
  return {
    id: listing.id,
    versionId: listing.versionId,
    slug: listing.slug,
    walkType,
    url: walkType === listing.walkType ? listing.url : listingUrl(walkType, listing.slug),
    typeId: listing.type.id,
    typeName: WALK_TYPES[walkType].label,
    title: listing.title,
    fullTitle: listing.fullTitle,
    description: listing.description,
    address: listing.address,
    town: listing.town,
    county: listing.county,
    postcode: listing.postcode,
    country: listing.country,
    road: road && { id: road.id, name: road.name, slug: road.slug, country: road.country, motorway: road.motorway },
    junction: junction && { id: junction.id, number: junction.number, expandedName: junction.expandedName },
    facilities: listing.facilities,
    hasPub: listing.hasPub,
    hasBeach: listing.hasBeach,
    free: listing.free,
    status: listing.status,
    lat: listing.lat,
    lng: listing.lng,
    userId: listing.userId,
    updatedAt: listing.updatedAt,
    gallery: listing.photos.map((photo) => toGalleryImage({ id: photo.file_id, altTitle: photo.alt_title, createdAt: new Date(photo.created * 1000), versions: photo.versions })),
    extras: extras.success ? extras.data : {},
  };
}

async function findListing(sql: SqlClient, by: { slug: string } | { id: number }): Promise<ListingRecord | null> {
  const [listing] = await readListings(sql, "slug" in by ? sql`l.slug = ${by.slug}` : sql`l.id = ${by.id}`);
  return listing ? toRecord(listing) : null;
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
