import { afterAll, describe, expect, it } from "vitest";
import { keepPlacesFound, keptPlaceChoices, placeChoices, placeLookups, placesAndChoices, requestPlaceLookups, resolvePlace } from "../../geo/geocode";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { planRoute } from "../../geo/search/route";
import { milesToMetres } from "../../geo/units";
import { connectTestDatabase, watchedClient } from "../support/database";
import { variedGeocodeQueries } from "../support/geocode-queries";

// Decision 0347: a request's place lookups. On a pool that keeps no places, a typed name's best place and its
// choices come from one statement, sent once a request; the answers must be resolvePlace's and placeChoices's.
const uncached = connectTestDatabase();
const kept = connectTestDatabase();
let statements = 0;
const counted = watchedClient(() => void statements++, 1);
afterAll(() => Promise.all([uncached.close(), kept.close(), counted.end()]));

describe("a request's place lookups (decision 0347)", () => {
  it("answer as resolvePlace and placeChoices, for texts of every shape", async () => {
    keepPlacesFound(uncached.sql, { seconds: 0 });
    const texts = new Set(["London", " London ", "Newcastle", "newcastle", "Warton", "Bath, Bath and North East Somerset, United Kingdom", "51.5,-0.12", "--", "xyzzy", "penrth", "SW1A 1AA", "St Ives", "Saint-Étienne", `${"a".repeat(99)} London`]);
    for (const text of await variedGeocodeQueries(uncached.sql)) texts.add(text);
    let withChoices = 0;
    for (const text of texts) {
      const lookups = placeLookups(uncached.sql);
      const [place, choices] = [await lookups.place(text.trim()), await lookups.choices(text)];
      expect(place, text).toEqual(await resolvePlace(uncached.sql, text.trim()));
      expect(choices, text).toEqual(await placeChoices(uncached.sql, text));
      if (choices.length > 0) withChoices++;
    }
    expect(withChoices).toBeGreaterThan(0);
  });

  it("send one statement for a typed name's place and choices, once a request", async () => {
    // The connection's own first statements (postgres.js reads the array types) are not the lookup's.
    await counted`SELECT 1`;
    const lookups = placeLookups(counted);
    const before = statements;
    const place = await lookups.place("Newcastle");
    const choices = await lookups.choices("Newcastle");
    expect(place?.label).toBe(choices[0].formattedAddress);
    expect(await lookups.place("Newcastle")).toBe(place);
    expect(statements - before).toBe(1);
    // Another request asks again.
    await placeLookups(counted).choices("Newcastle");
    expect(statements - before).toBe(2);
  });

  it("answer several texts in one statement as each alone (decision 0353)", async () => {
    keepPlacesFound(uncached.sql, { seconds: 0 });
    // Found, several places of a name, nothing searchable, nothing found, a typo, a postcode, the same place twice.
    const texts = ["London", "Newcastle", "--", "xyzzy", "St Ives", "penrth", "SW1A 1AA", "Leeds", "newcastle"];
    const pairs = texts.flatMap((from) => texts.map((to) => [from, to]));
    for (const pair of [...pairs, texts]) {
      const together = await placesAndChoices(uncached.sql, pair);
      const alone = await Promise.all(pair.map(async (text) => ({ place: await resolvePlace(uncached.sql, text), choices: await placeChoices(uncached.sql, text) })));
      expect(together, pair.join(" → ")).toEqual(alone);
    }
    const [newcastle, nowhere] = await placesAndChoices(uncached.sql, ["Newcastle", "xyzzy"]);
    expect(newcastle.choices.length).toBeGreaterThan(1);
    expect(nowhere).toEqual({ place: null, choices: [] });
  });

  it("send one statement for a route's two typed ends and their choices (decision 0353)", async () => {
    await counted`SELECT 1`;
    const lookups = placeLookups(counted);
    const before = statements;
    // As planRoute asks them: both ends in the same turn, then the page's choices for each.
    const [from, to] = await Promise.all([lookups.place("Newcastle"), lookups.place("xyzzy")]);
    const [fromChoices, toChoices] = await Promise.all([lookups.choices("Newcastle"), lookups.choices("xyzzy")]);
    expect(statements - before).toBe(1);
    expect(from).toEqual(await resolvePlace(uncached.sql, "Newcastle"));
    expect(to).toBeNull();
    expect(fromChoices).toEqual(await placeChoices(uncached.sql, "Newcastle"));
    expect(toChoices).toEqual([]);
    // Asked in turns one after the other, each is its own statement, with the same answers.
    const apart = placeLookups(counted);
    const beforeApart = statements;
    expect(await apart.place("Newcastle")).toEqual(from);
    expect(await apart.place("xyzzy")).toBeNull();
    expect(statements - beforeApart).toBe(2);
  });

  it("are one statement for a route's two typed ends as planRoute asks them (decision 0353)", async () => {
    keepPlacesFound(uncached.sql, { seconds: 0 });
    await counted`SELECT 1`;
    const lookups = placeLookups(counted);
    const before = statements;
    // The route on another pool: only the lookups' statements are counted.
    const plan = await planRoute(counted, createPgRoutingEngine(uncached.sql), { from: "Newcastle", to: "Leeds" }, milesToMetres(5), lookups);
    expect(statements - before).toBe(1);
    expect(plan.summary.from).toEqual(await resolvePlace(uncached.sql, "Newcastle"));
    expect(plan.summary.to).toEqual(await resolvePlace(uncached.sql, "Leeds"));
    expect(await lookups.choices("Newcastle")).toEqual(await placeChoices(uncached.sql, "Newcastle"));
    expect(statements - before).toBe(1);
  });

  it("on a pool that keeps its places, look a route's two ends not kept up in one statement with their choices, and keep them (decision 0358)", async () => {
    // Before decision 0358 such a pool (the app's) sent four: each end's place, then each end's choices.
    keepPlacesFound(counted, { seconds: 60 });
    try {
      await counted`SELECT 1`;
      const lookups = placeLookups(counted);
      let before = statements;
      const plan = await planRoute(counted, createPgRoutingEngine(uncached.sql), { from: "Bath", to: "Chester" }, milesToMetres(5), lookups);
      expect(await lookups.choices("Bath")).toEqual(await placeChoices(uncached.sql, "Bath"));
      expect(await lookups.choices("Chester")).toEqual(await placeChoices(uncached.sql, "Chester"));
      expect(statements - before).toBe(1);
      expect(plan.summary.from).toEqual(await resolvePlace(uncached.sql, "Bath"));
      expect(plan.summary.to).toEqual(await resolvePlace(uncached.sql, "Chester"));
      // The next request finds both ends and their choices kept.
      const next = placeLookups(counted);
      before = statements;
      expect(await next.place("Bath")).toEqual(plan.summary.from);
      expect(await next.choices("Chester")).toEqual(await placeChoices(uncached.sql, "Chester"));
      expect(statements - before).toBe(0);
    } finally {
      keepPlacesFound(counted, { seconds: 0 });
    }
  });

  it("are the kept answers on a pool that keeps its places, and one lookup a pool for a request", async () => {
    keepPlacesFound(kept.sql, { seconds: 60 });
    const lookupsOf = requestPlaceLookups();
    expect(lookupsOf(kept.sql)).toBe(lookupsOf(kept.sql));
    expect(lookupsOf(uncached.sql)).not.toBe(lookupsOf(kept.sql));
    const choices = await lookupsOf(kept.sql).choices("Newcastle");
    expect(choices).toBe(await keptPlaceChoices(kept.sql, "Newcastle"));
    expect(await lookupsOf(kept.sql).place("Newcastle")).toBe(await resolvePlace(kept.sql, "Newcastle"));
  });
});
