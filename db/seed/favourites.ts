import type { SqlClient } from "../client";

/** The demo member's favourites list (issue 53): places to keep for offline use right after `npm start`. */
export const DEMO_FAVOURITES = {
  name: "Lake District weekend",
  description: "Walks, pubs and a vet around Keswick for a long weekend with the spaniels.",
  /** Keswick: the list holds the live listings nearest to it. */
  near: { lat: 54.6013, lng: -3.1347 },
  size: 12,
} as const;

/** Adds the demo member's list when they have none; returns how many listings it holds. */
export async function ensureDemoFavourites(sql: SqlClient): Promise<number> {
  const [member] = await sql<{ id: number; lists: number }[]>`
    SELECT u.id, (SELECT count(*)::int FROM favourite_lists l WHERE l.user_id = u.id) AS lists
    FROM users u WHERE lower(u.email) = 'member@pawroute.test'`;
  if (!member || member.lists > 0) return 0;
  const [list] = await sql<{ id: number }[]>`
    INSERT INTO favourite_lists (user_id, name, description, is_default)
    VALUES (${member.id}, ${DEMO_FAVOURITES.name}, ${DEMO_FAVOURITES.description}, true)
    RETURNING id`;
  const added = await sql`
    INSERT INTO favourite_items (list_id, listing_id)
    SELECT ${list.id}, l.id FROM listings l
    WHERE l.status = 2
    ORDER BY l.location <-> ST_SetSRID(ST_MakePoint(${DEMO_FAVOURITES.near.lng}, ${DEMO_FAVOURITES.near.lat}), 4326)::geography
    LIMIT ${DEMO_FAVOURITES.size}`;
  return added.count;
}
