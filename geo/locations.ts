import type { SqlClient } from "../db/client";
import { AppError } from "../core/errors";
import { parseDatabaseId } from "../core/ids";
import type { LocationGallery } from "./gallery";
import { type Listing, live, readListings } from "./listing";

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
  const [listing] = await readListings(sql, sql`l.id = ${id} AND ${live(sql)}`, viewerId);
  if (!listing) throw new AppError(404, "We can't find that location", { code: "location-not-found" });
  return { location: locationDetailsOf(listing), ownerId: listing.userId };
}

/** The Location as the map tooltip and the JSON API give it: the whole description (the caller decides what a premium one shows). */
function locationDetailsOf(listing: Listing): LocationDetails {
  return {
    id: listing.id,
    versionId: listing.versionId,
    slug: listing.slug,
    url: listing.url,
    fullTitle: listing.fullTitle,
    title: listing.title,
    description: listing.description,
    road: listing.road && { id: listing.road.id, name: listing.road.name, slug: listing.road.slug },
    junction: listing.junction && { id: listing.junction.id, number: listing.junction.number, expandedName: listing.junction.expandedName, town: listing.junction.town },
    facilities: listing.facilities.map(({ id, name, slug }) => ({ id, name, slug })),
    gallery: listing.gallery,
    isFavourite: listing.isFavourite,
    status: { id: listing.status },
    lat: listing.lat,
    lng: listing.lng,
    type: { id: listing.type.id },
    has_pub: listing.hasPub,
    has_beach: listing.hasBeach,
    address: listing.address,
    town: listing.town,
    county: listing.county,
    postcode: listing.postcode,
    country: { id: listing.country.id, slug: listing.country.slug },
    free: listing.free,
  };
}
