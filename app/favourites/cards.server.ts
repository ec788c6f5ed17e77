import { loadJunctions, loadListings, loadRoads } from "../../geo/search/hydrate";
import { sql } from "../db.server";
import { resultCard, type ResultCard } from "../search/view-model";

/** Result cards (the search list's) for listings given by id, in that order. */
export async function resultCards(ids: number[]): Promise<ResultCard[]> {
  const listings = await loadListings(sql(), ids);
  const hydrated = [...listings.values()];
  const [roads, junctions] = await Promise.all([
    loadRoads(sql(), [...new Set(hydrated.flatMap((listing) => (listing.roadId === null ? [] : [listing.roadId])))]),
    loadJunctions(sql(), { ids: [...new Set(hydrated.flatMap((listing) => (listing.junctionId === null ? [] : [listing.junctionId])))] }),
  ]);
  return ids.flatMap((id) => {
    const listing = listings.get(id);
    if (!listing) return [];
    const road = listing.roadId === null ? null : (roads.get(listing.roadId) ?? null);
    const junction = listing.junctionId === null ? null : (junctions.get(listing.junctionId) ?? null);
    // The search list's own card, so a favourite looks and links exactly as in the results.
    return [resultCard({ distance: null, distanceIn: null, durationIn: null, location: listing.location, road, junction, referencePoint: null, url: listing.location.url })];
  });
}
