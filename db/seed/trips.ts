import type { SqlClient } from "../client";

/** The demo member's shared trip opens at /trips/{this} for anyone (README, "Demo data"). */
export const DEMO_SHARED_TRIP_ID = "DemoCalaisMarseille-01";

/** The demo member's saved trips (issue 49): each is a plan's query string, planned again whenever it is opened. */
export const DEMO_TRIPS = [
  {
    name: "Up to Edinburgh with the spaniels",
    query: "from=London&to=Edinburgh&depart=2027-04-02T08:00&every=120&kind=pub-walk&vet=1",
    shareId: null,
  },
  {
    name: "Calais to Marseille, summer holiday",
    query: "from=Calais&to=Marseille&depart=2027-07-17T07:00&every=150&kind=walk&overnight=6",
    shareId: DEMO_SHARED_TRIP_ID,
  },
] as const;

/** Adds the demo member's trips when they have none; returns how many were added. */
export async function ensureDemoTrips(sql: SqlClient): Promise<number> {
  const [member] = await sql<{ id: number; trips: number }[]>`
    SELECT u.id, (SELECT count(*)::int FROM trips t WHERE t.user_id = u.id) AS trips
    FROM users u WHERE lower(u.email) = 'member@pawroute.test'`;
  if (!member || member.trips > 0) return 0;
  for (const trip of DEMO_TRIPS) {
    await sql`
      INSERT INTO trips (user_id, name, query, share_id)
      VALUES (${member.id}, ${trip.name}, ${trip.query}, ${trip.shareId})
      ON CONFLICT (share_id) DO NOTHING`;
  }
  return DEMO_TRIPS.length;
}
