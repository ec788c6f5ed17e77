import postgres from "postgres";

const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute_test";

/** What the homepage should show, read straight from the database the server under test uses. */
export async function directoryContents() {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => undefined });
  try {
    const types = await sql<{ count: number }[]>`
      SELECT count(l.id)::int AS count
      FROM listing_types t LEFT JOIN listings l ON l.type_id = t.id AND l.status = 2
      GROUP BY t.id ORDER BY t.id`;
    const [roads] = await sql<{ uk: number; france: number }[]>`
      SELECT count(*) FILTER (WHERE c.slug = 'united-kingdom')::int AS uk,
             count(*) FILTER (WHERE c.slug = 'france')::int AS france
      FROM roads r JOIN countries c ON c.id = r.country_id`;
    return { listingCounts: types.map((type) => type.count), roads };
  } finally {
    await sql.end();
  }
}
