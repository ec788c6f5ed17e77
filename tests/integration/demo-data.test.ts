import { afterAll, describe, expect, it } from "vitest";
import { connectTestDatabase } from "../support/database";

// The demo data set that `npm test` loaded into the test database (the same generator as `npm start`).
const { sql, close } = connectTestDatabase();
afterAll(close);

describe("demo data: roads and junctions", () => {
  it("has at least 25 UK and 15 French roads, including the named motorways and autoroutes", async () => {
    const rows = await sql<{ country: string; names: string[] }[]>`
      SELECT c.slug AS country, array_agg(r.name ORDER BY r.name) AS names
      FROM roads r JOIN countries c ON c.id = r.country_id GROUP BY c.slug`;
    const byCountry = Object.fromEntries(rows.map((r) => [r.country, r.names]));
    expect(byCountry["united-kingdom"].length).toBeGreaterThanOrEqual(25);
    expect(byCountry.france.length).toBeGreaterThanOrEqual(15);
    expect(byCountry["united-kingdom"]).toEqual(expect.arrayContaining(["M1", "M6", "M25", "A1(M)", "M8", "M74", "M62"]));
    expect(byCountry.france).toEqual(expect.arrayContaining(["A1", "A6", "A7", "A10", "A16", "A26", "A75"]));
  });

  it("gives every road ordered junctions that lie on its line, with expanded names", async () => {
    const roads = await sql<{ name: string; positions: number[]; offLine: number; names: string[] }[]>`
      SELECT r.name, array_agg(j.position ORDER BY j.position) AS positions,
             count(*) FILTER (WHERE NOT ST_DWithin(j.geom::geography, r.geom::geography, 50))::int AS "offLine",
             array_agg(j.expanded_name ORDER BY j.position) AS names
      FROM roads r JOIN junctions j ON j.road_id = r.id GROUP BY r.id`;
    const total = await sql`SELECT count(*)::int AS n FROM roads`;
    expect(roads.length).toBe(total[0].n);
    for (const road of roads) {
      expect(road.positions.length, road.name).toBeGreaterThanOrEqual(3);
      expect(road.positions, road.name).toEqual(road.positions.map((_, i) => i + 1));
      expect(road.offLine, road.name).toBe(0);
      for (const name of road.names) expect(name).toMatch(/^(Junction|Exit) \d+[a-z]?$/);
    }
    // Junction order follows the line: each junction is further along than the one before.
    const disorder = await sql`
      SELECT r.name FROM roads r JOIN junctions j ON j.road_id = r.id
      WHERE NOT ST_IsClosed(r.geom)
      GROUP BY r.id
      HAVING array_agg(ST_LineLocatePoint(r.geom, j.geom) ORDER BY j.position) <> array_agg(ST_LineLocatePoint(r.geom, j.geom) ORDER BY ST_LineLocatePoint(r.geom, j.geom))`;
    expect(disorder.map((r) => r.name)).toEqual([]);
  });
});

describe("demo data: listings", () => {
  it("has live listings of every type, walks with a pub and with a beach, and some premium ones", async () => {
    const [counts] = await sql`
      SELECT
        count(*) FILTER (WHERE type_id = 1)::int AS walks, count(*) FILTER (WHERE type_id = 2)::int AS pubs,
        count(*) FILTER (WHERE type_id = 3)::int AS beaches, count(*) FILTER (WHERE type_id = 4)::int AS businesses,
        count(*) FILTER (WHERE type_id = 5)::int AS vets,
        count(*) FILTER (WHERE type_id = 1 AND has_pub)::int AS pub_walks, count(*) FILTER (WHERE type_id = 1 AND has_beach)::int AS beach_walks,
        count(*) FILTER (WHERE NOT free)::int AS premium, count(*) FILTER (WHERE walk_type = 'dog-friendly-accommodation')::int AS accommodation,
        count(*) FILTER (WHERE walk_type = 'dog-services')::int AS services, count(*)::int AS total
      FROM listings WHERE status = 2`;
    for (const [key, value] of Object.entries(counts)) expect(value, key).toBeGreaterThan(0);
  });

  it("places every listing inside GB or French land", async () => {
    const outside = await sql`
      SELECT l.id, l.title FROM listings l
      WHERE NOT EXISTS (SELECT 1 FROM land_parts lp WHERE ST_Intersects(lp.geom, l.location::geometry))`;
    expect(outside).toEqual([]);
  });

  it("puts beaches and beach walks on land within 500 m of the sea coast", async () => {
    const far = await sql<{ id: number; metres: number }[]>`
      SELECT l.id, (SELECT min(ST_Distance(c.geom::geography, l.location)) FROM coastline_parts c
                    WHERE c.geom && ST_Expand(l.location::geometry, 0.2))::int AS metres
      FROM listings l WHERE l.type_id = 3 OR l.has_beach`;
    expect(far.length).toBeGreaterThan(0);
    expect(far.filter((b) => b.metres === null || b.metres > 500)).toEqual([]);
  });

  it("attaches junction listings to that junction's road, close to the junction", async () => {
    const wrong = await sql`
      SELECT l.id FROM listings l JOIN junctions j ON j.id = l.junction_id
      WHERE l.road_id <> j.road_id OR ST_Distance(l.location, j.geom::geography) > 10000`;
    expect(wrong).toEqual([]);
  });

  it("gives every listing a current version in its history", async () => {
    const missing = await sql`
      SELECT l.id FROM listings l LEFT JOIN listing_versions v ON v.id = l.current_version_id
      WHERE v.id IS NULL OR v.listing_id <> l.id`;
    expect(missing).toEqual([]);
  });

  it("has the demo member and administrator", async () => {
    const users = await sql`SELECT email, is_admin FROM users WHERE email IN ('member@pawroute.test', 'admin@pawroute.test') ORDER BY email`;
    expect(users).toEqual([
      { email: "admin@pawroute.test", is_admin: true },
      { email: "member@pawroute.test", is_admin: false },
    ]);
  });
});

describe("demo data: routing graph", () => {
  it("connects every town used by a road in one component", async () => {
    const rows = await sql<{ components: number; roadTowns: number }[]>`
      WITH cc AS (
        SELECT node, component FROM pgr_connectedComponents('SELECT id, source, target, cost, reverse_cost FROM routing_edges')
      ),
      road_towns AS (
        SELECT DISTINCT e.source AS vertex FROM routing_edges e WHERE e.road_id IS NOT NULL
        UNION SELECT DISTINCT e.target FROM routing_edges e WHERE e.road_id IS NOT NULL
      )
      SELECT count(DISTINCT cc.component)::int AS components, count(*)::int AS "roadTowns"
      FROM road_towns rt JOIN cc ON cc.node = rt.vertex`;
    expect(rows[0].roadTowns).toBeGreaterThan(500);
    expect(rows[0].components).toBe(1);
  });

  it("connects every GeoNames town of the gazetteer: the whole graph is one component", async () => {
    // The hand-written towns cities500 lacks (db/seed/data/extra-places.ts) are reached by their nearest vertex.
    const [row] = await sql<{ components: number; vertices: number; towns: number }[]>`
      SELECT count(DISTINCT component)::int AS components, count(*)::int AS vertices,
             (SELECT count(*)::int FROM places WHERE kind IN ('city', 'town', 'village') AND geonames_id IS NOT NULL) AS towns
      FROM pgr_connectedComponents('SELECT id, source, target, cost, reverse_cost FROM routing_edges')`;
    expect(row.components).toBe(1);
    expect(row.vertices).toBe(row.towns);
  });

  it("routes London to Edinburgh mostly on motorways in a plausible time", async () => {
    const [route] = await sql<{ hours: number; km: number; motorwayShare: number }[]>`
      WITH ends AS (
        SELECT (SELECT id FROM places WHERE name = 'London' AND kind = 'city' ORDER BY population DESC LIMIT 1) AS a,
               (SELECT id FROM places WHERE name = 'Edinburgh' AND kind = 'city' ORDER BY population DESC LIMIT 1) AS b
      ), path AS (
        SELECT p.* FROM ends, pgr_dijkstra('SELECT id, source, target, cost, reverse_cost FROM routing_edges', ends.a, ends.b) p
      )
      SELECT max(path.agg_cost) / 3600 AS hours, sum(e.length_m) / 1000 AS km,
             sum(e.length_m) FILTER (WHERE e.road_class IN ('motorway', 'trunk')) / sum(e.length_m) AS "motorwayShare"
      FROM path JOIN routing_edges e ON e.id = path.edge`;
    expect(route.km).toBeGreaterThan(600);
    expect(route.km).toBeLessThan(800);
    expect(route.hours).toBeGreaterThan(5.5);
    expect(route.hours).toBeLessThan(9);
    expect(route.motorwayShare).toBeGreaterThan(0.6);
  });
});
