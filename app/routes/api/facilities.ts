import { listFacilities } from "../../../geo/facilities";
import { sql } from "../../db.server";

// GET /api/facilities: { facilities: [{ id, name, slug, icon }] }, reference data cached for a day.
export async function loader() {
  const facilities = await listFacilities(sql());
  return Response.json({ facilities }, { headers: { "Cache-Control": "public, max-age=86400" } });
}
