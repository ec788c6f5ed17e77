import { loadJunctions, loadListings, loadRoads } from "../../geo/search/hydrate";
import { sql } from "../db.server";
import type { ResultCard } from "../search/view-model";

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
    const { location } = listing;
    const road = listing.roadId === null ? null : roads.get(listing.roadId);
    const junction = listing.junctionId === null ? null : junctions.get(listing.junctionId);
    return [
      {
        id: location.id,
        url: location.url,
        title: location.title,
        snippet: location.snippet,
        typeId: location.type.id,
        distance: null,
        distanceIn: null,
        junction: junction ? (road ? `${road.name} ${junction.expandedName}` : junction.expandedName) : null,
        place: [location.town, location.county].filter(Boolean).join(", "),
        premium: !location.free,
        lat: location.lat,
        lng: location.lng,
      },
    ];
  });
}
