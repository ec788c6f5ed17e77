// What "Keep for offline" stores for a favourites list, a saved trip or one listing: the pages as the
// site renders them, the first photo of each listing at card size, directions, and the map's tiles.
// The browser fetches and stores exactly these URLs (app/offline/keep.client.ts); the estimate shown
// before confirming is computed from them (docs/decisions/0280-offline.md).
import { planTrip } from "../../geo/trip/plan";
import { tripQuerySchema } from "../../geo/trip/query";
import { requireMember } from "../auth/guards.server";
import { sql } from "../db.server";
import { AppError } from "../../core/errors";
import { resultCards } from "../favourites/cards.server";
import { favouriteListingIds, ownList } from "../favourites/favourites.server";
import { appRoutingEngine } from "../geo.server";
import { parseDatabaseId } from "../../core/ids";
import { ownTrip, sharedTrip, TRIP_NOT_FOUND } from "../trips/trips.server";
import { ESTIMATE_BYTES, tileEstimate, type OfflineKind, type OfflinePlan } from "./plan";
import { LISTING_ZOOMS, tilesAlong, tilesAround, tileUrls } from "./tiles";

/** A list keeps at most this many listings (the budget is for 20; lists of a few hundred exist). */
export const MAX_KEPT_LISTINGS = 40;
/** A trip's stops get their own close-up tiles at the zooms a stop's map opens at. */
const STOP_ZOOMS = [11, 12, 13] as const;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

function estimate(plan: Omit<OfflinePlan, "estimateBytes">): number {
  return ESTIMATE_BYTES.appFiles + plan.pages.length * ESTIMATE_BYTES.page + plan.photos.length * ESTIMATE_BYTES.photo + plan.tiles.reduce((sum, url) => sum + tileEstimate(url), 0);
}

function finished(plan: Omit<OfflinePlan, "estimateBytes">): OfflinePlan {
  return { ...plan, estimateBytes: estimate(plan) };
}

async function listPlan(userId: number, id: number): Promise<OfflinePlan> {
  const list = await ownList(userId, id);
  const cards = await resultCards((await favouriteListingIds(userId, id)).slice(0, MAX_KEPT_LISTINGS));
  // Directions from the list's area: its listings' middle point, as the directions page takes a "lat,lng" start.
  const centre = cards.length ? { lat: cards.reduce((s, c) => s + c.lat, 0) / cards.length, lng: cards.reduce((s, c) => s + c.lng, 0) / cards.length } : null;
  const from = centre ? `${round4(centre.lat)},${round4(centre.lng)}` : null;
  return finished({
    key: `list:${list.id}`,
    kind: "list",
    title: list.name,
    url: `/account/favourites/${list.id}`,
    pages: [`/account/favourites/${list.id}`, ...cards.flatMap((card) => [card.url, ...(from ? [`${card.url}/directions?${new URLSearchParams({ from })}`] : [])])],
    photos: cards.flatMap((card) => (card.thumbnail ? [card.thumbnail.url] : [])),
    tiles: tileUrls(tilesAround(cards, LISTING_ZOOMS)),
    listings: cards.map((card) => ({ title: card.title, url: card.url })),
  });
}

async function tripPlan(key: string, title: string, pageUrls: string[], query: ReturnType<typeof tripQuerySchema.parse>): Promise<OfflinePlan> {
  const plan = await planTrip(sql(), appRoutingEngine(), query);
  const stopListings = [...plan.stops.flatMap((stop) => [stop.listing, ...(stop.vet ? [stop.vet] : [])])];
  const cards = await resultCards([...new Set(stopListings.map((listing) => listing.id))]);
  const tiles = new Map<string, string>();
  for (const url of tileUrls([...tilesAlong(plan.route), ...tilesAround(stopListings, STOP_ZOOMS)])) tiles.set(url, url);
  return finished({
    key,
    kind: "trip",
    title,
    url: pageUrls[0],
    pages: [...pageUrls, ...cards.map((card) => card.url)],
    photos: cards.flatMap((card) => (card.thumbnail ? [card.thumbnail.url] : [])),
    tiles: [...tiles.values()],
    listings: cards.map((card) => ({ title: card.title, url: card.url })),
  });
}

async function listingPlan(id: number): Promise<OfflinePlan> {
  const [card] = await resultCards([id]);
  if (!card) throw new AppError(404, "Sorry, we couldn't find that listing.");
  return finished({
    key: `listing:${card.id}`,
    kind: "listing",
    title: card.title,
    url: card.url,
    pages: [card.url],
    photos: card.thumbnail ? [card.thumbnail.url] : [],
    tiles: tileUrls(tilesAround([card], LISTING_ZOOMS)),
    listings: [{ title: card.title, url: card.url }],
  });
}

/** GET /api/offline/{kind}/{id}: the member's plan of what to store. */
export async function offlinePlan(request: Request, kind: string | undefined, ref: string | undefined): Promise<OfflinePlan> {
  const user = await requireMember(request);
  const id = parseDatabaseId(ref);
  switch (kind as OfflineKind | undefined) {
    case "list":
      if (id === null) break;
      return listPlan(user.id, id);
    case "trip": {
      if (id === null) break;
      const trip = await ownTrip(user.id, id);
      const parsed = tripQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(trip.query)));
      if (!parsed.success) throw new AppError(404, TRIP_NOT_FOUND);
      return tripPlan(`trip:${trip.id}`, trip.name, [`/trip?${trip.query}`, ...(trip.shareId ? [`/trips/${trip.shareId}`] : [])], parsed.data);
    }
    case "shared-trip": {
      const shareId = ref ?? "";
      const trip = await sharedTrip(shareId);
      return tripPlan(`shared-trip:${shareId}`, trip.name, [`/trips/${shareId}`], trip.query);
    }
    case "listing":
      if (id === null) break;
      return listingPlan(id);
  }
  throw new AppError(404, "There is nothing to keep at this address.");
}
