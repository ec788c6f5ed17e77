import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors";
import { keepPlacesFound, type PlaceLookups, placeChoices, placeLookups, placeRefOf, resolvePlace } from "../../geo/geocode";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { parseFilters } from "../../geo/search";
import { searchLocation } from "../../geo/search/location";
import { CURRENT_LOCATION_LABEL } from "../../geo/search/points";
import type { ListingRead } from "../../geo/search/types";
import { looksLikeLatLng } from "../../geo/units";
import { connectTestDatabase, watchedClient } from "../support/database";

// Decision 0355: on a pool that keeps no places, a location search's typed name is looked up inside the
// search's own statement. The page (point, label, results, total, map points), the page's choices and the
// errors must be what the lookup sent apart gives (decision 0347's path), and the answer without lookups.
const uncached = connectTestDatabase();
const engine = createPgRoutingEngine(uncached.sql);
let statements = 0;
const counted = watchedClient(() => void statements++, 1);
afterAll(() => Promise.all([uncached.close(), counted.end()]));

/** The request's lookups as before decision 0355: the same answers, never sent inside the search. */
function apart(lookups: PlaceLookups): PlaceLookups {
  return { place: (text) => lookups.place(text), choices: (text) => lookups.choices(text), inStatement: () => null };
}

/** A location search as a results page makes it, then the page's choices for the typed text (choicesFor); an error as its parts. */
async function page(sql: typeof uncached.sql, lookups: PlaceLookups | undefined, location: string, read: ListingRead, more: Record<string, unknown> = {}) {
  try {
    const response = await searchLocation(sql, engine, parseFilters({ searchType: "location", location, includeMapPoints: true, ...more }), { read, places: lookups });
    // As choicesFor asks them: for a name typed, not chosen, not coordinates or the visitor's position.
    const typed = location.trim() !== "" && !more.locationId && location !== CURRENT_LOCATION_LABEL && !looksLikeLatLng(location);
    return { response, choices: !typed ? [] : lookups ? await lookups.choices(location) : await placeChoices(sql, location) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { error: { status: error.status, message: error.message, fieldErrors: error.fieldErrors, code: error.code } };
  }
}

const TEXTS = [
  "London", // a town
  "Newcastle", // several places of a name: choices
  "St Ives",
  "xyzzy", // not found
  "--", // nothing searchable
  "penrth", // a typo
  "SW1A 1AA", // a postcode
  "CA11",
  "LONDON", // another case
  "newcastle",
  "  London  ", // spaces
  " Newcastle",
  "York ",
  "Leeds",
];

describe("a location search's place in the search's statement (decision 0355)", () => {
  it("answers the page, its choices and its errors as the lookup sent apart", async () => {
    keepPlacesFound(uncached.sql, { seconds: 0 });
    let found = 0;
    let withChoices = 0;
    for (const text of TEXTS) {
      for (const read of ["card", "full"] as const) {
        for (const more of [{}, { sort: "popularity", page: 2, limit: 5 }, { distance: 30, pubWalks: true }]) {
          const inStatement = await page(uncached.sql, placeLookups(uncached.sql), text, read, more);
          const separate = await page(uncached.sql, apart(placeLookups(uncached.sql)), text, read, more);
          expect(inStatement, `${text} ${read} ${JSON.stringify(more)}`).toEqual(separate);
          // And as a search without request lookups (the JSON API) answers it.
          const without = await page(uncached.sql, undefined, text, read, more);
          expect(inStatement, `${text} ${read} without lookups`).toEqual(without);
          if (inStatement.response) {
            found++;
            if (inStatement.choices.length > 0) withChoices++;
          }
        }
      }
    }
    expect(found).toBeGreaterThan(0);
    expect(withChoices).toBeGreaterThan(0);
    // The error for a name not found is resolveSearchPoint's, with nothing of the page.
    expect(await page(uncached.sql, placeLookups(uncached.sql), " xyzzy ", "card")).toEqual({
      error: { status: 422, message: 'Sorry, we couldn\'t find "xyzzy". Please check the spelling or try a nearby town.', fieldErrors: { location: "We couldn't find that place" }, code: undefined },
    });
    // The point is resolvePlace's.
    const london = await page(uncached.sql, placeLookups(uncached.sql), "London", "card");
    expect(london.response?.point).toEqual(await resolvePlace(uncached.sql, "London"));
    expect(london.response?.results.length).toBeGreaterThan(0);
  });

  it("sends one statement for an uncached location page's search and its choices, where the lookup apart sent two", async () => {
    keepPlacesFound(counted, { seconds: 0 });
    // The connection's own first statements (postgres.js reads the array types) are not the page's.
    await counted`SELECT 1`;
    for (const text of ["Newcastle", "London", " York ", "xyzzy"]) {
      const lookups = placeLookups(counted);
      const before = statements;
      const { response, error } = await page(counted, lookups, text, "card");
      expect(response ?? error, text).toBeTruthy();
      expect(statements - before, text).toBe(1);
      // Asked again in the request (the page's choices, a second field): no statement.
      await lookups.place(text.trim());
      expect(statements - before, text).toBe(1);
      // A second search of the same request finds the text answered: its lookup is not sent again.
      await page(counted, lookups, text, "card");
      expect(statements - before, text).toBe(response ? 2 : 1);
    }
    // Other inputs are asked as before: coordinates and the visitor's position (the search alone).
    const lookups = placeLookups(counted);
    let before = statements;
    await page(counted, lookups, "51.5,-0.12", "card");
    expect(statements - before).toBe(1);
    before = statements;
    await page(counted, lookups, CURRENT_LOCATION_LABEL, "card", { geoLocation: "53.8,-1.55" });
    expect(statements - before).toBe(1);
    // A chosen place: its reference read, then the search.
    const [chosen] = await placeChoices(uncached.sql, "Newcastle");
    before = statements;
    const byRef = await page(counted, lookups, chosen.formattedAddress, "card", { locationId: placeRefOf(chosen) });
    expect(byRef.response?.point).toEqual({ lat: chosen.lat, lng: chosen.lng, label: chosen.formattedAddress });
    expect(statements - before).toBe(2);
  });

  it("on a pool that keeps its places, asks a place not kept inside the search and keeps it; a kept one is read from the pool (decision 0358)", async () => {
    // Before decision 0358 the first search of a place on such a pool (the app's) sent three statements:
    // the place, the search, then the place's choices.
    let keptStatements = 0;
    const kept = watchedClient(() => void keptStatements++, 1);
    try {
      keepPlacesFound(kept, { seconds: 60 });
      await kept`SELECT 1`;
      for (const text of ["London", "Newcastle", "xyzzy", " York "]) {
        let before = keptStatements;
        const first = await page(kept, placeLookups(kept), text, "card");
        expect(keptStatements - before, text).toBe(1);
        expect(first, text).toEqual(await page(uncached.sql, apart(placeLookups(uncached.sql)), text, "card"));
        // The next request: the place and its choices kept (a place not found is asked again).
        const found = first.response !== undefined;
        expect(placeLookups(kept).inStatement(text.trim()) === null, text).toBe(found);
        before = keptStatements;
        expect(await page(kept, placeLookups(kept), text, "card"), text).toEqual(first);
        expect(keptStatements - before, text).toBe(1);
      }
    } finally {
      keepPlacesFound(kept, { seconds: 0 });
      await kept.end();
    }
  });
});
