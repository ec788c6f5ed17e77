import type { SqlClient } from "../db/client";

/** A listing facility (parking, water bowls, ...): the spec's facility list. */
export interface Facility {
  id: number;
  name: string;
  slug: string;
  icon: string;
}

export async function listFacilities(sql: SqlClient): Promise<Facility[]> {
  return sql<Facility[]>`SELECT id, name, slug, icon FROM facilities ORDER BY id`;
}
