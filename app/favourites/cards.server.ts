import { listingsById, locationSummary } from "../../geo/listing";
import { sql } from "../db.server";
import { resultCard, type ResultCard } from "../search/view-model";

/** Result cards (the search list's) for listings given by id, in that order. */
export async function resultCards(ids: number[]): Promise<ResultCard[]> {
  const listings = await listingsById(sql(), ids);
  return ids.flatMap((id) => {
    const listing = listings.get(id);
    if (!listing) return [];
    // The search list's own card, so a favourite looks and links exactly as in the results.
    return [resultCard({ distance: null, distanceIn: null, durationIn: null, location: locationSummary(listing), road: listing.road, junction: listing.junction, referencePoint: null, url: listing.url })];
  });
}
