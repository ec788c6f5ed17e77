import { afterAll, describe, expect, it } from "vitest";
import { keepPlacesFound, keptPlaceChoices, placeChoices } from "../../geo/geocode";
import { connectTestDatabase } from "../support/database";

// Decision 0324: the "which London?" choices of a results page are kept per pool as its places found are
// (decision 0198), so paging through one route search does not look both typed ends up again each time.

const kept = connectTestDatabase();
const uncached = connectTestDatabase();
afterAll(() => Promise.all([kept.close(), uncached.close()]));

describe("place choices kept a while (decision 0324)", () => {
  it("answers the gazetteer's choices, once a text on a pool that keeps its places, and every time with the cache off", async () => {
    keepPlacesFound(kept.sql, { seconds: 60 });
    keepPlacesFound(uncached.sql, { seconds: 0 });
    const fresh = await placeChoices(kept.sql, "Newcastle");
    expect(fresh.length).toBeGreaterThan(1);

    const first = await keptPlaceChoices(kept.sql, "Newcastle");
    const again = await keptPlaceChoices(kept.sql, "Newcastle");
    expect(first).toEqual(fresh);
    expect(again).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
    // Another text is its own answer: one place of that name offers no choice.
    expect(await keptPlaceChoices(kept.sql, "Leeds")).toEqual(await placeChoices(kept.sql, "Leeds"));

    const a = await keptPlaceChoices(uncached.sql, "Newcastle");
    const b = await keptPlaceChoices(uncached.sql, "Newcastle");
    expect(a).toEqual(fresh);
    expect(b).not.toBe(a);
  });
});
