import { afterAll, describe, expect, it } from "vitest";
import { geocode, placeChoices, resolvePlace, type GeocodeResult } from "../../geo/geocode";
import { createPgRoutingEngine, loadStepLookups } from "../../geo/routing/pgrouting";
import { NEAREST_TOWN_METRES } from "../../geo/routing/instructions";
import { loader as geocodeLoaderRoute } from "../../app/routes/api/geocode";
import { loader as searchLoaderRoute } from "../../app/routes/api/search";
import { loadResultsPage } from "../../app/search/results.server";
import { connectTestDatabase } from "../support/database";
import { withErrorResponse } from "../../app/error-response.server";

const geocodeLoader = withErrorResponse(geocodeLoaderRoute, true);
const searchLoader = withErrorResponse(searchLoaderRoute, true);

// Places as people type them (issues 47 and 50) on the demo data in the test database: the demo
// postcodes (db/seed/data/postcodes-demo.txt), St/Saint, alternate names, short titles, coordinates.
const { sql, close } = connectTestDatabase();
afterAll(close);

const addresses = (results: GeocodeResult[]) => results.map((r) => r.formattedAddress);

async function api(path: string, loader: typeof geocodeLoader | typeof searchLoader, params: Record<string, string> = {}) {
  const response = await loader({ request: new Request(`http://localhost${path}`), params, context: {} });
  return { status: response.status, body: await response.json() };
}

describe("demo postcodes", () => {
  it.each([
    ["SW1A 1AA", "SW1A 1AA, London, Greater London, United Kingdom", 51.501],
    ["sw1a1aa", "SW1A 1AA, London, Greater London, United Kingdom", 51.501],
    ["SW1A", "SW1A, London, Greater London, United Kingdom", 51.501],
    ["CA11 0AA", "CA11 0AA, Penrith, Cumbria, United Kingdom", 54.666],
    ["CA11", "CA11, Penrith, Cumbria, United Kingdom", 54.665],
    ["75001", "75001, Paris 01, Paris, France", 48.863],
  ])("finds %s first, as a postcode", async (typed, address, lat) => {
    const [hit] = await geocode(sql, typed);
    expect(hit).toMatchObject({ kind: "postcode", formattedAddress: address });
    expect(hit.lat).toBeCloseTo(lat, 2);
    const place = await resolvePlace(sql, typed);
    expect(place?.label).toBe(address);
  });

  it("offers only postcodes for 'CA11', never a junction 11 by a typo match", async () => {
    const results = await geocode(sql, "CA11", { limit: 10 });
    expect(results.every((r) => r.kind === "postcode")).toBe(true);
    expect(addresses(results).some((a) => a.includes("Junction"))).toBe(false);
  });

  it("still offers the motorway first for 'M1', then Manchester's M1", async () => {
    const results = await geocode(sql, "M1");
    expect(results.slice(0, 2).map((r) => [r.kind, r.formattedAddress])).toEqual([
      ["road", "M1, United Kingdom"],
      ["postcode", "M1, Manchester, Greater Manchester, United Kingdom"],
    ]);
  });

  it("answers the geocode API and searches from a postcode", async () => {
    const geocoded = await api("/api/geocode?location=sw1a%201aa", geocodeLoader);
    expect(geocoded.status).toBe(200);
    expect(geocoded.body.results[0]).toMatchObject({ kind: "postcode", address: { postal_code: "SW1A 1AA" } });
    const near = await api("/api/locations/search/location?location=CA11", searchLoader, { searchType: "location" });
    expect(near.status).toBe(200);
    expect(near.body.point.label).toBe("CA11, Penrith, Cumbria, United Kingdom");
    const route = await api(`/api/locations/search/route?${new URLSearchParams({ from: "SW1A 1AA", to: "CA11 0AA" })}`, searchLoader, { searchType: "route" });
    expect(route.status).toBe(200);
    expect(route.body.route.from.label).toBe("SW1A 1AA, London, Greater London, United Kingdom");
    expect(route.body.route.to.label).toBe("CA11 0AA, Penrith, Cumbria, United Kingdom");
  });
});

describe("names as people type them", () => {
  it("reads St, Saint, Ste and Sainte as one word, with or without hyphens", async () => {
    for (const typed of ["St Albans", "Saint Albans", "St. Albans", "saint-albans"]) {
      expect((await geocode(sql, typed))[0].formattedAddress).toBe("St Albans, Hertfordshire, United Kingdom");
    }
    for (const typed of ["St-Avé", "Saint-Avé", "st ave", "Saint Ave"]) {
      expect((await geocode(sql, typed))[0].formattedAddress).toBe("Saint-Avé, Morbihan, France");
    }
    for (const typed of ["Ste-Maxime", "Sainte Maxime"]) {
      expect((await geocode(sql, typed))[0].formattedAddress).toBe("Sainte-Maxime, Var, France");
    }
  });

  it("has St Ives in Cambridgeshire beside St Ives in Cornwall", async () => {
    const results = addresses(await geocode(sql, "St Ives"));
    expect(results).toContain("St Ives, Cambridgeshire, United Kingdom");
    expect(results).toContain("St Ives, Cornwall, United Kingdom");
  });

  it("finds a listing by a three-letter title, accents or not", async () => {
    const found = await sql
      .begin(async (tx) => {
        const [listing] = await tx<{ id: number }[]>`UPDATE listings SET title = 'Säm' WHERE id = (SELECT min(id) FROM listings WHERE status = 2) RETURNING id`;
        const hits = [await geocode(tx, "Säm"), await geocode(tx, "sam")];
        throw Object.assign(new Error("rollback"), { hits, id: listing.id });
      })
      .catch((error: { hits?: GeocodeResult[][]; id?: number }) => error);
    expect(found.hits).toBeDefined();
    for (const hits of found.hits ?? []) expect(hits.find((hit) => hit.kind === "listing")).toMatchObject({ id: found.id, kind: "listing" });
  });

  it("labels a place typed as coordinates with both numbers", async () => {
    expect(await resolvePlace(sql, "51.5074,-0.1278")).toEqual({ lat: 51.5074, lng: -0.1278, label: "51.5074, -0.1278" });
    const near = await api("/api/locations/search/location?location=51.5074,-0.1278", searchLoader, { searchType: "location" });
    expect(near.body.point.label).toBe("51.5074, -0.1278");
  });
});

describe("the right Newcastle", () => {
  it("offers Newcastle upon Tyne first for 'Newcastle' (its other name, its size), then Newcastle, County Down", async () => {
    const results = await geocode(sql, "Newcastle");
    expect(addresses(results).slice(0, 2)).toEqual(["Newcastle upon Tyne, United Kingdom", "Newcastle, Newry, Mourne and Down, United Kingdom"]);
    expect(addresses(await placeChoices(sql, "newcastle"))).toEqual(["Newcastle upon Tyne, United Kingdom", "Newcastle, Newry, Mourne and Down, United Kingdom"]);
    expect(await placeChoices(sql, "Penrith")).toEqual([]);
    // The City of London is also called London, but it is in London: not a second place to ask about.
    expect(await placeChoices(sql, "London")).toEqual([]);
    expect(addresses(await placeChoices(sql, "St Ives"))).toEqual(["St Ives, Cambridgeshire, United Kingdom", "St Ives, Cornwall, United Kingdom"]);
  });

  it("routes /route?from=Newcastle&to=Carlisle from Newcastle upon Tyne, about 58 miles", async () => {
    const { status, body } = await api("/api/locations/search/route?from=Newcastle&to=Carlisle", searchLoader, { searchType: "route" });
    expect(status).toBe(200);
    expect(body.route.from.label).toBe("Newcastle upon Tyne, United Kingdom");
    expect(body.route.distance).toBeGreaterThan(50);
    expect(body.route.distance).toBeLessThan(80);
  });

  it("asks which Newcastle on the results page when the name was typed, with a link that searches exactly the other one", async () => {
    const { status, page } = await loadResultsPage(new Request("http://localhost/location?location=Newcastle"), "list");
    expect(status).toBe(200);
    expect(page.choices).toHaveLength(1);
    const [choice] = page.choices;
    expect(choice.options.map((o) => [o.label, o.taken])).toEqual([
      ["Newcastle upon Tyne, United Kingdom", true],
      ["Newcastle, Newry, Mourne and Down, United Kingdom", false],
    ]);
    const other = choice.options[1].href;
    expect(other).toMatch(/location-id=p\d+/);
    const chosen = await loadResultsPage(new Request(`http://localhost${other}`), "list");
    expect(chosen.page.choices).toEqual([]);
    expect(chosen.page.outcome.kind === "results" && chosen.page.outcome.results.summary.point).toBe("Newcastle");
    expect(chosen.page.outcome.kind === "results" && chosen.page.outcome.results.summary.heading).toMatch(/within 5 miles of Newcastle$/);
  });
});

describe("directions", () => {
  it("names a town at a step only within the bound: a vertex far out at sea has none", async () => {
    const named = await sql.begin(async (tx) => {
      const [near, far] = await tx<{ id: string }[]>`
        INSERT INTO routing_vertices (id, geom)
        VALUES ((SELECT max(id) + 1 FROM routing_vertices), ST_SetSRID(ST_MakePoint(-2.76, 54.67), 4326)),
               ((SELECT max(id) + 2 FROM routing_vertices), ST_SetSRID(ST_MakePoint(-20, 50), 4326))
        RETURNING id::text`;
      const edges = [near, far].map((v) => ({ roadClass: "minor", name: "", roadId: null, startVertex: v.id, endVertex: v.id, coordinates: [], metres: 0, seconds: 0 }));
      const lookups = await loadStepLookups(tx, edges);
      const result = [lookups.townAt(near.id), lookups.townAt(far.id)];
      throw Object.assign(new Error("rollback"), { result });
    }).catch((error: { result?: (string | null)[] }) => error.result);
    expect(NEAREST_TOWN_METRES).toBeLessThanOrEqual(20_000);
    expect(named).toEqual(["Penrith", null]);
  });

  it("words the demo graph's roads as written: 'the M6', 'the Penrith – … road', never 'the the' or 'the road'", async () => {
    const route = await createPgRoutingEngine(sql).route({ lat: 54.8951, lng: -2.9382 }, { lat: 53.4794, lng: -2.2453 }, { steps: true });
    const words = route?.legs[0].steps.map((s) => s.description) ?? [];
    expect(words.some((w) => /\bthe M6\b/.test(w))).toBe(true);
    for (const w of words) expect(w).not.toMatch(/\bthe the\b|\bthe road\b|\bthe Local road\b/);
  });
});
