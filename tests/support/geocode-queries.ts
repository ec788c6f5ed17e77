import type { SqlClient } from "../../db/client";

function dropLetter(name: string): string {
  const at = Math.floor(name.length / 2);
  return name.slice(0, at) + name.slice(at + 1);
}

/** A deterministic mix of ~200 autocomplete queries: whole names, 3-5 letter prefixes, one-letter typos, roads, junctions, listings. */
export async function variedGeocodeQueries(sql: SqlClient): Promise<string[]> {
  const towns = await sql<{ name: string }[]>`
    SELECT name FROM places WHERE kind IN ('city', 'town', 'village') ORDER BY md5(id::text) LIMIT 45`;
  const listings = await sql<{ title: string }[]>`SELECT title FROM listings WHERE status = 2 ORDER BY md5(id::text) LIMIT 10`;
  const queries: string[] = [];
  for (const { name } of towns) queries.push(name, name.slice(0, 3), name.slice(0, 5), dropLetter(name));
  for (const { title } of listings) queries.push(title.slice(0, 12));
  queries.push("M6", "m6", "M6 J15", "m6 junction 15", "M25 J10", "a1(m)", "A7", "a10 exit 2", "M62", "m1 junction 1");
  queries.push("Penrith", "carlise", "Stoke", "paris", "Saint-Etienne", "saint etienne", "lyonn", "edinbrugh", "s", "sa");
  return queries;
}
