import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors";
import { geocode, lookupLocation, resolvePlace, reverseGeocode, type GeocodeResult } from "../../geo/geocode";
import { geocodeQuery, prepareSearch } from "../../geo/geocode/forward";
import { geocodeKey } from "../../geo/geocode/normalise";
import { reverseGeocodeQuery } from "../../geo/geocode/reverse";
import { connect, type SqlClient } from "../../db/client";
import { connectTestDatabase, testDatabaseUrl } from "../support/database";
import { geocodeQuery0180 } from "./geocode-statement-0180";

// The geocoder against the demo gazetteer in the test database (GeoNames towns, demo roads, listings).
const { sql, close } = connectTestDatabase();
afterAll(close);

const PENRITH = { lat: 54.66579, lng: -2.75757 };

function names(results: GeocodeResult[]): string[] {
  return results.map((r) => r.formattedAddress);
}

function contains(bounds: GeocodeResult["bounds"], lat: number, lng: number): boolean {
  const [west, south, east, north] = bounds;
  return west <= lng && lng <= east && south <= lat && lat <= north;
}

describe("forward geocoding", () => {
  it("offers Penrith, Cumbria first for 'Penrith', in the spec's shape", async () => {
    const [first] = await geocode(sql, "Penrith");
    expect(first).toMatchObject({
      kind: "town",
      formattedAddress: "Penrith, Cumbria, United Kingdom",
      address: { postal_town: "Penrith", administrative_area_level_2: "Cumbria", postal_code: null, country: { id: 235, slug: "united-kingdom" } },
    });
    expect(first.lat).toBeCloseTo(PENRITH.lat, 3);
    expect(first.lng).toBeCloseTo(PENRITH.lng, 3);
    expect(first.population).toBeGreaterThan(10_000);
    expect(first.bounds).toHaveLength(4);
    expect(contains(first.bounds, first.lat, first.lng)).toBe(true);
  });

  it("tolerates typos: 'carlise' finds Carlisle, 'penrth' Penrith, 'stoke on tremt' Stoke-on-Trent", async () => {
    expect((await geocode(sql, "carlise"))[0].formattedAddress).toBe("Carlisle, Cumbria, United Kingdom");
    expect((await geocode(sql, "penrth"))[0].formattedAddress).toBe("Penrith, Cumbria, United Kingdom");
    expect((await geocode(sql, "stoke on tremt"))[0].formattedAddress).toBe("Stoke-on-Trent, United Kingdom");
  });

  it("completes prefixes, offering the city before the hamlet: 'Stoke' -> Stoke-on-Trent", async () => {
    const results = await geocode(sql, "Stoke");
    expect(results[0]).toMatchObject({ kind: "city", formattedAddress: "Stoke-on-Trent, United Kingdom" });
    expect(names(results)).toContain("Stoke, Cheshire West and Chester, United Kingdom");
    expect((await geocode(sql, "Penr"))[0].formattedAddress).toBe("Penrith, Cumbria, United Kingdom");
  });

  it("finds roads in any case, bounded by the road's line", async () => {
    for (const query of ["M6", "m6"]) {
      const [road] = await geocode(sql, query);
      expect(road).toMatchObject({ kind: "road", formattedAddress: "M6, United Kingdom", address: { postal_town: null } });
      const [west, south, east, north] = road.bounds;
      // The M6 runs from Rugby to Carlisle.
      expect(north - south).toBeGreaterThan(2);
      expect(west).toBeLessThan(-2.9);
      expect(east).toBeGreaterThan(-1.4);
    }
  });

  it("finds junctions as 'M6 J15' and 'm6 junction 15'", async () => {
    for (const query of ["M6 J15", "m6 junction 15", "M6 Junction 15"]) {
      const [junction] = await geocode(sql, query);
      expect(junction.kind, query).toBe("junction");
      expect(junction.formattedAddress, query).toMatch(/^M6 Junction 15 \(/);
      expect(junction.address.postal_town, query).not.toBeNull();
    }
  });

  it("finds French places with or without accents and hyphens", async () => {
    expect((await geocode(sql, "paris"))[0]).toMatchObject({ kind: "city", formattedAddress: "Paris, France", address: { country: { id: 75, slug: "france" } } });
    for (const query of ["Saint-Etienne", "saint etienne", "Saint-Étienne", "SAINT ETIENNE"]) {
      expect((await geocode(sql, query))[0].formattedAddress, query).toBe("Saint-Étienne, Loire, France");
    }
  });

  it("finds live listings by title, with their page, and never a listing that is not live", async () => {
    const [live] = await sql<{ id: number; title: string; url: string }[]>`
      SELECT id, title, '/' || walk_type || '/' || slug AS url FROM listings WHERE status = 2 AND title LIKE 'Four Paws Kitchen%' ORDER BY popularity DESC LIMIT 1`;
    const results = await geocode(sql, live.title, { limit: 10 });
    expect(results.find((r) => r.kind === "listing" && r.id === live.id)).toMatchObject({ url: live.url });

    const hidden = await sql<{ id: number; title: string }[]>`SELECT id, title FROM listings WHERE status <> 2 ORDER BY id LIMIT 20`;
    for (const listing of hidden) {
      const hits = await geocode(sql, listing.title, { limit: 10 });
      expect(hits.some((r) => r.kind === "listing" && r.id === listing.id), listing.title).toBe(false);
    }
  });

  it("honours the limit and the country", async () => {
    expect(await geocode(sql, "saint", { limit: 10 })).toHaveLength(10);
    expect(await geocode(sql, "saint", { limit: 2 })).toHaveLength(2);
    const uk = await geocode(sql, "saint", { limit: 10, country: "united-kingdom" });
    expect(uk.length).toBeGreaterThan(0);
    for (const hit of uk) expect(hit.address.country.slug).toBe("united-kingdom");
  });

  it("answers nothing for nothing searchable", async () => {
    expect(await geocode(sql, " -- ")).toEqual([]);
    expect(await geocode(sql, "qqqqxzzzzv")).toEqual([]);
  });

  it("normalises in SQL exactly as in TypeScript (geocode_key = geocodeKey) for every place and listing title", async () => {
    const rows = await sql<{ text: string; key: string }[]>`
      SELECT name AS text, geocode_key(name) AS key FROM places
      UNION ALL SELECT search_name, geocode_key(search_name) FROM places
      UNION ALL SELECT title, geocode_key(title) FROM listings`;
    const mismatches = rows.filter((r) => geocodeKey(r.text) !== r.key).slice(0, 5);
    expect(mismatches).toEqual([]);
  });
});

describe("reverse geocoding", () => {
  it("names the nearest town: Penrith's coordinates are Penrith", async () => {
    const place = await reverseGeocode(sql, PENRITH.lat, PENRITH.lng);
    expect(place).toMatchObject({ kind: "town", formattedAddress: "Penrith, Cumbria, United Kingdom" });
  });

  it("names nothing far out at sea (more than 50 km from any place)", async () => {
    expect(await reverseGeocode(sql, 49.0, -12.0)).toBeNull();
  });
});

describe("resolvePlace (for directions and searches)", () => {
  it("returns 'lat,lng' as given, labelled 'lat,lng'", async () => {
    expect(await resolvePlace(sql, "54.6641,-2.7527")).toEqual({ lat: 54.6641, lng: -2.7527, label: "54.6641, -2.7527" });
    expect(await resolvePlace(sql, " 54.6641 , -2.7527 ")).toEqual({ lat: 54.6641, lng: -2.7527, label: "54.6641, -2.7527" });
    expect(await resolvePlace(sql, "95,200")).toBeNull();
  });

  it("returns the best hit for a place name, labelled with its address", async () => {
    const place = await resolvePlace(sql, "Penrith");
    expect(place?.label).toBe("Penrith, Cumbria, United Kingdom");
    expect(place?.lat).toBeCloseTo(PENRITH.lat, 3);
    expect(await resolvePlace(sql, "qqqqxzzzzv")).toBeNull();
  });
});

describe("lookupLocation (the geocode call)", () => {
  it("reverse-geocodes 'lat,lng' and forward-geocodes text", async () => {
    expect((await lookupLocation(sql, "54.6641,-2.7527"))[0].formattedAddress).toBe("Penrith, Cumbria, United Kingdom");
    expect((await lookupLocation(sql, "Penrith"))[0].formattedAddress).toBe("Penrith, Cumbria, United Kingdom");
  });

  it("rejects empty, overlong and out-of-range input on the location field", async () => {
    for (const bad of ["", "   ", "x".repeat(101), "95,200"]) {
      const error = await lookupLocation(sql, bad).catch((e: unknown) => e);
      expect(error, JSON.stringify(bad)).toBeInstanceOf(AppError);
      if (error instanceof AppError) {
        expect(error.status).toBe(400);
        expect(error.fieldErrors.location).toBeTruthy();
      }
    }
  });
});

describe("index use", () => {
  /**
   * The indexes one call of geocode_search read and the tables it scanned in full: the plan is inside the
   * function (migration 0046), where EXPLAIN cannot see, so the transaction's own statistics tell.
   */
  async function scans(query: string): Promise<{ indexes: string[]; seqScans: string[] }> {
    const search = prepareSearch(query);
    if (!search) throw new Error(`nothing to search in ${query}`);
    // A new connection: a backend's counts of earlier transactions stay in these views until it reports them.
    const fresh = connect(testDatabaseUrl(), { max: 1 });
    try {
      return await fresh.sql.begin(async (tx) => {
        await geocodeQuery(tx, search);
        const indexes = await tx<{ name: string }[]>`
          SELECT relname AS name FROM pg_class WHERE relkind = 'i' AND relnamespace = 'public'::regnamespace AND pg_stat_get_xact_numscans(oid) > 0`;
        const tables = await tx<{ name: string }[]>`SELECT relname AS name FROM pg_stat_xact_user_tables WHERE seq_scan > 0`;
        return { indexes: indexes.map((row) => row.name), seqScans: tables.map((row) => row.name) };
      });
    } finally {
      await fresh.close();
    }
  }

  it("reads the key, word and title indexes, and the trigram index for typos", async () => {
    const { indexes, seqScans } = await scans("carlise");
    for (const index of ["places_search_key", "places_search_words", "listings_title_key", "places_search_name_trgm"]) {
      expect(indexes, index).toContain(index);
    }
    expect(seqScans).not.toContain("places");
    expect(seqScans).not.toContain("listings");
  });

  it("reads the towns-and-roads prefix index for a short query", async () => {
    const { indexes, seqScans } = await scans("m6");
    expect(indexes).toContain("places_search_key_major");
    expect(indexes).not.toContain("places_search_words");
    expect(seqScans).not.toContain("places");
  });

  it("reads the postcode index for a postcode", async () => {
    const { indexes, seqScans } = await scans("CA11 0AA");
    expect(indexes).toContain("places_postcode_key");
    expect(seqScans).not.toContain("places");
  });

  it("finds the nearest town with a KNN scan of places_location", async () => {
    const rows = await sql<{ "QUERY PLAN": string }[]>`EXPLAIN ${reverseGeocodeQuery(sql, PENRITH.lat, PENRITH.lng)}`;
    expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("Index Scan using places_location");
  });
});

describe("the geocoding statements' plan (decisions 0180, 0328)", () => {
  // One connection, so what is asked after a call is asked of the same session.
  const single = connect(testDatabaseUrl(), { max: 1 });
  afterAll(single.close);
  const mode = (client: SqlClient) => client<{ mode: string }[]>`SELECT current_setting('plan_cache_mode') AS mode`;

  it("run under a generic plan set by the functions themselves", async () => {
    const rows = await sql<{ name: string; config: string[] | null }[]>`
      SELECT proname AS name, proconfig AS config FROM pg_proc WHERE proname IN ('geocode_search', 'geocode_place_choices') ORDER BY proname`;
    expect(rows).toEqual([
      { name: "geocode_place_choices", config: ["plan_cache_mode=force_generic_plan"] },
      { name: "geocode_search", config: ["plan_cache_mode=force_generic_plan"] },
    ]);
  });

  it("leave the connection choosing plans itself, in and out of a caller's transaction", async () => {
    const search = prepareSearch("Penrith");
    if (!search) throw new Error("no search for Penrith");
    expect((await geocodeQuery(single.sql, search)).length).toBeGreaterThan(0);
    expect((await mode(single.sql))[0].mode).toBe("auto");
    const [rows, after] = await single.sql.begin(async (tx) => [await geocodeQuery(tx, search), (await mode(tx))[0]] as const);
    expect(rows.length).toBeGreaterThan(0);
    expect(after.mode).toBe("auto");
  });

  it("give the same places as a plan made for each query", async () => {
    for (const text of ["London", "Penr", "penrth", "M6 junction 38", "saint", "le", "SW1A 1AA"]) {
      const search = prepareSearch(text, { limit: 10 });
      if (!search) throw new Error(`no search for ${text}`);
      const generic = await geocodeQuery(single.sql, search);
      const custom = await geocodeQuery0180(single.sql, search);
      expect(generic.map((row) => `${row.kind}-${row.id}`), text).toEqual(custom.map((row) => `${row.kind}-${row.id}`));
    }
  });
});
