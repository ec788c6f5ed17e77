// Decision 0333: rows sent as one packed text read back as the same rows, key for key; the homepage's roads
// packed once per road list; a results page's cards packed for the browser and the page itself kept for
// the server's render.
import { describe, expect, it } from "vitest";
import { lastUnpacked, packRows, unpackRows } from "../../kit/packed-rows";
import { packHomeRoads, unpackHomeRoads, type HomeRoad } from "../../app/directory/home-roads";
import { packResultsPage, unpackResultsPage, type PackedResultsPage } from "../../app/search/results-transport";
import type { ResultsPageData } from "../../app/search/results.types";
import { emptyState } from "../../app/search/url";
import type { ResultCard } from "../../app/search/view-model";

const roads: HomeRoad[] = [
  { id: 1, name: "M1", slug: "m1", description: "London - Leeds", country: "united-kingdom", motorway: true, junctions: 39 },
  { id: 60, name: "A6", slug: "a6", description: 'Quotes " and \\ backslashes, <script>, tabs\tand\nnew lines, é — ✓', country: "france", motorway: false, junctions: 0 },
];

function card(id: number, extra: Partial<ResultCard> = {}): ResultCard {
  return {
    id,
    url: `/dog-walk/walk-${id}`,
    title: `Walk ${id} & "friends"`,
    snippet: "A walk… with </script> in it",
    typeId: 1,
    distance: 0.039,
    distanceIn: null,
    junction: null,
    junctionHref: null,
    place: "London, Greater London",
    premium: false,
    thumbnail: id % 2 ? { url: `/uploads/${id}.webp`, width: 320, height: 240 } : null,
    lat: 51.508996,
    lng: -0.126254,
    ...extra,
  };
}

function resultsPage(cards: ResultCard[]): ResultsPageData {
  return {
    view: "list",
    state: emptyState("location"),
    listHref: "/location?location=London",
    mapHref: "/map/location?location=London",
    outcome: {
      kind: "results",
      results: {
        cards,
        pagination: { page: 1, limit: 20, total: cards.length, totalPages: 1, totalIsCapped: false },
        summary: { heading: "Dog-friendly places within 5 miles of London", searchType: "location", road: null, route: null, point: "London", distance: 5 },
      },
    },
    facilities: [{ id: 1, name: "Parking" }],
    viewer: { member: false, favouriteIds: [] },
    choices: [],
    driveHours: null,
  };
}

/** What the browser gets: the loader data as turbo-stream carries JSON values (a copy, not the server's objects). */
const overTheWire = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe("packed rows", () => {
  it("read back as the same rows, with the fields in the given order", () => {
    const fields = ["id", "name", "slug", "description", "country", "motorway", "junctions"] as const;
    const text = packRows(roads, fields);
    expect(typeof text).toBe("string");
    const back = unpackRows<HomeRoad>(text, fields);
    expect(back).toEqual(roads);
    expect(JSON.stringify(back)).toBe(JSON.stringify(roads));
    expect(unpackRows(packRows([], fields), fields)).toEqual([]);
  });

  it("are read once while the text is the same", () => {
    const unpack = lastUnpacked<HomeRoad>(["id", "name", "slug", "description", "country", "motorway", "junctions"]);
    const text = packHomeRoads(roads);
    const first = unpack(text);
    expect(unpack(`${text}`)).toBe(first);
    expect(unpack(packRows(roads.slice(0, 1), ["id", "name", "slug", "description", "country", "motorway", "junctions"]))).not.toBe(first);
  });
});

describe("the homepage's roads", () => {
  it("are packed once per road list and read back as they were", () => {
    const text = packHomeRoads(roads);
    expect(packHomeRoads(roads)).toBe(text);
    expect(unpackHomeRoads(text)).toEqual(roads);
    expect(unpackHomeRoads(text)).toBe(unpackHomeRoads(text));
    const renamed = roads.map((road) => ({ ...road, name: `${road.name}x` }));
    expect(unpackHomeRoads(packHomeRoads(renamed))).toEqual(renamed);
  });
});

describe("a results page's loader data", () => {
  it("carries the cards as one text, and the server renders from the page itself", () => {
    const page = resultsPage([card(1), card(2, { distanceIn: 12.5, junction: "M6 Junction 42", junctionHref: "/browse/road/united-kingdom/m6/42", premium: true })]);
    const packed = packResultsPage(page);
    expect(packed.outcome.kind === "results" && typeof packed.outcome.results.packedCards).toBe("string");
    expect(JSON.stringify(packed)).not.toContain('"cards"');
    expect(unpackResultsPage(packed)).toBe(page);
  });

  it("is read back in the browser as the page, key for key, once per loader data", () => {
    const page = resultsPage(Array.from({ length: 20 }, (_, i) => card(i + 1)));
    const wire = overTheWire(packResultsPage(page)) as PackedResultsPage;
    const read = unpackResultsPage(wire);
    expect(JSON.stringify(read)).toBe(JSON.stringify(page));
    expect(unpackResultsPage(wire)).toBe(read);
  });

  it("leaves an error page as it is", () => {
    const page: ResultsPageData = { ...resultsPage([]), outcome: { kind: "error", error: { message: "No such place", fieldErrors: {}, code: null, fix: null } } };
    const wire = overTheWire(packResultsPage(page)) as PackedResultsPage;
    expect(JSON.stringify(unpackResultsPage(wire))).toBe(JSON.stringify(page));
  });
});
