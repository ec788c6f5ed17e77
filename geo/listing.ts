// The listing read model (docs/decisions/0305-one-listing-read-model.md): one column fragment, one row
// type, one mapper. Every page, search, API call and directions request that shows a listing reads it
// through `listingSql` and `toListing`; what each one returns is a view of the same `Listing`.
import type { PendingQuery, Row } from "postgres";
import type { SqlClient } from "../db/client";
import { keptByText } from "../kit/kept-by-text";
import { type GalleryPhotoRow, type LocationGallery, galleryOf, galleryPhotosSql } from "./gallery";
import { roadUrl } from "./search/hydrate";
import type { CardLocation, JunctionSummary, LocationSummary, RoadSummary } from "./search/types";

type Fragment = PendingQuery<Row[]>;

/**
 * "The listing is live" on the listings alias `alias`. The 2 stays a literal, never a parameter: the
 * partial indexes that serve searches and tiles (listings_location_live, listings_*_live,
 * listings_tile_band_*) are `WHERE status = 2`, and the planner uses one only when the query's own
 * condition is that text.
 */
export function live(sql: SqlClient, alias = "l"): Fragment {
  return sql`${sql(alias)}.status = 2`;
}

/** A listing's public URL; in SQL it is `listing_url(walk_type, slug)` (migration 0042). */
export function listingUrl(walkType: string, slug: string): string {
  return `/${walkType}/${slug}`;
}

export const SNIPPET_LENGTH = 200;

/** Plain text of a sanitised description, cut to the spec's snippet length on a word boundary. */
export const snippet = keptByText(snippetOf, 500_000, (text) => text.length);

/**
 * A snippet, worked out: `snippet` keeps them by the description (decision 0331), as every results page
 * asks for the snippets of its 20 listings (about 0.1 ms of regular expressions a page).
 */
function snippetOf(html: string): string {
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

export interface Facility {
  id: number;
  name: string;
  slug: string;
  icon: string;
}

/** One row of `listingSql`. It also travels as JSON (a search page reads its listings with json_agg), so every column is JSON-safe. */
export interface ListingRow {
  id: number;
  version_id: number | null;
  slug: string;
  walk_type: string;
  url: string;
  title: string;
  full_title: string;
  description: string;
  type_id: number;
  type_name: string;
  type_path: string;
  facilities: Facility[];
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
  country_name: string;
  country_slug: string;
  user_id: number | null;
  /** ISO 8601 in UTC, to the second. */
  updated_at: string;
  /** Seconds since 1970. */
  updated_at_seconds: number;
  photos: GalleryPhotoRow[];
  /** The current version's extra details (listing_versions.data->'extras'), unparsed: app/listings/version-data.ts reads them. */
  extras: unknown;
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

/**
 * The one statement that reads listings: everything any view of a listing shows, for the listings
 * `which` (a condition on `l`) selects, and whether `viewerId` (null: a visitor) has each in one of
 * their lists. It does not filter on status: callers add `live(sql)` where only live listings may show.
 */
export function listingSql(sql: SqlClient, which: Fragment, viewerId: number | null = null): Fragment {
  const favourite =
    viewerId === null
      ? sql`false`
      : sql`EXISTS (SELECT 1 FROM favourite_items fi JOIN favourite_lists fl ON fl.id = fi.list_id WHERE fl.user_id = ${viewerId} AND fi.listing_id = l.id)`;
  return sql`
    SELECT ${cardColumns(sql)}, l.slug, l.walk_type, l.full_title, l.has_pub, l.has_beach, l.popularity, l.status,
           COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'slug', f.slug, 'icon', f.icon) ORDER BY f.id)
                     FROM facilities f WHERE f.id = ANY(l.facility_ids)), '[]'::json) AS facilities,
           ${favourite} AS is_favourite,
           l.address, l.postcode, l.country_id, c.name AS country_name, c.slug AS country_slug, l.user_id,
           to_char(l.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at,
           floor(extract(epoch FROM l.updated_at))::float8 AS updated_at_seconds,
           (SELECT v.data->'extras' FROM listing_versions v WHERE v.id = l.current_version_id) AS extras
    FROM ${cardJoins(sql)}
    JOIN countries c ON c.id = l.country_id
    WHERE ${which}`;
}

/** The columns a result card is made from (`ListingCardRow`): the first of `listingSql`'s, all of `listingCardSql`'s. */
function cardColumns(sql: SqlClient): Fragment {
  return sql`
    l.id, l.current_version_id AS version_id, listing_url(l.walk_type, l.slug) AS url, l.title, l.description,
    l.type_id, t.name AS type_name, t.path AS type_path, l.free,
    ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng, l.town, l.county,
    ${galleryPhotosSql(sql, sql`l.current_version_id`)} AS photos,
    r.id AS road_id, r.name AS road_name, r.slug AS road_slug, r.description AS road_description, rc.slug AS road_country,
    r.motorway AS road_motorway, r.icon AS road_icon,
    j.id AS junction_id, j.road_id AS junction_road_id, j.number AS junction_number, j.expanded_name AS junction_expanded_name,
    j.position AS junction_position, j.town AS junction_town, ST_Y(j.geom) AS junction_lat, ST_X(j.geom) AS junction_lng`;
}

/** The listing, its type, its road (and the road's country) and its junction: the joins both reads share. */
function cardJoins(sql: SqlClient): Fragment {
  return sql`listings l
    JOIN listing_types t ON t.id = l.type_id
    LEFT JOIN roads r ON r.id = l.road_id
    LEFT JOIN countries rc ON rc.id = r.country_id
    LEFT JOIN junctions j ON j.id = l.junction_id`;
}

/** The columns of `listingSql` a result card is made from (`ListingCardRow`), in its order. */
export type ListingCardColumn =
  | "id" | "version_id" | "url" | "title" | "description" | "type_id" | "type_name" | "type_path" | "free" | "lat" | "lng" | "town" | "county" | "photos"
  | "road_id" | "road_name" | "road_slug" | "road_description" | "road_country" | "road_motorway" | "road_icon"
  | "junction_id" | "junction_road_id" | "junction_number" | "junction_expanded_name" | "junction_position" | "junction_town" | "junction_lat" | "junction_lng";

/** A row of `listingCardSql`: the columns of a `ListingRow` a result card shows (decision 0341). */
export type ListingCardRow = Pick<ListingRow, ListingCardColumn>;

/**
 * `listingSql`'s card projection (decision 0341): the same columns a card is made from (`cardColumns`, the
 * very fragment `listingSql` starts with) over the same joins, without the rest. A results page's 20
 * listings are read with it: they never show a listing's facilities, address, country, owner, extras or
 * favourite flag (a member's favourites come with the page), which were most of their bytes.
 */
export function listingCardSql(sql: SqlClient, which: Fragment): Fragment {
  return sql`SELECT ${cardColumns(sql)} FROM ${cardJoins(sql)} WHERE ${which}`;
}

/** A listing as every view of it starts from. */
export interface Listing {
  id: number;
  versionId: number | null;
  slug: string;
  walkType: string;
  url: string;
  title: string;
  fullTitle: string;
  /** Sanitised HTML as stored: views decide whether a premium listing's is shown in full. */
  description: string;
  type: { id: number; name: string; path: string };
  facilities: Facility[];
  status: number;
  isFavourite: boolean;
  hasPub: boolean;
  hasBeach: boolean;
  /** false means premium. */
  free: boolean;
  popularity: number;
  lat: number;
  lng: number;
  address: string;
  town: string;
  county: string;
  postcode: string;
  country: { id: number; name: string; slug: string };
  userId: number | null;
  updatedAt: string;
  updatedAtSeconds: number;
  /** The current version's photos, in order: the one gallery read (the spec's gallery below, and the listing page's images). */
  photos: GalleryPhotoRow[];
  gallery: LocationGallery;
  extras: unknown;
  road: RoadSummary | null;
  junction: JunctionSummary | null;
  /** The junction's road: a search's junctions are listed by road, then position. */
  junctionRoadId: number | null;
}

/** A `Listing`'s fields a result card is made from: what `toListing` makes of a `ListingCardRow`. */
export type ListingCard = Pick<Listing, "id" | "versionId" | "url" | "title" | "description" | "type" | "free" | "lat" | "lng" | "town" | "county" | "photos" | "gallery" | "road" | "junction" | "junctionRoadId">;

/**
 * The one mapper from a row of `listingSql`, or of its card projection `listingCardSql` (decision 0341):
 * a card row gives the `ListingCard` fields, mapped by the same lines.
 */
export function toListing(r: ListingRow): Listing;
export function toListing(r: ListingCardRow): ListingCard;
export function toListing(r: ListingCardRow | ListingRow): ListingCard | Listing {
  if (!("slug" in r)) return listingCardOf(r);
  const card = listingCardOf(r);
  return {
    id: card.id,
    versionId: card.versionId,
    slug: r.slug,
    walkType: r.walk_type,
    url: card.url,
    title: card.title,
    fullTitle: r.full_title,
    description: card.description,
    type: card.type,
    facilities: r.facilities,
    status: r.status,
    isFavourite: r.is_favourite,
    hasPub: r.has_pub,
    hasBeach: r.has_beach,
    free: card.free,
    popularity: r.popularity,
    lat: card.lat,
    lng: card.lng,
    address: r.address,
    town: card.town,
    county: card.county,
    postcode: r.postcode,
    country: { id: r.country_id, name: r.country_name, slug: r.country_slug },
    userId: r.user_id,
    updatedAt: r.updated_at,
    updatedAtSeconds: r.updated_at_seconds,
    photos: card.photos,
    gallery: card.gallery,
    extras: r.extras,
    road: card.road,
    junction: card.junction,
    junctionRoadId: card.junctionRoadId,
  };
}

/** `toListing`'s card fields, the columns both fragments read. */
function listingCardOf(r: ListingCardRow): ListingCard {
  return {
    id: r.id,
    versionId: r.version_id,
    url: r.url,
    title: r.title,
    description: r.description,
    type: { id: r.type_id, name: r.type_name, path: r.type_path },
    free: r.free,
    lat: r.lat,
    lng: r.lng,
    town: r.town,
    county: r.county,
    photos: r.photos,
    gallery: galleryOf(r.id, r.version_id, r.photos),
    road:
      r.road_id === null
        ? null
        : {
            id: r.road_id,
            name: r.road_name,
            slug: r.road_slug,
            description: r.road_description,
            country: r.road_country,
            motorway: r.road_motorway,
            icon: r.road_icon,
            url: roadUrl(r.road_country, r.road_slug),
          },
    junction:
      r.junction_id === null
        ? null
        : {
            id: r.junction_id,
            number: r.junction_number,
            expandedName: r.junction_expanded_name,
            position: r.junction_position,
            town: r.junction_town,
            lat: r.junction_lat,
            lng: r.junction_lng,
          },
    junctionRoadId: r.junction_id === null ? null : r.junction_road_id,
  };
}

/** The listings `which` selects (any status), for the viewer. */
export async function readListings(sql: SqlClient, which: Fragment, viewerId: number | null = null): Promise<Listing[]> {
  return (await sql<ListingRow[]>`${listingSql(sql, which, viewerId)}`).map((r) => toListing(r));
}

/** Listings by id (a page of results, a list's cards), any status, for the viewer. */
export async function listingsById(sql: SqlClient, ids: number[], viewerId: number | null = null): Promise<Map<number, Listing>> {
  if (ids.length === 0) return new Map();
  return new Map((await readListings(sql, sql`l.id = ANY(${ids}::int[])`, viewerId)).map((listing) => [listing.id, listing]));
}

/** Listings by id as their result cards show them (`listingCardSql`), any status. */
export async function listingCardsById(sql: SqlClient, ids: number[]): Promise<Map<number, ListingCard>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<ListingCardRow[]>`${listingCardSql(sql, sql`l.id = ANY(${ids}::int[])`)}`;
  return new Map(rows.map((r) => [r.id, toListing(r)]));
}

/** What a result card shows of a listing: `locationSummary`'s fields that a `ListingCard` has (decision 0341). */
export function cardSummary(listing: ListingCard): CardLocation {
  return {
    id: listing.id,
    url: listing.url,
    title: listing.title,
    snippet: snippet(listing.description),
    type: listing.type,
    free: listing.free,
    lat: listing.lat,
    lng: listing.lng,
    town: listing.town,
    county: listing.county,
    gallery: listing.gallery,
  };
}

/** The spec's Location (§3) as a search result carries it, with the card's snippet, type name and popularity. */
export function locationSummary(listing: Listing): LocationSummary {
  return {
    id: listing.id,
    versionId: listing.versionId,
    slug: listing.slug,
    url: listing.url,
    title: listing.title,
    fullTitle: listing.fullTitle,
    // A premium listing's full text is for those the listing page shows it to (decision 0270).
    description: listing.free ? listing.description : lockedDescription(listing.description),
    snippet: snippet(listing.description),
    road: listing.road && { id: listing.road.id, name: listing.road.name, slug: listing.road.slug },
    junction: listing.junction && { id: listing.junction.id, number: listing.junction.number, expandedName: listing.junction.expandedName, town: listing.junction.town },
    type: listing.type,
    facilities: listing.facilities.map(({ id, name, slug }) => ({ id, name, slug })),
    status: { id: listing.status },
    has_pub: listing.hasPub,
    has_beach: listing.hasBeach,
    free: listing.free,
    isFavourite: listing.isFavourite,
    popularity: listing.popularity,
    lat: listing.lat,
    lng: listing.lng,
    address: listing.address,
    town: listing.town,
    county: listing.county,
    postcode: listing.postcode,
    country: { id: listing.country.id, slug: listing.country.slug },
    gallery: listing.gallery,
  };
}
