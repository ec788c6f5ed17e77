import { afterAll, describe, expect, it } from "vitest";
import { geocodeQuery, prepareSearch } from "../../geo/geocode/forward";
import { MAX_PLACE_CHOICES } from "../../geo/geocode/choices";
import { geocodeKey } from "../../geo/geocode/normalise";
import type { GeocodeRow } from "../../geo/geocode/result";
import { connectTestDatabase } from "../support/database";
import { variedGeocodeQueries } from "../support/geocode-queries";
import { geocodeQuery0180, placeChoicesQuery0180, withGenericPlan } from "./geocode-statement-0180";

// Decision 0328: the geocoding and place-choice statements moved into SQL functions (migration 0046) that
// run them under their generic plan without a transaction. Their answers must be the statements' before
// the move, as the app ran them (in a transaction under SET LOCAL plan_cache_mode): every column of every
// row, in the same order, over a sample of queries of every shape the statement has (short keys,
// prefixes, whole names, several words, typos, postcodes, listing titles, a country, each limit).
const { sql, close } = connectTestDatabase();
afterAll(close);

/** Every column of each row, so a difference in any (a bound, a town, a url) shows. */
const rowsOf = (rows: readonly GeocodeRow[]) => rows.map((row) => ({ ...row }));

/** Queries of every shape, from the demo data: place names and their starts, typos, listing titles, postcodes. */
async function sampleQueries(): Promise<string[]> {
  const places = await sql<{ name: string }[]>`SELECT name FROM places WHERE kind <> 'postcode' AND id % 97 = 0 ORDER BY id LIMIT 120`;
  const listings = await sql<{ title: string }[]>`SELECT title FROM listings WHERE id % 211 = 0 ORDER BY id LIMIT 20`;
  const postcodes = await sql<{ postcode: string }[]>`SELECT postcode FROM places WHERE kind = 'postcode' AND id % 7 = 0 ORDER BY id LIMIT 12`;
  const queries = new Set([
    "London", "Penr", "penrth", "carlise", "stoke on tremt", "M6 junction 38", "m6 j15", "saint", "st ives", "le", "a", "m6", "A74(M)",
    "SW1A 1AA", "sw1a", "ca11", "75001", "750", "newcastle", "Bath, Bath and North East Somerset, United Kingdom", "paris", "xyzzy",
    "aldridge riverside", "Four Paws", "Säm", "the", "dog walk", "north",
  ]);
  for (const { name } of places) {
    queries.add(name);
    queries.add(name.slice(0, 3));
    queries.add(name.slice(0, 5));
    // A typo: the third letter dropped.
    if (name.length > 5) queries.add(name.slice(0, 2) + name.slice(3));
  }
  for (const { title } of listings) {
    queries.add(title);
    queries.add(title.slice(0, 8));
  }
  for (const { postcode } of postcodes) {
    queries.add(postcode);
    queries.add(postcode.split(" ")[0]);
  }
  // The autocomplete benchmark's ~200 queries too (roads, junctions, typos, one and two letters).
  for (const query of await variedGeocodeQueries(sql)) queries.add(query);
  return [...queries].filter((query) => geocodeKey(query) !== "");
}

describe("geocode_search and geocode_place_choices answer as the statements they replace", () => {
  it("the same rows, in the same order, for every query of the sample, each limit and country", async () => {
    const queries = await sampleQueries();
    expect(queries.length).toBeGreaterThan(300);
    let compared = 0;
    let nonEmpty = 0;
    // Each query with one of the five option sets, in turn: every query and every option set is compared,
    // each set over a fifth of the queries (all five for every query took 3,350 comparisons, ~10 s more of
    // the run; decision 0330).
    const optionSets = [{ limit: 1 }, { limit: 5 }, { limit: 10 }, { limit: 10, country: "united-kingdom" }, { limit: 5, country: "france" }];
    for (const [index, query] of queries.entries()) {
      const options = optionSets[index % optionSets.length];
      const search = prepareSearch(query, options);
      if (!search) throw new Error(`nothing to search in ${query}`);
      const before = await withGenericPlan(sql, (client) => geocodeQuery0180(client, search));
      const after = await geocodeQuery(sql, search);
      expect(rowsOf(after), `${query} ${JSON.stringify(options)}`).toEqual(rowsOf(before));
      compared += 1;
      if (before.length > 0) nonEmpty += 1;
    }
    // The sample finds places: a comparison of empty answers would prove nothing.
    expect(nonEmpty).toBeGreaterThan(compared * 0.8);
  }, 120_000);

  it("the same place choices for every name of the sample", async () => {
    const queries = await sampleQueries();
    let several = 0;
    for (const query of queries) {
      const key = geocodeKey(query);
      const before = await withGenericPlan(sql, (client) => placeChoicesQuery0180(client, key, MAX_PLACE_CHOICES));
      const after = await sql<GeocodeRow[]>`SELECT * FROM geocode_place_choices(${key}::text, ${MAX_PLACE_CHOICES}::int)`;
      expect(rowsOf(after), query).toEqual(rowsOf(before));
      if (before.length > 1) several += 1;
    }
    expect(several).toBeGreaterThan(5);
  }, 60_000);
});
