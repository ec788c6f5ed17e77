import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieHeader } from "../../app/auth/guards.server";
import { startSession } from "../../app/auth/session.server";
import { closeDatabase, sql } from "../../app/db.server";
import { addToDefaultList } from "../../app/favourites/favourites.server";
import { loader as searchLoaderRoute } from "../../app/routes/api/search";
import { lockedDescription, SNIPPET_LENGTH } from "../../geo/listing";
import { withErrorResponse } from "../../app/error-response.server";

const searchLoader = withErrorResponse(searchLoaderRoute, true);

// Each result of /api/locations/search/* carries the spec's whole Location (§3): description, status,
// facilities as objects, isFavourite (the signed-in member's own), road and junction (decision 0270).
const SPEC_FIELDS = [
  "id", "versionId", "slug", "url", "fullTitle", "description", "road", "junction", "facilities", "gallery", "status",
  "lat", "lng", "type", "has_pub", "has_beach", "address", "town", "county", "postcode", "country", "title", "free", "isFavourite",
];

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let memberId = 0;
let cookie = "";

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "a-test-session-secret-of-at-least-32-characters";
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, email_verified) VALUES (${`search-location-${tag}@test.pawroute`}, true) RETURNING id`;
  memberId = row.id;
  cookie = (await sessionCookieHeader(await startSession(row.id, { ip: "192.0.2.21", userAgent: "vitest" }))).split(";")[0];
});

afterAll(async () => {
  if (memberId) await sql()`DELETE FROM users WHERE id = ${memberId}`;
  await closeDatabase();
});

interface ApiLocation {
  id: number;
  description: string;
  free: boolean;
  status: { id: number };
  isFavourite: boolean;
  facilities: { id: number; name: string; slug: string }[];
  road: { id: number; name: string; slug: string } | null;
  junction: { id: number; number: string; expandedName: string; town: string | null } | null;
}
interface ApiResult {
  location: ApiLocation;
  road: { id: number } | null;
  junction: { id: number; expandedName: string } | null;
}

async function search(searchType: string, query: string, session = "") {
  const request = new Request(`http://localhost/api/locations/search/${searchType}?${query}`, { headers: session ? { Cookie: session } : {} });
  const response = await searchLoader({ request, params: { searchType }, context: {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as { results: ApiResult[] } };
}

const SEARCHES: [string, string][] = [
  ["location", "location=54.8951,-2.9382&distance=20&limit=50"],
  ["road", "road-slug=m6&road-country=united-kingdom&limit=50"],
  ["route", "from=51.5072,-0.1276&to=53.7965,-1.5478&limit=50"],
  ["browse", "limit=50"],
];

describe("the search API's Location", () => {
  it.each(SEARCHES)("a %s search's results carry every field of the spec's Location", async (searchType, query) => {
    const { status, body } = await search(searchType, query);
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(0);
    const facilityNames = new Map((await sql()<{ id: number; name: string; slug: string }[]>`SELECT id, name, slug FROM facilities`).map((f) => [f.id, f]));
    for (const { location, road, junction } of body.results) {
      for (const field of SPEC_FIELDS) expect(location, `${location.id} ${field}`).toHaveProperty(field);
      expect(location.status).toEqual({ id: 2 });
      expect(location.isFavourite).toBe(false);
      expect(typeof location.description).toBe("string");
      for (const facility of location.facilities) expect(facility).toEqual(facilityNames.get(facility.id));
      // The Location's road and junction are the result's.
      expect(location.road?.id ?? null).toBe(road?.id ?? null);
      expect(location.junction?.id ?? null).toBe(junction?.id ?? null);
      if (junction) expect(location.junction?.expandedName).toBe(junction.expandedName);
    }
  });

  it("gives each listing's facilities by name, in id order, as the listing has them", async () => {
    const { body } = await search("browse", "limit=100");
    const withFacilities = body.results.filter((r) => r.location.facilities.length > 0);
    expect(withFacilities.length).toBeGreaterThan(0);
    const ids = withFacilities.map((r) => r.location.id);
    const stored = new Map((await sql()<{ id: number; facility_ids: number[] }[]>`SELECT id, facility_ids FROM listings WHERE id = ANY(${ids}::int[])`).map((l) => [l.id, l.facility_ids]));
    for (const { location } of withFacilities) expect(location.facilities.map((f) => f.id)).toEqual([...(stored.get(location.id) ?? [])].sort((a, b) => a - b));
  });

  it("gives a free listing's whole description and a premium listing's locked one (the snippet only)", async () => {
    // A premium listing whose description is longer than its snippet, and the listings around it.
    const [premium] = await sql()<{ id: number; description: string; lat: number; lng: number }[]>`
      SELECT id, description, ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lng FROM listings
      WHERE status = 2 AND NOT free AND length(regexp_replace(description, '<[^>]*>', '', 'g')) > ${SNIPPET_LENGTH + 40} ORDER BY id LIMIT 1`;
    expect(premium).toBeDefined();
    const { body } = await search("location", `location=${premium.lat},${premium.lng}&distance=20&limit=100`);
    const ids = body.results.map((r) => r.location.id);
    const stored = new Map((await sql()<{ id: number; description: string }[]>`SELECT id, description FROM listings WHERE id = ANY(${ids}::int[])`).map((l) => [l.id, l.description]));
    const locked = body.results.find((r) => r.location.id === premium.id)?.location;
    expect(locked?.description).toBe(lockedDescription(premium.description));
    expect(locked?.description).toMatch(/^<p>[^<]*…<\/p>$/);
    const free = body.results.filter((r) => r.location.free);
    expect(free.length).toBeGreaterThan(0);
    for (const { location } of free) expect(location.description).toBe(stored.get(location.id));
  });

  it("says isFavourite true for the signed-in member's favourites only, and does not let caches share that answer", async () => {
    const { body: before } = await search("road", "road-slug=m6&road-country=united-kingdom&limit=50", cookie);
    const [chosen, other] = before.results.map((r) => r.location.id);
    expect(before.results.every((r) => r.location.isFavourite === false)).toBe(true);
    await addToDefaultList(memberId, chosen);

    const member = await search("road", "road-slug=m6&road-country=united-kingdom&limit=50", cookie);
    expect(member.headers.get("Cache-Control")).toBe("private, max-age=0");
    const favourites = member.body.results.filter((r) => r.location.isFavourite).map((r) => r.location.id);
    expect(favourites).toEqual([chosen]);
    expect(member.body.results.find((r) => r.location.id === other)?.location.isFavourite).toBe(false);

    const visitor = await search("road", "road-slug=m6&road-country=united-kingdom&limit=50");
    expect(visitor.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(visitor.body.results.some((r) => r.location.isFavourite)).toBe(false);
  });
});
