import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ListingCardColumn, type ListingCardRow, type ListingRow, listingCardSql, listingSql } from "../../geo/listing";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { parseFilters, search } from "../../geo/search";
import type { CardLocation, LocationSummary } from "../../geo/search/types";
import { resultsData } from "../../app/search/view-model";
import { connectTestDatabase } from "../support/database";
import { giveListingAPhoto } from "../support/listing-photo";

// Decision 0341: a results page reads its listings as their cards show them (listingCardSql, read: "card").
// What the page makes of them must be what it made of the whole read, for every kind of search, a
// listing with a photo (the card's thumbnail), premium listings, roads and junctions.
const { sql, close } = connectTestDatabase();
const engine = createPgRoutingEngine(sql);
const FILE_ID = "c4d0a1b2e3f4a5b6c7d8e9f0";
let versionId = 0;
let photo: Awaited<ReturnType<typeof giveListingAPhoto>> | undefined;

beforeAll(async () => {
  photo = await giveListingAPhoto(sql, "London", FILE_ID);
  versionId = photo.versionId;
});

afterAll(async () => {
  await photo?.restore();
  await close();
});

const CARD_LOCATION_KEYS = ["id", "url", "title", "snippet", "type", "free", "lat", "lng", "town", "county", "gallery"] as const satisfies readonly (keyof CardLocation)[];

function cardPart(location: LocationSummary): CardLocation {
  return Object.fromEntries(CARD_LOCATION_KEYS.map((key) => [key, location[key]])) as CardLocation;
}

const SEARCHES: Record<string, unknown>[] = [
  { searchType: "location", location: "London" },
  { searchType: "location", location: "London", page: 2, sort: "name" },
  { searchType: "location", location: "Leeds", distance: 20, types: [5] },
  { searchType: "route", from: "London", to: "Leeds" },
  { searchType: "route", from: "London", to: "Leeds", sort: "popularity", page: 2 },
  { searchType: "road", roadSlug: "m6", roadCountry: "united-kingdom" },
  { searchType: "road", roadSlug: "m1", roadCountry: "united-kingdom", sort: "name" },
  { searchType: "browse", country: "france" },
  { searchType: "browse", types: [2], sort: "popularity" },
];

describe("a results page's card read", () => {
  it.each(SEARCHES)("gives the page what the whole read gave: %j", async (raw) => {
    const filters = parseFilters(raw);
    const [full, card] = await Promise.all([search(sql, engine, filters), search(sql, engine, filters, { read: "card" })]);
    expect(card.results.length).toBeGreaterThan(0);
    // The page's data, key for key and in the same order (it is packed in key order: decision 0333).
    expect(JSON.stringify(resultsData(card))).toBe(JSON.stringify(resultsData(full)));
    // The response but for its results' locations is the same; each location is the whole one's card part.
    const { results: fullResults, ...fullRest } = full;
    const { results: cardResults, ...cardRest } = card;
    expect(cardRest).toEqual(fullRest);
    expect(cardResults.map(({ location: _location, ...rest }) => rest)).toEqual(fullResults.map(({ location: _location, ...rest }) => rest));
    expect(cardResults.map((r) => r.location)).toEqual(fullResults.map((r) => cardPart(r.location)));
  });

  it("shows the photo's thumbnail on the card of the listing that has one", async () => {
    const card = await search(sql, engine, parseFilters({ searchType: "location", location: "London", limit: 100 }), { read: "card" });
    const withPhoto = card.results.filter((r) => r.location.gallery.items.length > 0);
    expect(withPhoto).toHaveLength(1);
    expect(resultsData(card).cards.find((c) => c.id === withPhoto[0].location.id)?.thumbnail).toEqual({ url: `/uploads/${FILE_ID}/6.webp`, width: 160, height: 120 });
  });

  it("reads each column as listingSql does, under the same name", async () => {
    const which = sql`(l.id IN (SELECT id FROM listings WHERE status = 2 ORDER BY (road_id IS NULL), (free), id LIMIT 60) OR l.current_version_id = ${versionId})`;
    const [whole, cards] = await Promise.all([sql<ListingRow[]>`${listingSql(sql, which)} ORDER BY l.id`, sql<ListingCardRow[]>`${listingCardSql(sql, which)} ORDER BY l.id`]);
    expect(cards.length).toBeGreaterThanOrEqual(60);
    expect(cards.some((r) => r.road_id !== null) && cards.some((r) => !r.free) && cards.some((r) => r.photos.length > 0)).toBe(true);
    const columns = Object.keys(cards[0]) as ListingCardColumn[];
    expect(cards).toEqual(whole.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]]))));
  });
});
