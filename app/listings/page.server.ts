// Everything the /{type}/{slug} page shows, in one call from its loader.
import { data } from "@remix-run/node";
import { NEARBY_DISTANCE_MILES, NEARBY_FALLBACK_MILES } from "../../geo/search/filters";
import { nearbyPlaces } from "../../geo/search/nearby";
import { snippet } from "../../geo/listing";
import { keptByText } from "../../kit/kept-by-text";
import { LISTING_STATUS } from "../../db/schema/listings";
import { getSessionUser } from "../auth/guards.server";
import { sql } from "../db.server";
import { isFavourite } from "../favourites/favourites.server";
import { pageUrl } from "../mail/links.server";
import { pendingReviewCount, visibleReviews } from "../reviews/reviews.server";
import { canManage, listingForRequest } from "./listing.server";
import { hasFullAccess, lockedDescription, premiumGate } from "./premium.server";
import { htmlToText, sanitiseDescription } from "./sanitise.server";
import { structuredData } from "./structured-data";

export interface NearbyCard {
  id: number;
  url: string;
  title: string;
  distance: number | null;
  typeId: number;
}

const COUNTRY_CODES: Record<string, string> = { "united-kingdom": "GB", france: "FR" };

export interface Nearby {
  /** "any-type" when nothing of the listing's type is within 0.3 miles: the places are the nearest of any type. */
  kind: "same-type" | "any-type";
  places: NearbyCard[];
  /** How far each look went: same type, then any type. */
  sameTypeMiles: number;
  anyTypeMiles: number;
}

async function nearby(listing: { id: number; lat: number; lng: number; typeId: number }): Promise<Nearby> {
  const found = await nearbyPlaces(sql(), listing);
  return { kind: found.kind, places: found.results, sameTypeMiles: NEARBY_DISTANCE_MILES, anyTypeMiles: NEARBY_FALLBACK_MILES };
}

/** A stored description as the page shows it: sanitised HTML, its plain text (structured data) and its snippet. */
interface ShownDescription {
  html: string;
  text: string;
  snippet: string;
}

/**
 * A description as the page shows it, kept by the stored HTML (decision 0331): sanitising is a parse of
 * the HTML by sanitize-html, twice (the HTML and its plain text), on every page view, and each depends on
 * the stored text alone; an edited description is a new key. Up to a million characters in all (about
 * 2 MB; a description is about 250 characters in the demo data, at most 20,000).
 */
const shownDescription = keptByText(
  (stored): ShownDescription => {
    const html = sanitiseDescription(stored);
    return { html, text: htmlToText(html), snippet: snippet(html) };
  },
  1_000_000,
  (shown) => shown.html.length + shown.text.length + shown.snippet.length,
);

export async function loadListingPage(request: Request, slug: string | undefined) {
  const user = await getSessionUser(request);
  const listing = await listingForRequest(sql(), request, slug, user);
  const live = listing.status === LISTING_STATUS.live;
  // Subscribers see premium listings in full, and so do the listing's managers (its owner, administrators).
  const fullAccess = await hasFullAccess(listing, user);
  const gallery = listing.gallery;
  const [gate, reviewData, favourite, nearbyCards, pending] = await Promise.all([
    premiumGate(request, listing, fullAccess),
    visibleReviews(listing.id),
    user ? isFavourite(user.id, listing.id) : Promise.resolve(false),
    live ? nearby(listing) : Promise.resolve<Nearby>({ kind: "same-type", places: [], sameTypeMiles: NEARBY_DISTANCE_MILES, anyTypeMiles: NEARBY_FALLBACK_MILES }),
    user ? pendingReviewCount(user.id, listing.id) : Promise.resolve(0),
  ]);
  const shown = shownDescription(listing.description);
  const description = shown.html;
  const locked = gate.gate.locked;
  const page = {
    listing: {
      id: listing.id,
      url: listing.url,
      walkType: listing.walkType,
      typeId: listing.typeId,
      typeName: listing.typeName,
      title: listing.title,
      fullTitle: listing.fullTitle,
      description: locked ? lockedDescription(description) : description,
      address: locked ? null : { line: listing.address, town: listing.town, county: listing.county, postcode: listing.postcode, country: listing.country.name },
      road: listing.road,
      junction: listing.junction,
      facilities: listing.facilities,
      hasPub: listing.hasPub,
      hasBeach: listing.hasBeach,
      premium: !listing.free,
      status: listing.status,
      lat: listing.lat,
      lng: listing.lng,
      extras: locked ? {} : listing.extras,
      updatedAt: listing.updatedAt,
    },
    gallery: locked ? gallery.slice(0, 1) : gallery,
    reviews: reviewData.reviews,
    reviewSummary: reviewData.summary,
    pendingReviews: pending,
    nearby: nearbyCards,
    viewer: { member: user !== null, canEdit: canManage(listing, user), isFavourite: favourite },
    gate: gate.gate,
    shareUrl: pageUrl(listing.url),
    structuredData: live
      ? structuredData({
          url: pageUrl(listing.url),
          walkType: listing.walkType,
          fullTitle: listing.fullTitle,
          // A locked page's structured data says no more than the page: the snippet, and no street address.
          descriptionText: locked ? shown.snippet : shown.text,
          address: locked ? "" : listing.address,
          town: listing.town,
          county: listing.county,
          postcode: locked ? "" : listing.postcode,
          countryCode: COUNTRY_CODES[listing.country.slug] ?? null,
          lat: listing.lat,
          lng: listing.lng,
          image: gallery[0]?.versions["3"] ? pageUrl(gallery[0].versions["3"].url) : null,
          rating: reviewData.summary,
        })
      : null,
    metaDescription: shown.snippet,
  };
  const headers: HeadersInit = gate.setCookie ? { "Set-Cookie": gate.setCookie } : {};
  return data(page, { headers });
}

export type ListingPageData = Awaited<ReturnType<typeof loadListingPage>>["data"];
